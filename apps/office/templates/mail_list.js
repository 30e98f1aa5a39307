/* Outlook's message list from the keyboard: one tab stop (roving tabindex over the rows' links), ArrowDown /
   ArrowUp to the next / previous row, Home / End to the first / last; Enter follows the focused row's link,
   opening it in the reading pane. Without this script every row is a plain link in tab order. */
(function () {
  "use strict";
  var grid = document.querySelector(".o-msgs[role=grid]");
  var links = grid ? Array.prototype.slice.call(grid.querySelectorAll("a.o-row")) : [];
  if (!links.length) return;
  var current = grid.querySelector("tr[aria-selected=true] a.o-row") || links[0];
  links.forEach(function (a) { a.tabIndex = a === current ? 0 : -1; });
  function rove(to) {
    current.tabIndex = -1;
    current = to;
    current.tabIndex = 0;
  }
  grid.addEventListener("focusin", function (e) { if (links.indexOf(e.target) >= 0) rove(e.target); });
  grid.addEventListener("keydown", function (e) {
    var i = links.indexOf(e.target), last = links.length - 1;
    if (i < 0 || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var to = { ArrowDown: Math.min(i + 1, last), ArrowUp: Math.max(i - 1, 0), Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    links[to].focus();
  });
})();
