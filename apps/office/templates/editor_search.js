/* Search (Alt+Q) of Word and Excel for the web: Alt+Q puts the cursor in the box; Enter looks for the text —
   in Excel with the sheet's own Find bar (Find Next), in Word by selecting the next match on the page. */
(function () {
  "use strict";
  var box = document.getElementById("editor-search");
  if (!box) return;
  document.addEventListener("keydown", function (e) {
    if (e.altKey && !e.ctrlKey && !e.metaKey && (e.key === "q" || e.key === "Q")) { e.preventDefault(); box.focus(); box.select(); }
  });
  box.addEventListener("keydown", function (e) {
    if (e.key !== "Enter" || !box.value.trim()) return;
    e.preventDefault();
    var what = document.getElementById("find-what"), next = document.getElementById("find-next");
    if (what && next) {
      var bar = document.getElementById("find-bar"), open = document.getElementById("find-open");
      if (bar && bar.hidden && open) open.click();
      what.value = box.value;
      next.click();
      return;
    }
    var page = document.getElementById("doc-body");
    if (page && window.find) { page.focus(); window.find(box.value, false, false, true); }
  });
})();
