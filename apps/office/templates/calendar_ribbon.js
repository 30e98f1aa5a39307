/* the calendar's ribbon: Share opens Sharing and permissions (Close and Escape return to Share), Print prints
   the view, View's Calendar pane shows or hides the left pane (remembered in this browser). */
(function () {
  "use strict";
  var dialog = document.getElementById("cal-share-dialog"), opener = document.getElementById("cal-share");
  if (dialog && opener) {
    opener.addEventListener("click", function () { dialog.showModal(); });
    dialog.addEventListener("close", function () { opener.focus(); });
    dialog.querySelector("[data-close]").addEventListener("click", function () { dialog.close(); });
  }
  Array.prototype.forEach.call(document.querySelectorAll("[data-print]"), function (b) {
    b.addEventListener("click", function () { window.print(); });
  });
  var pane = document.querySelector("[data-cal-pane]"), layout = document.querySelector(".o-calendar");
  if (pane && layout) {
    var show = function (on) {
      pane.setAttribute("aria-pressed", on ? "true" : "false");
      layout.classList.toggle("o-no-calpane", !on);
    };
    var stored = null;
    try { stored = window.localStorage.getItem("outlook.view.calpane"); } catch (err) { stored = null; }
    show(stored !== "hidden");
    pane.addEventListener("click", function () {
      var on = pane.getAttribute("aria-pressed") !== "true";
      show(on);
      try { window.localStorage.setItem("outlook.view.calpane", on ? "shown" : "hidden"); } catch (err) { /* private mode */ }
    });
  }
})();
