/* Excel for the web's Home > Font and Alignment on the selected cells (format_range, through the page's
   /format): the Font and Font size lists, Bold, Italic, Underline (Ctrl+B / Ctrl+I / Ctrl+U toggle them, as the buttons do, from the active
   cell's state), Fill Color and Font Color (the button applies the colour on its bar; its arrow picks another,
   or No Fill / Automatic), Align Left / Center / Align Right (again: back to General) and Wrap Text. The
   buttons show the active cell's formatting (aria-pressed). */
(function () {
  "use strict";
  var sheet = window.saasgymSheet, grid = sheet.grid, url = grid.getAttribute("data-format-url");
  var ribbon = document.getElementById("xl-panel-home");
  var font = document.getElementById("xl-font"), size = document.getElementById("xl-size");

  function current() {  /* the active cell's style: {bold, italic, underline, horizontal, wrap, …} */
    var at = sheet.active(), td = at && sheet.cellAt(sheet.addr(at.r, at.c));
    try { return JSON.parse((td && td.getAttribute("data-st")) || "{}"); } catch (e) { return {}; }
  }

  function show() {
    var st = current();
    ribbon.querySelectorAll("[data-style]").forEach(function (b) {
      b.setAttribute("aria-pressed", st[b.getAttribute("data-style")] ? "true" : "false");
    });
    ribbon.querySelectorAll("[data-align]").forEach(function (b) {
      b.setAttribute("aria-pressed", st.horizontal === b.getAttribute("data-align") ? "true" : "false");
    });
    shown(font, st.font_name || "Aptos Narrow");
    shown(size, String(st.font_size || 11));
  }
  function shown(select, value) {  /* a font or size not in the list is added to it, as Excel's box shows it */
    if (!Array.prototype.some.call(select.options, function (o) { return o.value === value; })) select.add(new Option(value));
    select.value = value;
  }

  /* Send `settings` (format_range's arguments) for the selection; the rows shown come back formatted. */
  function apply(settings) {
    var range = sheet.range();
    if (!range) return;
    var shown = sheet.shown(), events = sheet.trace();
    var data = { worksheet: sheet.worksheet, address: range, first: shown.first, last: shown.last, trace: events };
    Object.keys(settings).forEach(function (k) { data[k] = settings[k]; });
    sheet.busy(1);
    fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin", body: JSON.stringify(data) })
      .then(function (r) { return r.json().then(function (json) { return [r.ok, json]; }); })
      .then(function (res) {
        if (res[0]) { sheet.redraw(res[1].html); sheet.say("Formatted " + range + "."); show(); }
        else sheet.say(res[1].error || "The cells were not formatted.");
      })
      .catch(function () { sheet.say("Not saved: the server did not answer."); })
      .finally(function () { sheet.busy(-1); });
  }

  function toggle(key) {
    var st = current(), settings = {};
    settings[key === "wrap" ? "wrap_text" : key] = !st[key];
    apply(settings);
  }

  ribbon.querySelectorAll("[data-style], [data-align], [data-color-apply], [data-color-more]").forEach(function (b) {
    b.addEventListener("mousedown", function (e) { e.preventDefault(); });  /* the cell keeps the focus */
  });
  ribbon.querySelectorAll("[data-style]").forEach(function (b) {
    b.addEventListener("click", function () { toggle(b.getAttribute("data-style")); });
  });
  ribbon.querySelectorAll("[data-align]").forEach(function (b) {
    b.addEventListener("click", function () {
      var to = b.getAttribute("data-align");
      apply({ horizontal_alignment: current().horizontal === to ? "general" : to });
    });
  });

  font.addEventListener("change", function () { apply({ font_name: font.value }); });
  size.addEventListener("change", function () { apply({ font_size: +size.value }); });

  /* the colour split buttons */
  function colorSetting(key, hex) { var s = {}; s[key] = hex ? "#" + hex : ""; return s; }
  function closeMenus(except) {
    ribbon.querySelectorAll("[data-color-more]").forEach(function (arrow) {
      if (arrow === except) return;
      arrow.setAttribute("aria-expanded", "false");
      document.getElementById(arrow.getAttribute("aria-controls")).hidden = true;
    });
  }
  ribbon.querySelectorAll("[data-color-apply]").forEach(function (b) {
    b.addEventListener("click", function () {
      apply(colorSetting(b.getAttribute("data-color-apply"), b.getAttribute("data-color")));
    });
  });
  ribbon.querySelectorAll("[data-color-more]").forEach(function (arrow) {
    var menu = document.getElementById(arrow.getAttribute("aria-controls"));
    var key = arrow.getAttribute("data-color-more"), main = arrow.previousElementSibling;
    arrow.addEventListener("click", function () {
      var open = menu.hidden;
      closeMenus(arrow);
      menu.hidden = !open;
      arrow.setAttribute("aria-expanded", open ? "true" : "false");
      if (open) menu.querySelector("[role=menuitem]").focus();
    });
    menu.addEventListener("keydown", function (e) {
      if (e.key === "Escape") { closeMenus(); arrow.focus(); }
    });
    menu.querySelectorAll("[data-swatch]").forEach(function (swatch) {
      swatch.addEventListener("mousedown", function (e) { e.preventDefault(); });
      swatch.addEventListener("click", function () {
        var hex = swatch.getAttribute("data-swatch");
        closeMenus();
        if (hex) {  /* the button now applies this colour, as Excel's does */
          main.setAttribute("data-color", hex);
          main.querySelector(".d-color-bar").style.background = "#" + hex;
          main.title = main.getAttribute("aria-label") + ": " + swatch.getAttribute("aria-label");
        }
        apply(colorSetting(key, hex));
      });
    });
  });
  document.addEventListener("click", function (e) { if (!e.target.closest(".xl-color")) closeMenus(); });

  grid.addEventListener("keydown", function (e) {
    var key = { b: "bold", i: "italic", u: "underline" }[e.key.toLowerCase()];
    if (!key || !(e.ctrlKey || e.metaKey) || e.altKey || !e.target.closest("td[role=gridcell]")) return;
    e.preventDefault();
    toggle(key);
  });
  grid.addEventListener("o-selection", show);
  show();
})();
