/* Word for the web's Insert > Table (a rows × columns dialog; Tab / Shift+Tab move between cells, Tab in
   the last cell adds a row) and New comment (Ctrl+Alt+M): the comment is anchored to the paragraph or
   heading of the selected text. Uses the editor's helpers (window.saasgymDoc, doc_editor.js). */
(function () {
  "use strict";
  var doc = window.saasgymDoc, editor = doc.editor, toolbar = doc.toolbar;
  var opener = toolbar.querySelector("button[data-action=table]");
  var dialog = document.getElementById("table-dialog");
  var problem = document.getElementById("table-error");
  var target = null;  // the block the caret was in when the dialog opened

  function emptyCell() {
    var td = document.createElement("td");
    td.appendChild(document.createElement("br"));
    return td;
  }
  function caretIn(cell) {
    var range = document.createRange();
    range.selectNodeContents(cell);
    range.collapse(false);
    var sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
  }
  function close() {
    dialog.hidden = true;
    opener.setAttribute("aria-expanded", "false");
    problem.hidden = true;
  }
  function open() {
    target = doc.current();
    dialog.hidden = false;
    opener.setAttribute("aria-expanded", "true");
    dialog.querySelector("input").focus();
  }
  function count(id, max, what) {
    var value = document.getElementById(id).value.trim();
    if (!/^\d+$/.test(value) || +value < 1 || +value > max) {
      problem.textContent = what + ": enter a whole number from 1 to " + max + ".";
      problem.hidden = false;
      document.getElementById(id).focus();
      return null;
    }
    return +value;
  }
  function insert() {
    var cols = count("table-cols", 63, "Number of columns");
    if (cols === null) return;
    var rows = count("table-rows", 200, "Number of rows");
    if (rows === null) return;
    var table = document.createElement("table");
    table.className = "data";
    table.setAttribute("data-type", "table");
    for (var r = 0; r < rows; r++) {
      var tr = table.insertRow();
      for (var c = 0; c < cols; c++) tr.appendChild(emptyCell());
    }
    var el = target && target.el;
    if (el && el.tagName === "LI") el = el.parentNode;  // after the list the caret is in
    if (el && el.parentNode === editor && el.tagName === "P" && !el.textContent.trim()) editor.replaceChild(table, el);
    else if (el && el.parentNode === editor) editor.insertBefore(table, el.nextSibling);
    else editor.appendChild(table);
    if (!table.nextElementSibling) {  // as in Word, a paragraph always follows a table
      var p = document.createElement("p");
      p.appendChild(document.createElement("br"));
      editor.appendChild(p);
    }
    close();
    editor.focus();
    caretIn(table.rows[0].cells[0]);
    doc.changed();
    doc.say("Inserted a table of " + rows + " rows and " + cols + " columns. Tab moves to the next cell.");
  }

  opener.addEventListener("click", function () { if (dialog.hidden) open(); else close(); });
  dialog.addEventListener("click", function (e) {
    if (e.target.closest("[data-ok]")) insert();
    else if (e.target.closest("[data-cancel]")) { close(); editor.focus(); }
  });
  dialog.addEventListener("keydown", function (e) {
    if (e.key === "Escape") { close(); opener.focus(); }
    else if (e.key === "Enter" && e.target.tagName === "INPUT") { e.preventDefault(); insert(); }
  });

  /* Tab / Shift+Tab in a table cell: the next / previous cell; Tab in the last cell adds a row. */
  editor.addEventListener("keydown", function (e) {
    if (e.key !== "Tab" || e.ctrlKey || e.altKey || e.metaKey) return;
    var sel = window.getSelection();
    var cell = sel.rangeCount && sel.anchorNode && (sel.anchorNode.nodeType === 1 ? sel.anchorNode : sel.anchorNode.parentElement).closest("td, th");
    if (!cell || !editor.contains(cell)) return;
    e.preventDefault();
    var table = cell.closest("table"), cells = Array.prototype.slice.call(table.querySelectorAll("td, th"));
    var at = cells.indexOf(cell) + (e.shiftKey ? -1 : 1);
    if (at < 0) return;
    if (at >= cells.length) {
      var tr = table.insertRow();
      for (var c = 0; c < table.rows[0].cells.length; c++) tr.appendChild(emptyCell());
      return caretIn(tr.cells[0]);
    }
    caretIn(cells[at]);
  });

  /* New comment: anchored to the block of the selection (its id goes with the comment form). */
  var form = document.getElementById("comment-form");
  function newComment() {
    var block = doc.current();
    if (!block) return doc.say("Select the text to comment on first.");
    var id = block.el.getAttribute("data-block-id");
    if (!id) return doc.say("A moment: the new text is being saved, then it can take a comment.");
    form.querySelector("input[name=block_id]").value = id;
    var anchor = document.getElementById("comment-anchor");
    anchor.textContent = "On “" + block.el.textContent.trim() + "”";
    anchor.hidden = false;
    form.querySelector("input[name=content]").focus();
  }
  toolbar.querySelector("button[data-action=comment]").addEventListener("click", newComment);
  editor.addEventListener("keydown", function (e) {
    if ((e.ctrlKey || e.metaKey) && e.altKey && e.key.toLowerCase() === "m") { e.preventDefault(); newComment(); }
  });
})();
