/* A compose form's Cc and Bcc buttons (right of To): each shows its recipient line and goes, as Outlook's
   do; the line shown gets the caret. Enter in the subject moves to the message. */
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
  /* Enter in the subject goes on to the message, as in Outlook; it never sends the mail */
  var subject = document.getElementById("subject");
  var body = document.getElementById("body");
  if (subject && body) {
    subject.addEventListener("keydown", function (e) {
      if (e.key !== "Enter") return;
      e.preventDefault();
      body.focus();
    });
  }
})();
