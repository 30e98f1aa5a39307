/* A compose form's Cc and Bcc buttons (right of To): each shows its recipient line and goes, as Outlook's
   do; the line shown gets the caret. */
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll(".o-line-toggle"), function (button) {
    var line = document.getElementById(button.getAttribute("aria-controls"));
    button.addEventListener("click", function () {
      line.hidden = false;
      button.setAttribute("aria-expanded", "true");
      button.hidden = true;
      line.querySelector("input[role=combobox]").focus();
    });
  });
})();
