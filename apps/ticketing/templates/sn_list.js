/* The desk's list page (UI16): menus (list controls, column options, actions on selected rows), the row
   selection and its count, the (i) previews, the funnel's condition builder, and Personalize List (the
   columns shown, kept per list in this browser). */
(function () {
  var list = document.querySelector("[data-list]");
  function closeAll(except) {
    document.querySelectorAll("[data-menu][aria-expanded=true], [data-preview][aria-expanded=true], [data-personalize][aria-expanded=true]").forEach(function (b) {
      if (b !== except) { b.setAttribute("aria-expanded", "false"); document.getElementById(b.getAttribute("aria-controls")).hidden = true; }
    });
  }
  function toggle(button, focusFirst) {
    var panel = document.getElementById(button.getAttribute("aria-controls"));
    var open = button.getAttribute("aria-expanded") !== "true";
    closeAll(button);
    button.setAttribute("aria-expanded", open ? "true" : "false"); panel.hidden = !open;
    if (open && focusFirst) { var first = panel.querySelector("[role=menuitem], input, a, button"); if (first) first.focus(); }
  }
  document.querySelectorAll("[data-menu], [data-preview], [data-personalize]").forEach(function (b) {
    b.addEventListener("click", function (e) { e.stopPropagation(); toggle(b, b.hasAttribute("data-menu")); });
  });
  document.querySelectorAll("main [role=menu]").forEach(function (menu) {  /* the page's, not the banner's */
    var button = document.querySelector("[aria-controls='" + menu.id + "']");
    menu.addEventListener("keydown", function (e) {
      var items = Array.prototype.slice.call(menu.querySelectorAll("[role=menuitem]"));
      var at = items.indexOf(document.activeElement);
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        items[(at + (e.key === "ArrowDown" ? 1 : items.length - 1)) % items.length].focus(); e.preventDefault();
      } else if (e.key === "Escape") { toggle(button); button.focus(); }
    });
  });
  document.addEventListener("click", function (e) {
    if (!e.target.closest(".sn-menu, .sn-preview, .sn-personalize")) closeAll(null);
  });
  document.addEventListener("keydown", function (e) { if (e.key === "Escape") closeAll(null); });

  /* row selection: the checkboxes, Select all, the count, and the actions menu enabled when any is checked */
  var rows = Array.prototype.slice.call(document.querySelectorAll("[data-row-select]"));
  var all = document.querySelector("[data-select-all]"), count = document.querySelector("[data-selected-count]");
  var actions = document.querySelector("[data-actions]");
  function recount() {
    var n = rows.filter(function (r) { return r.checked; }).length;
    count.textContent = n ? n + (n === 1 ? " row selected" : " rows selected") : "";
    rows.forEach(function (r) { r.closest("tr").classList.toggle("sn-selected-row", r.checked); });
    all.checked = n > 0 && n === rows.length;
    all.indeterminate = n > 0 && n < rows.length;
    if (actions) actions.disabled = n === 0;
  }
  rows.forEach(function (r) { r.addEventListener("change", recount); });
  if (all) all.addEventListener("change", function () { rows.forEach(function (r) { r.checked = all.checked; }); recount(); });
  recount();

  /* the funnel: show or hide the condition builder */
  var funnel = document.querySelector(".sn-filter-toggle"), builder = document.getElementById("sn-builder");
  function showBuilder(open) {
    funnel.setAttribute("aria-expanded", open ? "true" : "false"); builder.hidden = !open;
    if (open) { var first = builder.querySelector("select"); if (first) first.focus(); }
  }
  funnel.addEventListener("click", function () { showBuilder(funnel.getAttribute("aria-expanded") !== "true"); });
  var fromMenu = document.querySelector("[data-open-builder]");
  if (fromMenu) fromMenu.addEventListener("click", function () { closeAll(null); showBuilder(true); });

  /* Personalize List: the columns shown (hidden ones kept in localStorage per list) */
  var key = "sn-list-hidden:" + list.dataset.list, boxes = document.querySelectorAll("[data-personalize-open], #sn-personalize input[data-col]");
  var hidden = [];
  try { hidden = JSON.parse(localStorage.getItem(key) || "[]"); } catch (err) { hidden = []; }
  function apply() {
    list.querySelectorAll("[data-col]").forEach(function (cell) {
      if (cell.tagName === "INPUT") cell.checked = hidden.indexOf(cell.dataset.col) < 0;
      else cell.hidden = hidden.indexOf(cell.dataset.col) >= 0;
    });
    try { localStorage.setItem(key, JSON.stringify(hidden)); } catch (err) { /* storage off: this page only */ }
  }
  function show(col, on) {
    hidden = hidden.filter(function (c) { return c !== col; });
    if (!on) hidden.push(col);
    apply();
  }
  boxes.forEach(function (box) {
    if (box.tagName === "INPUT") box.addEventListener("change", function () { show(box.dataset.col, box.checked); });
  });
  document.querySelectorAll("[data-hide-col]").forEach(function (b) {
    b.addEventListener("click", function () { closeAll(null); show(b.dataset.hideCol, false); });
  });
  var reset = document.querySelector("[data-personalize-reset]");
  if (reset) reset.addEventListener("click", function () { hidden = []; apply(); });
  var gear = document.querySelector("[data-personalize]"), openGear = document.querySelector("[data-personalize-open]");
  if (openGear) openGear.addEventListener("click", function (e) { e.stopPropagation(); closeAll(null); toggle(gear, true); });
  apply();

  /* the magnifier: show or hide the column search row; Enter in a column's box runs the search */
  var finder = document.querySelector("[data-colsearch-toggle]"), findRow = document.getElementById("sn-colsearch");
  finder.addEventListener("click", function () {
    var open = findRow.hidden; findRow.hidden = !open; finder.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) { var box = findRow.querySelector("input[type=search]"); if (box) box.focus(); }
  });
  findRow.querySelectorAll("[data-colsearch-input]").forEach(function (box) {
    box.addEventListener("keydown", function (e) { if (e.key === "Enter") { e.preventDefault(); document.getElementById("sn-colsearch-form").requestSubmit(); } });
  });

  /* the pager's editable first row: Enter goes to the page that holds the row typed */
  document.querySelectorAll("[data-first-row]").forEach(function (box) {
    var was = box.value;
    box.addEventListener("keydown", function (e) {
      if (e.key !== "Enter") return;
      e.preventDefault();
      var row = parseInt(box.value, 10), size = +box.dataset.size, total = +box.dataset.total;
      if (!(row >= 1)) { box.value = was; return; }
      var page = Math.floor((Math.min(row, total) - 1) / size) + 1, url = new URL(location.href);
      url.searchParams.set("page", page); url.searchParams.delete("saved"); location.assign(url.toString());
    });
  });
})();
