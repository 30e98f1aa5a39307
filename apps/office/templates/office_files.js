/* OneDrive's Files page: the "+ Create or upload" menu button (office_menu.js; an entry opens the name
   dialog, Files upload the browser's file chooser, the chosen file sent at once)
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
      if (/[?&](new|share|sent|access|rename|move|dest|delete)=/.test(location.search)) {  /* closed: the list again */
        var url = new URL(location.href);
        ["new", "upload", "share", "sent", "access", "rename", "move", "dest", "delete"].forEach(function (k) { url.searchParams.delete(k); });
        history.replaceState(null, "", url);
      }
    });
    Array.prototype.forEach.call(dialog.querySelectorAll("[data-close]"), function (b) {
      b.addEventListener("click", function () { dialog.close(); });
    });
    if (dialog.hasAttribute("data-open")) openDialog(dialog);
  });

  /* Selection: a row's checkbox (or a click on the row's blank space) selects it. As in OneDrive the command
     bar follows the selection: the file-type chips give way to the selection's commands; with exactly one item
     selected it shows Open, Share, Copy link, Download (a Word, Excel or PowerPoint file's copy), and Delete,
     Move to and Rename where you may edit it, acting on it; the
     count selected comes with Clear selection (focus then returns to the list's Select all). */
  var boxes = Array.prototype.slice.call(document.querySelectorAll("[data-select-item]"));
  var all = document.querySelector("[data-select-all]");
  var actions = document.querySelector("[data-selection-actions]");
  var count = document.querySelector("[data-selected-count]");
  var clear = document.querySelector("[data-clear-selection]");
  var opener = document.querySelector("[data-open-selection]");
  var addNew = document.querySelectorAll("[data-hide-on-selection]");
  var copier = document.querySelector("[data-copy-link]"), copied = document.querySelector("[data-copy-status]");
  var download = document.querySelector("[data-download-selection]");
  function selected() { return boxes.filter(function (b) { return b.checked; }); }
  function refresh() {
    var chosen = selected(), one = chosen.length === 1 ? chosen[0] : null;
    var row = one && one.closest("tr");
    boxes.forEach(function (b) { b.closest("tr").classList.toggle("o-selected", b.checked); });
    if (actions) {
      actions.hidden = !one;
      actions.querySelectorAll("[data-for-selection]").forEach(function (b) {
        b.value = one ? one.getAttribute("data-select-item") : "";
        b.hidden = !one || (b.hasAttribute("data-needs-edit") && !row.hasAttribute("data-editable"));
      });
    }
    if (opener) {
      var link = row && row.querySelector("th a[href]");
      opener.hidden = !link;
      if (link) opener.setAttribute("href", link.getAttribute("href"));
    }
    addNew.forEach(function (el) { el.hidden = chosen.length > 0; });
    if (copier) copier.hidden = !(row && row.hasAttribute("data-link"));
    if (download) {
      download.hidden = !(row && row.hasAttribute("data-download"));
      if (!download.hidden) download.setAttribute("href", row.getAttribute("data-download"));
    }
    if (copied && !one) copied.textContent = "";
    if (clear) clear.hidden = !chosen.length;
    if (count) count.textContent = chosen.length ? chosen.length + " selected" : "";
    if (all) { all.checked = chosen.length > 0 && chosen.length === boxes.length; all.indeterminate = chosen.length > 0 && chosen.length < boxes.length; }
  }
  boxes.forEach(function (b) {
    b.addEventListener("change", refresh);
    b.closest("tr").addEventListener("click", function (e) {
      if (e.target.closest("a, button, input, label")) return;
      b.checked = !b.checked;
      refresh();
    });
  });
  if (all) all.addEventListener("change", function () { boxes.forEach(function (b) { b.checked = all.checked; }); refresh(); });
  if (clear) clear.addEventListener("click", function () {
    boxes.forEach(function (b) { b.checked = false; });
    refresh();
    if (all) all.focus();
  });
  refresh();
  function copyText(text, back, done) {  /* the clipboard API, or (plain http) a selection's copy */
    if (navigator.clipboard && window.isSecureContext) { navigator.clipboard.writeText(text).then(done, done); return; }
    var box = document.createElement("textarea");
    box.value = text;
    document.body.appendChild(box);
    box.select();
    try { document.execCommand("copy"); } catch (err) { /* the link stays shown to copy by hand */ }
    box.remove();
    back.focus();
    done();
  }
  function copiedNote(name) { return "Link to \u201c" + name + "\u201d copied"; }
  if (copier) copier.addEventListener("click", function () {  /* Copy link: the selected item's link */
    var row = selected()[0].closest("tr");
    copyText(row.getAttribute("data-link"), copier, function () { copied.textContent = copiedNote(row.getAttribute("data-name")); });
  });
  Array.prototype.forEach.call(document.querySelectorAll("[data-copy-from]"), function (b) {  /* the Share dialog's */
    var field = document.getElementById(b.getAttribute("data-copy-from"));
    var note = document.querySelector("[data-copy-status-for='" + field.id + "']");
    b.addEventListener("click", function () {
      copyText(field.value, b, function () { note.textContent = copiedNote(b.getAttribute("data-copy-name")); });
    });
  });

  Array.prototype.forEach.call(document.querySelectorAll("[data-row-more], [data-dialog-more]"), function (more) {
    officeMenuButton(more);  // a row's More actions (Open, Share, Rename, Move to, Delete); Share's (Manage access)
  });
  var button = document.getElementById("add-new");
  if (!button) return;
  var dialog = document.getElementById("new-dialog");
  var uploadDialog = document.getElementById("upload-dialog"), chooser = document.getElementById("upload-file");
  chooser.addEventListener("change", function () {  /* from the menu: sent as soon as it is chosen */
    if (chooser.files.length && !uploadDialog.open) document.getElementById("upload-form").requestSubmit();
  });
  officeMenuButton(button, function (item) {
    if (item.hasAttribute("data-upload")) { chooser.value = ""; chooser.click(); return; }
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
