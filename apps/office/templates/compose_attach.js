/* Outlook's Attach file for a cloud file (the Message and Insert tabs' [data-attach-open]): the dialog lists My files, and Share link puts the chosen file's
   name and link into the message where the caret was (at the end when the message was never focused). The
   link is text in the body: sharing it grants nothing, as OneDrive's Share dialog decides who can open it. */
(function () {
  "use strict";
  var openers = document.querySelectorAll("[data-attach-open]");
  var dialog = document.getElementById("attach-dialog");
  var body = document.getElementById("body");
  var caret = null;
  body.addEventListener("blur", function () { caret = body.selectionStart; });
  Array.prototype.forEach.call(openers, function (open) {
    open.addEventListener("click", function () {
      dialog.showModal();
      (dialog.querySelector("input:checked") || dialog.querySelector("input")).focus();
    });
  });
  dialog.querySelectorAll("[data-close]").forEach(function (b) {
    b.addEventListener("click", function () { dialog.close(); });
  });
  document.getElementById("attach-share").addEventListener("click", function () {
    var file = dialog.querySelector("input:checked");
    if (!file) return;
    var at = caret === null ? body.value.length : caret;
    var before = body.value.slice(0, at), after = body.value.slice(at);
    var link = file.getAttribute("data-name") + ": " + file.value;
    var text = (before && !/\n$/.test(before) ? "\n" : "") + link + (after && !/^\n/.test(after) ? "\n" : "");
    body.value = before + text + after;
    caret = at + text.length;
    dialog.close();
    body.focus();
    body.setSelectionRange(caret, caret);
  });
})();
