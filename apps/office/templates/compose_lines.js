/* A compose form's Cc and Bcc buttons (right of To): each shows or hides its recipient line, as Outlook's do;
   a line shown gets the caret. Whoever is already on a hidden line stays on the message. */
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll(".o-line-toggle"), function (button) {
    var line = document.getElementById(button.getAttribute("aria-controls"));
    var label = button.textContent;
    button.addEventListener("click", function () {
      var show = line.hidden;
      line.hidden = !show;
      button.setAttribute("aria-expanded", show ? "true" : "false");
      button.title = (show ? "Hide " : "Show ") + label;
      if (show) line.querySelector("input[role=combobox]").focus();
    });
  });
})();
