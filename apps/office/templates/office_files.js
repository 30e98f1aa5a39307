/* OneDrive's Files page: the "+ Add new" menu button (office_menu.js; an entry opens the name dialog)
   and the modal dialogs (native <dialog>: the page
   behind is inert, Escape or Cancel close it and focus returns to what opened it). Without this script
   the menu entries, Share, Rename, Move to and Delete buttons are links and GET forms to the same dialogs,
   rendered open. Move to's folder picker opens a folder by following its link (the dialog re-rendered there). */
(function () {
  "use strict";

  function openDialog(dialog) {
    if (!dialog.open) dialog.showModal();
    var target = dialog.querySelector("[aria-invalid=true]") || dialog.querySelector("input:not([type=hidden]), select, textarea") || dialog.querySelector("[data-focus]");
    if (target) target.focus();
    if (target && target.hasAttribute("data-select-base")) {  /* Rename selects the name without its extension */
      var dot = target.value.lastIndexOf(".");
      target.setSelectionRange(0, dot > 0 ? dot : target.value.length);
    }
  }

  Array.prototype.forEach.call(document.querySelectorAll("dialog.o-dialog"), function (dialog) {
    dialog.addEventListener("close", function () {
      var back = document.getElementById(dialog.getAttribute("data-return"));
      if (back) back.focus();
      if (/[?&](new|share|sent|rename|move|dest|delete)=/.test(location.search)) {  /* closed: the list again */
        var url = new URL(location.href);
        ["new", "share", "sent", "rename", "move", "dest", "delete"].forEach(function (k) { url.searchParams.delete(k); });
        history.replaceState(null, "", url);
      }
    });
    Array.prototype.forEach.call(dialog.querySelectorAll("[data-close]"), function (b) {
      b.addEventListener("click", function () { dialog.close(); });
    });
    if (dialog.hasAttribute("data-open")) openDialog(dialog);
  });

  var button = document.getElementById("add-new");
  if (!button) return;
  var dialog = document.getElementById("new-dialog");
  officeMenuButton(button, function (item) {
    var kind = item.getAttribute("data-kind");
    dialog.querySelector("input[name=kind]").value = kind;
    dialog.querySelector("h2").textContent = item.getAttribute("data-title");
    var banner = dialog.querySelector("[role=alert]");
    if (banner) banner.remove();
    var name = dialog.querySelector("input[name=name]");
    name.value = "";
    name.removeAttribute("aria-invalid");
    name.removeAttribute("aria-describedby");
    openDialog(dialog);
  });
})();
