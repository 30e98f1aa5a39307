/* UI16's date and date/time fields: a text field in the instance's format (yyyy-MM-dd HH:mm:ss) with a calendar
   button; the button opens the picker (the month's days, previous and next month, the time and a checkmark that
   saves it). Arrow keys move over the days, Enter picks one, Escape closes. Built while open only. */
(function () {
  var TODAY = (document.currentScript && document.currentScript.dataset.today) || "";
  var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function ymd(d) { return d.getUTCFullYear() + "-" + pad(d.getUTCMonth() + 1) + "-" + pad(d.getUTCDate()); }
  function parse(text) {
    var m = /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d))?)?/.exec(text || "");
    return m ? { day: new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])), time: m[4] ? m[4] + ":" + m[5] + ":" + (m[6] || "00") : null } : null;
  }
  function shown(input, withTime) {  /* the stored value in UI16's format */
    var p = parse(input.getAttribute("value") || input.value);  /* the text as sent, before the browser's own parsing */
    if (p) input.value = ymd(p.day) + (withTime ? " " + (p.time || "00:00:00") : "");
  }
  var open = null;
  function close(focusBack) {
    if (!open) return;
    open.box.remove(); open.button.setAttribute("aria-expanded", "false");
    if (focusBack) open.button.focus();
    open = null;
  }
  function picker(input, button, withTime) {
    close(false);
    var p = parse(input.value) || parse(TODAY) || { day: new Date(), time: null };
    var chosen = p.day, month = new Date(Date.UTC(chosen.getUTCFullYear(), chosen.getUTCMonth(), 1));
    var box = document.createElement("div");
    box.className = "sn-cal"; box.setAttribute("role", "dialog"); box.setAttribute("aria-label", "Date picker");  /* not the field's label: one control per label */
    box.innerHTML = '<div class="sn-cal-head"><button type="button" data-step="-1" aria-label="Previous month">\u2039</button>' +
      '<h2 aria-live="polite"></h2><button type="button" data-step="1" aria-label="Next month">\u203a</button></div>' +
      '<table role="grid"><thead><tr>' + ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"].map(function (d) { return '<th scope="col">' + d + "</th>"; }).join("") +
      "</tr></thead><tbody></tbody></table>" +
      (withTime ? '<div class="sn-cal-time"><input type="text" inputmode="numeric" aria-label="Time (HH:mm:ss)" value="' + (p.time || "00:00:00") + '">' +
        '<button type="button" class="sn-cal-save" data-save>\u2713<span class="visually-hidden">Save date</span></button></div>' : "");
    var body = box.querySelector("tbody"), title = box.querySelector("h2"), time = box.querySelector(".sn-cal-time input");
    function save() {
      var t = time ? time.value.trim() : "";
      if (time && !/^\d\d:\d\d(:\d\d)?$/.test(t)) { time.setAttribute("aria-invalid", "true"); time.focus(); return; }
      input.value = ymd(chosen) + (time ? " " + (t.length === 5 ? t + ":00" : t) : "");
      input.dispatchEvent(new Event("change", { bubbles: true }));
      close(true);
    }
    function draw(focusDay) {
      title.textContent = MONTHS[month.getUTCMonth()] + " " + month.getUTCFullYear();
      body.innerHTML = "";
      var first = new Date(month), row = document.createElement("tr");
      for (var i = 0; i < first.getUTCDay(); i++) row.appendChild(document.createElement("td"));
      for (var d = new Date(first); d.getUTCMonth() === month.getUTCMonth(); d = new Date(d.getTime() + 864e5)) {
        if (d.getUTCDay() === 0 && row.children.length) { body.appendChild(row); row = document.createElement("tr"); }
        var cell = document.createElement("td"), b = document.createElement("button");
        b.type = "button"; b.textContent = d.getUTCDate(); b.dataset.day = ymd(d); b.setAttribute("aria-label", ymd(d));
        b.tabIndex = ymd(d) === ymd(chosen) ? 0 : -1;
        if (ymd(d) === ymd(chosen)) b.setAttribute("aria-pressed", "true");
        if (ymd(d) === TODAY.slice(0, 10)) b.classList.add("today");
        cell.appendChild(b); row.appendChild(cell);
      }
      body.appendChild(row);
      if (!body.querySelector("[tabindex='0']")) body.querySelector("button").tabIndex = 0;
      if (focusDay) (body.querySelector("[data-day='" + focusDay + "']") || body.querySelector("[tabindex='0']")).focus();
    }
    box.addEventListener("click", function (e) {
      var t = e.target.closest("button");
      if (!t) return;
      if (t.dataset.step) { month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + +t.dataset.step, 1)); draw(null); }
      else if (t.dataset.day) { chosen = parse(t.dataset.day).day; if (time) { draw(t.dataset.day); } else { save(); } }
      else if (t.hasAttribute("data-save")) save();
    });
    box.addEventListener("keydown", function (e) {
      if (e.key === "Escape") { e.preventDefault(); close(true); return; }
      if (e.key === "Enter" && e.target === time) { e.preventDefault(); save(); return; }
      var day = e.target.dataset && e.target.dataset.day, step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[e.key];
      if (!day || step === undefined) return;
      e.preventDefault();
      var to = new Date(parse(day).day.getTime() + step * 864e5);
      if (to.getUTCMonth() !== month.getUTCMonth()) { month = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), 1)); }
      draw(ymd(to));
    });
    button.parentElement.appendChild(box);
    button.setAttribute("aria-expanded", "true");
    open = { box: box, button: button };
    draw(ymd(chosen));
  }
  document.querySelectorAll(".sn-edit input[type=datetime-local], .sn-edit input[type=date]").forEach(function (input) {
    var withTime = input.type === "datetime-local", label = document.querySelector("label[for='" + input.id + "']");
    var name = label ? label.textContent.replace(/^\s*\*\s*/, "").trim() : input.name;
    input.type = "text"; input.autocomplete = "off"; input.placeholder = withTime ? "yyyy-MM-dd HH:mm:ss" : "yyyy-MM-dd";
    shown(input, withTime);
    var wrap = document.createElement("span"), button = document.createElement("button");
    wrap.className = "sn-date";
    input.parentElement.insertBefore(wrap, input); wrap.appendChild(input);
    button.type = "button"; button.className = "sn-ref-icon"; button.setAttribute("aria-haspopup", "dialog"); button.setAttribute("aria-expanded", "false");
    button.innerHTML = '<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false"><rect x="2" y="3" width="12" height="11" rx="1" fill="none" stroke="currentColor" stroke-width="1.4"/><path d="M2 6.5h12M5 1.5v3M11 1.5v3" stroke="currentColor" stroke-width="1.4"/></svg><span class="visually-hidden">Select ' + name + (withTime ? " date and time" : " date") + "</span>";
    button.addEventListener("click", function () { if (open && open.button === button) close(true); else picker(input, button, withTime); });
    wrap.appendChild(button);
  });
  document.addEventListener("click", function (e) {  /* a click elsewhere closes it (a day redrawn is no longer there) */
    if (open && e.target.isConnected && !open.box.contains(e.target) && !open.button.contains(e.target)) close(false);
  });
})();
