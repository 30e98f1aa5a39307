/* A reply's message history folded behind its "…" (Show message history), on the full page and inline
   alike: the button shows or hides the quoted original. */
(function () {
  "use strict";
  var more = document.querySelector("[data-history]");
  if (more) more.addEventListener("click", function () {
    var quoted = document.getElementById("quoted-original"), show = quoted.hidden;
    quoted.hidden = !show;
    more.setAttribute("aria-expanded", show ? "true" : "false");
    more.title = show ? "Hide message history" : "Show message history";
    more.setAttribute("aria-label", more.title);
  });
})();
