/* Word for the web's Home > Clipboard: Cut and Copy the selected text, Paste at the caret (what the browser's
   clipboard holds when the page may read it, else what was cut or copied here; if neither, Word's advice to
   use Ctrl+V). A cut or a paste is an edit like typing: AutoSave stores it (doc_editor.js). */
(function () {
  "use strict";
  var doc = window.saasgymDoc, editor = doc.editor, toolbar = doc.toolbar;
  var held = "";  // what was last cut or copied with these buttons

  /* The selection inside the document, with the focus given back to the page (a toolbar button had it). */
  function selection() {
    var sel = window.getSelection();
    if (!sel.rangeCount || !editor.contains(sel.anchorNode)) return null;
    var range = sel.getRangeAt(0);
    editor.focus();
    sel.removeAllRanges();
    sel.addRange(range);
    return sel;
  }

  function cutOrCopy(action) {
    var sel = selection();
    if (!sel || sel.isCollapsed) return doc.say("Select the text to " + action + " first.");
    held = sel.toString();
    document.execCommand(action);  // the browser's clipboard too; a cut is an input event (AutoSave)
    doc.say(action === "cut" ? "Cut to the clipboard." : "Copied to the clipboard.");
    doc.update();
  }

  function insert(text) {
    if (!selection()) {  // no caret in the document: paste at its end
      editor.focus();
      window.getSelection().selectAllChildren(editor);
      window.getSelection().collapseToEnd();
    }
    document.execCommand("insertText", false, text);
    doc.update();
  }

  function paste() {
    var read = navigator.clipboard && navigator.clipboard.readText ? navigator.clipboard.readText() : Promise.reject();
    read.then(function (text) { return text || Promise.reject(); })
      .catch(function () { return held || Promise.reject(); })
      .then(function (text) { insert(text); doc.say("Pasted."); },
        function () { doc.say("Your browser doesn't let Word read the clipboard here: use Ctrl+V to paste."); });
  }

  toolbar.addEventListener("click", function (e) {
    var button = e.target.closest("button[data-action]");
    if (!button) return;
    var action = button.getAttribute("data-action");
    if (action === "cut" || action === "copy") cutOrCopy(action);
    else if (action === "paste") paste();
  });
})();
