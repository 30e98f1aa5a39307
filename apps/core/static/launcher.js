/* The App Launcher: the waffle button opens the list of the episode's apps (a disclosure: Enter/Space
   toggle it, Escape closes it and returns focus to the button, a click outside closes it). */
(function () {
  "use strict";
  var button = document.querySelector(".app-launcher-button");
  if (!button) return;
  var menu = document.getElementById(button.getAttribute("aria-controls"));

  function setOpen(open) {
    button.setAttribute("aria-expanded", open ? "true" : "false");
    menu.hidden = !open;
    if (open) {
      var first = menu.querySelector("a");
      if (first) first.focus();
    }
  }

  button.addEventListener("click", function () { setOpen(menu.hidden); });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && !menu.hidden) { setOpen(false); button.focus(); }
  });
  document.addEventListener("click", function (e) {
    if (!menu.hidden && !menu.contains(e.target) && !button.contains(e.target)) setOpen(false);
  });
})();
