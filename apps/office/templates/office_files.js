/* OneDrive's Files page: the "+ Add new" menu button (ARIA APG menu button: Enter, Space or ArrowDown
   open it on the first entry, ArrowUp on the last; arrows, Home, End and first letters move; Escape
   closes it and returns to the button; Tab closes it) and the modal dialogs (native <dialog>: the page
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
  var menu = document.getElementById(button.getAttribute("aria-controls"));
  var items = Array.prototype.slice.call(menu.querySelectorAll("[role=menuitem]"));
  var dialog = document.getElementById("new-dialog");

  function setOpen(open, index) {
    menu.hidden = !open;
    button.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) items[(index + items.length) % items.length].focus();
  }
  function choose(item) {
    setOpen(false);
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
  }

  button.addEventListener("click", function () { setOpen(menu.hidden, 0); });
  button.addEventListener("keydown", function (e) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setOpen(true, e.key === "ArrowDown" ? 0 : -1);
    }
  });
  items.forEach(function (item, i) {
    item.addEventListener("click", function (e) { e.preventDefault(); choose(item); });
    item.addEventListener("keydown", function (e) {
      var next = null;
      if (e.key === "ArrowDown") next = i + 1;
      else if (e.key === "ArrowUp") next = i - 1;
      else if (e.key === "Home") next = 0;
      else if (e.key === "End") next = -1;
      else if (e.key === "Escape") { e.preventDefault(); setOpen(false); button.focus(); return; }
      else if (e.key === "Tab") { setOpen(false); return; }
      else if (e.key === " ") { e.preventDefault(); choose(item); return; }
      else if (e.key.length === 1 && /\S/.test(e.key)) {
        var k = e.key.toLowerCase();
        for (var j = 1; j <= items.length; j++) {
          var cand = (i + j) % items.length;
          if (items[cand].textContent.trim().toLowerCase().charAt(0) === k) { next = cand; break; }
        }
      }
      if (next !== null) { e.preventDefault(); items[(next + items.length) % items.length].focus(); }
    });
  });
  document.addEventListener("click", function (e) {
    if (!menu.hidden && !menu.contains(e.target) && !button.contains(e.target)) setOpen(false);
  });
})();
