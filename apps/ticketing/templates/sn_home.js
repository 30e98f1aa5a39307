(function () {  /* the homepage: switch page, the layout menu, minimize / remove a gauge, Add content brings it back */
  var grid = document.getElementById("hp-grid"), KEY = grid.dataset.store, prefs = {};
  try { prefs = JSON.parse(localStorage.getItem(KEY) || "{}"); } catch (err) { prefs = {}; }
  prefs.removed = prefs.removed || []; prefs.minimized = prefs.minimized || [];
  function save() { try { localStorage.setItem(KEY, JSON.stringify(prefs)); } catch (err) { /* private mode */ } }
  function toggle(list, key, on) { var i = list.indexOf(key); if (on && i < 0) list.push(key); if (!on && i >= 0) list.splice(i, 1); }

  var page = document.getElementById("hp-page");
  page.addEventListener("change", function () { page.form.submit(); });

  var layout = document.getElementById("hp-layout-button"), menu = document.getElementById("hp-layout-menu");
  var items = Array.prototype.slice.call(menu.querySelectorAll("[data-cols]"));
  function cols(n) {
    grid.dataset.cols = n;
    items.forEach(function (b) { b.setAttribute("aria-checked", b.dataset.cols === String(n) ? "true" : "false"); });
  }
  function openMenu(open) { menu.hidden = !open; layout.setAttribute("aria-expanded", open ? "true" : "false"); if (open) items[0].focus(); }
  layout.addEventListener("click", function () { openMenu(menu.hidden); });
  items.forEach(function (b) {
    b.addEventListener("click", function () { prefs.cols = b.dataset.cols; save(); cols(b.dataset.cols); openMenu(false); layout.focus(); });
  });
  menu.addEventListener("keydown", function (e) {
    var i = items.indexOf(document.activeElement);
    if (e.key === "Escape") { openMenu(false); layout.focus(); }
    if (e.key === "ArrowDown" || e.key === "ArrowUp") { e.preventDefault(); items[(i + (e.key === "ArrowDown" ? 1 : items.length - 1)) % items.length].focus(); }
  });
  document.addEventListener("click", function (e) { if (!layout.parentElement.contains(e.target)) openMenu(false); });
  cols(prefs.cols || 2);

  var dialog = document.getElementById("hp-add");
  function gaugeOf(key) { return grid.querySelector('[data-gauge="' + key + '"]'); }
  function show(key, shown) {
    gaugeOf(key).hidden = !shown;
    dialog.querySelector('[data-add="' + key + '"]').hidden = shown;
    dialog.querySelector('[data-on="' + key + '"]').hidden = !shown;
  }
  function minimize(section, min) {
    var btn = section.querySelector("[data-min]");
    document.getElementById(btn.getAttribute("aria-controls")).hidden = min;
    btn.setAttribute("aria-expanded", min ? "false" : "true");
  }
  Array.prototype.forEach.call(grid.querySelectorAll("[data-gauge]"), function (section) {
    var key = section.dataset.gauge;
    section.querySelector("[data-min]").addEventListener("click", function () {
      var min = this.getAttribute("aria-expanded") === "true";
      toggle(prefs.minimized, key, min); save(); minimize(section, min);
    });
    section.querySelector("[data-remove]").addEventListener("click", function () {
      toggle(prefs.removed, key, true); save(); show(key, false); document.getElementById("hp-add-open").focus();
    });
    show(key, prefs.removed.indexOf(key) < 0);
    minimize(section, prefs.minimized.indexOf(key) >= 0);
  });
  document.getElementById("hp-add-open").addEventListener("click", function () { dialog.showModal(); });
  dialog.querySelector("[data-close]").addEventListener("click", function () { dialog.close(); });
  Array.prototype.forEach.call(dialog.querySelectorAll("[data-add]"), function (btn) {
    btn.addEventListener("click", function () {
      toggle(prefs.removed, btn.dataset.add, false); save(); show(btn.dataset.add, true); dialog.close();
      gaugeOf(btn.dataset.add).querySelector("h2").scrollIntoView({ block: "nearest" });
    });
  });
})();
