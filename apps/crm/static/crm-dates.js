/* Lightning's date and time inputs (crm_inputs.html): a date box in the org's format (M/D/YYYY) whose calendar
   button opens SLDS's datepicker, and a time combobox of 15-minute steps.
   Datepicker: Previous / Next Month, a year picklist, Today; the month is an ARIA grid whose one focusable day
   moves with the arrow keys (a day, a week), PageUp / PageDown (a month), Home / End (the week); Enter or Space
   or a click chooses the day (it goes into the box as M/D/YYYY), Escape closes the calendar and returns focus to
   the calendar button. A typed date is checked when the box loses focus: text that is no M/D/YYYY date shows
   Lightning's field error under it (the server says the same on save). An ISO date or stamp typed or pasted
   ('2026-11-09', '2026-11-09T10:00') is shown in the org's format, its time going to the time box.
   Time: a listbox of times every 15 minutes opens on focus or ArrowDown and filters as one types; a typed
   time is kept as typed (the server reads '2 pm', '14:00', '2:00 PM'). */
(function () {
  "use strict";
  var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December"];
  var FORMAT_ERROR = "Your entry does not match the allowed format M/d/yyyy.";

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function show(d) { return (d.getMonth() + 1) + "/" + d.getDate() + "/" + d.getFullYear(); }
  function sameDay(a, b) { return a && b && a.toDateString() === b.toDateString(); }
  /* today: the simulated clock's day when the page shows one (the environment's strip), else the machine's */
  function today() {
    var sim = document.querySelector(".sim-clock time[datetime]"), day = sim && parse(sim.getAttribute("datetime").slice(0, 10));
    return day || new Date();
  }
  function clock(h, m) { return ((h % 12) || 12) + ":" + pad(m) + " " + (h < 12 ? "AM" : "PM"); }
  /* the day `text` names (M/D/YYYY or YYYY-MM-DD), else null */
  function parse(text) {
    var us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim()), iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
    var y, m, d;
    if (us) { y = +us[3]; m = +us[1]; d = +us[2]; } else if (iso) { y = +iso[1]; m = +iso[2]; d = +iso[3]; } else return null;
    var day = new Date(y, m - 1, d);
    return day.getFullYear() === y && day.getMonth() === m - 1 && day.getDate() === d ? day : null;
  }

  /* a field's error line under its box: set (text) or removed (null) */
  function fieldError(field, input, text) {
    var id = input.id + "-error", line = document.getElementById(id);
    field.classList.toggle("slds-has-error", !!text);
    if (!text) {
      if (line && line.hasAttribute("data-client")) { line.remove(); input.removeAttribute("aria-invalid"); input.removeAttribute("aria-describedby"); }
      return;
    }
    if (!line) {
      line = document.createElement("div");
      line.id = id;
      line.className = "field-error slds-form-element__help";
      line.setAttribute("data-client", "");
      field.appendChild(line);
    }
    line.textContent = text;
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", id);
  }

  function datepicker(root) {
    var input = root.querySelector("[data-date-input]"), button = root.querySelector("[data-date-button]");
    var dialog = root.querySelector("[data-calendar]"), body = dialog.querySelector("[data-days]");
    var title = dialog.querySelector("[data-month-title]"), yearBox = dialog.querySelector("[data-picklist]");
    var field = root.closest(".slds-form-element.date-field, .datetime-field") || root.parentNode;
    var timeBox = field.querySelector("[data-timepicker] input");
    var shown = new Date(), focusDay = new Date();

    function setYear(y) {  /* the year picklist shows `y` (picklist.js reads the hidden input and the options) */
      yearBox.querySelector("input[type=hidden]").value = String(y);
      yearBox.querySelector("[data-picklist-label]").textContent = String(y);
      Array.prototype.forEach.call(yearBox.querySelectorAll("[role=option]"), function (o) {
        var on = o.getAttribute("data-value") === String(y);
        o.setAttribute("aria-selected", on ? "true" : "false");
        o.classList.toggle("slds-is-selected", on);
      });
    }
    function render(focus) {
      var chosen = parse(input.value), now = today();
      shown = new Date(focusDay.getFullYear(), focusDay.getMonth(), 1);
      title.textContent = MONTHS[shown.getMonth()] + " " + shown.getFullYear();
      setYear(shown.getFullYear());
      body.textContent = "";
      var day = new Date(shown), row = null;
      day.setDate(1 - shown.getDay());
      for (var i = 0; i < 42; i++) {
        if (i % 7 === 0) { if (day.getMonth() !== shown.getMonth() && i >= 35) break; row = body.insertRow(); }
        var cell = row.insertCell(), inMonth = day.getMonth() === shown.getMonth();
        var on = sameDay(day, focusDay);
        cell.setAttribute("role", "gridcell");
        cell.setAttribute("aria-selected", sameDay(day, chosen) ? "true" : "false");
        cell.tabIndex = on ? 0 : -1;
        cell.className = "datepicker-day" + (inMonth ? "" : " slds-day_adjacent-month") +
          (sameDay(day, now) ? " slds-is-today" : "") + (sameDay(day, chosen) ? " slds-is-selected" : "");
        if (sameDay(day, now)) cell.setAttribute("aria-current", "date");
        cell.setAttribute("data-date", day.getFullYear() + "-" + pad(day.getMonth() + 1) + "-" + pad(day.getDate()));
        cell.setAttribute("aria-label", MONTHS[day.getMonth()] + " " + day.getDate() + ", " + day.getFullYear());
        var span = document.createElement("span");
        span.className = "slds-day";
        span.textContent = day.getDate();
        cell.appendChild(span);
        day.setDate(day.getDate() + 1);
      }
      if (focus) body.querySelector("[tabindex='0']").focus();
    }
    function open() {
      focusDay = parse(input.value) || today();
      dialog.hidden = false;
      button.setAttribute("aria-expanded", "true");
      root.classList.add("slds-is-open");
      render(true);
    }
    function close(refocus) {
      if (dialog.hidden) return;
      dialog.hidden = true;
      button.setAttribute("aria-expanded", "false");
      root.classList.remove("slds-is-open");
      if (refocus) button.focus();
    }
    function choose(day) {
      input.value = show(day);
      fieldError(field, input, null);
      input.dispatchEvent(new Event("change", { bubbles: true }));
      close(false);
      input.focus();
    }
    function move(days, months) {
      var next = new Date(focusDay);
      if (months) next.setMonth(next.getMonth() + months, Math.min(next.getDate(), 28));
      next.setDate(next.getDate() + days);
      focusDay = next;
      render(true);
    }
    function fromIso() {  /* an ISO date or stamp typed or pasted: the org's format, the time to the time box */
      var stamp = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2}))?$/.exec(input.value.trim()), day = stamp && parse(stamp[1]);
      if (!day) return;
      input.value = show(day);
      if (stamp[2] && timeBox) timeBox.value = clock(+stamp[2], +stamp[3]);
    }

    button.addEventListener("click", function () { if (dialog.hidden) open(); else close(true); });
    input.addEventListener("input", fromIso);
    input.addEventListener("blur", function () {
      var text = input.value.trim();
      fieldError(field, input, text && !parse(text) ? FORMAT_ERROR : null);
    });
    dialog.querySelectorAll("[data-month-step]").forEach(function (b) {
      b.addEventListener("click", function () {
        focusDay = new Date(shown.getFullYear(), shown.getMonth() + +b.getAttribute("data-month-step"), 1);
        render(false);
      });
    });
    yearBox.querySelector("input[type=hidden]").addEventListener("change", function (e) {
      focusDay = new Date(+e.target.value, focusDay.getMonth(), Math.min(focusDay.getDate(), 28));
      render(false);
    });
    dialog.querySelector("[data-today]").addEventListener("click", function () { choose(today()); });
    body.addEventListener("click", function (e) {
      var cell = e.target.closest("[data-date]");
      if (cell) choose(parse(cell.getAttribute("data-date")));
    });
    body.addEventListener("keydown", function (e) {
      var step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[e.key];
      if (step) { e.preventDefault(); move(step, 0); }
      else if (e.key === "PageUp" || e.key === "PageDown") { e.preventDefault(); move(0, e.key === "PageUp" ? -1 : 1); }
      else if (e.key === "Home" || e.key === "End") { e.preventDefault(); move(e.key === "Home" ? -focusDay.getDay() : 6 - focusDay.getDay(), 0); }
      else if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(new Date(focusDay)); }
    });
    dialog.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && !e.defaultPrevented) { e.preventDefault(); e.stopPropagation(); close(true); }
    });
    document.addEventListener("click", function (e) { if (!root.contains(e.target)) close(false); });
  }

  function timepicker(box) {
    var input = box.querySelector("[role=combobox]"), list = document.getElementById(input.getAttribute("aria-controls"));
    var times = [];
    for (var m = 0; m < 24 * 60; m += 15) times.push(clock(Math.floor(m / 60), m % 60));
    window.saasgymCombobox(input, {
      find: function (text, done) {
        var t = text.trim().toLowerCase().replace(/\s+/g, " ");
        var exact = times.some(function (x) { return x.toLowerCase() === t; });
        var found = times.filter(function (x) { return !t || exact || x.toLowerCase().indexOf(t) === 0; });
        done((found.length ? found : times).map(function (x) { return { label: x, value: x }; }));
      },
      noun: "time"
    });
    input.addEventListener("focus", function () { if (list.hidden) input.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", altKey: true })); });
  }

  document.addEventListener("DOMContentLoaded", function () {  /* combobox.js and picklist.js have run by then */
    Array.prototype.forEach.call(document.querySelectorAll("[data-datepicker]"), datepicker);
    Array.prototype.forEach.call(document.querySelectorAll("[data-timepicker]"), timepicker);
  });
})();
