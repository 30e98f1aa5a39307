/* A selected chart's Chart Data pane, as PowerPoint for the web edits a chart's data: the pane waits hidden
   until Chart Design's Edit Data opens it (or a chart was just inserted) and stays open for that chart across
   reloads until its X closes it. A cell is applied when you leave it (Tab, Enter, Shift+Enter, a click
   elsewhere): each committed cell is one update_chart with the whole sheet, sent in order, and the chart on
   the slide and its thumbnail are drawn again from the page once the last one is saved. While any is on its
   way the pane is aria-busy; a refusal (a value that is not a number) is said in the pane and the status
   bar, and the chart keeps what it had. The selected chart's right-click menu has Edit Data too. */
(function () {
  "use strict";
  var pane = document.getElementById("chart-data-pane");
  var OPEN = "saasgym-deck-chartdata";  /* the chart whose Chart Data pane is open: open again after a reload */
  if (!pane) { sessionStorage.removeItem(OPEN); return; }
  var chartId = pane.getAttribute("data-chart-pane"), sheet = pane.querySelector("[data-chart-sheet]");
  var note = document.getElementById("chart-data-note"), status = document.getElementById("deck-status");
  if (!pane.hidden) sessionStorage.setItem(OPEN, chartId);
  else if (sessionStorage.getItem(OPEN) === chartId) pane.hidden = false;
  else sessionStorage.removeItem(OPEN);

  function say(text) { if (status) status.textContent = text; }
  function firstValue() {
    return sheet.querySelector("input[name='grid-2-2']") || sheet.querySelector("[data-chart-grid] input");
  }
  window.saasgymChartData = {
    open: function () {  /* Edit Data: the pane, at the sheet's first value */
      pane.hidden = false;
      sessionStorage.setItem(OPEN, chartId);
      return firstValue();
    }
  };
  pane.querySelector("[data-chart-close]").addEventListener("click", function () {
    pane.hidden = true;
    sessionStorage.removeItem(OPEN);
    var pick = document.querySelector(".d-selected .d-pick");
    if (pick) pick.focus();
  });

  /* the chart's right-click menu (Shift+F10 or the Menu key on it): Edit Data, Format Chart Area… */
  var menu = document.getElementById("chart-context"), drawn = document.querySelector("[data-chart-id='" + chartId + "']");
  if (menu && drawn) {
    var items = Array.prototype.slice.call(menu.querySelectorAll("[role=menuitem]"));
    var pick = drawn.querySelector(".d-pick");
    var close = function (back) { menu.hidden = true; if (back && pick) pick.focus(); };
    var show = function (x, y) {
      var box = drawn.getBoundingClientRect();
      menu.style.left = (x === undefined ? box.left + 12 : x) + "px";
      menu.style.top = (y === undefined ? box.top + 12 : y) + "px";
      menu.hidden = false;
      items[0].focus();
    };
    drawn.addEventListener("contextmenu", function (e) { e.preventDefault(); show(e.clientX, e.clientY); });
    if (pick) pick.addEventListener("keydown", function (e) {
      if ((e.shiftKey && e.key === "F10") || e.key === "ContextMenu") { e.preventDefault(); show(); }
    });
    window.saasgymMenuKeys(menu, function () { close(true); });
    menu.addEventListener("click", function (e) { if (e.target.closest("[role=menuitem]")) close(false); });
    document.addEventListener("click", function (e) { if (!menu.hidden && !menu.contains(e.target)) close(false); });
  }

  function cells() {
    var out = {};
    Array.prototype.forEach.call(sheet.querySelectorAll("input[name^='grid-']"), function (i) { out[i.name] = i.value; });
    return out;
  }
  /* the slide's chart and the current thumbnail drawn again from the page as it is now */
  function redraw() {
    return fetch(location.href, { credentials: "same-origin" })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var sel = "[data-chart-id='" + chartId + "']";
        var was = document.querySelector(sel), now = doc.querySelector(sel);
        if (was && now) was.innerHTML = now.innerHTML;
        var thumb = ".d-thumbs a[aria-current=page] .d-slide";
        var oldThumb = document.querySelector(thumb), newThumb = doc.querySelector(thumb);
        if (oldThumb && newThumb) oldThumb.replaceWith(document.importNode(newThumb, true));
      }, function () {});
  }
  var queue = [], sending = false;
  function next() {
    if (!queue.length) {
      sending = false;
      return redraw().then(function () { if (!queue.length && !sending) pane.removeAttribute("aria-busy"); });
    }
    sending = true;
    var body = queue.shift();
    return fetch(pane.getAttribute("data-save-url"), {
      method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
      body: JSON.stringify(body), keepalive: true
    }).then(function (r) { return r.json().then(function (d) { return { ok: r.ok, data: d }; }); })
      .then(function (res) {
        note.textContent = res.ok ? "" : (res.data.error || "Not saved.");
        say(res.ok ? "Saved" : (res.data.error || "Not saved."));
      }, function () { note.textContent = "Not saved: the connection failed."; say(note.textContent); })
      .then(next);
  }
  function commit() {  /* one committed cell: the whole sheet as it is now, after any still on its way */
    pane.setAttribute("aria-busy", "true");
    say("Saving…");
    queue.push({ slide_id: pane.getAttribute("data-slide-id"), shape_id: chartId, cells: cells(),
      trace: window.saasgymTrace ? window.saasgymTrace.take() : [] });
    if (!sending) next();
  }
  sheet.addEventListener("change", function (e) { if (/^grid-/.test(e.target.name || "")) commit(); });
  sheet.addEventListener("submit", function (e) { e.preventDefault(); });
  sheet.addEventListener("keydown", function (e) {  /* Enter: the cell below, Shift+Enter: above (as Excel) */
    var m = e.key === "Enter" && /^grid-(\d+)-(\d+)$/.exec(e.target.name || "");
    if (!m) return;
    e.preventDefault();
    var to = sheet.querySelector("input[name='grid-" + (+m[1] + (e.shiftKey ? -1 : 1)) + "-" + m[2] + "']");
    if (to) { to.focus(); to.select(); } else e.target.blur();  /* leaving the cell commits it */
    if (document.activeElement === e.target) e.target.blur();
  });
})();
