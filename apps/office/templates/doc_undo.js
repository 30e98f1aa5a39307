/* Word's Undo and Redo (the ribbon's buttons, Ctrl+Z, Ctrl+Y or Ctrl+Shift+Z): the page's states after each
   change (a run of typing is one step), kept here because AutoSave redraws the page from the server's copy,
   which ends the browser's own undo history. Going back or forward redraws that state and saves it. */
(function () {
  "use strict";
  var doc = window.saasgymDoc, editor = doc.editor;
  var undoButton = doc.toolbar.querySelector("button[data-action=undo]");
  var redoButton = doc.toolbar.querySelector("button[data-action=redo]");
  var MAX = 100, TYPING_MS = 1000;
  var states = [snapshot()], at = 0, lastTyping = 0, applying = false;

  function snapshot() { return { html: editor.innerHTML, sel: doc.saveSelection() }; }
  function buttons() {
    undoButton.disabled = at === 0;
    redoButton.disabled = at === states.length - 1;
  }

  /* After a change: a new state, or (typing on within a second) the same step grown. */
  function record(typing) {
    if (applying) return;
    var now = Date.now();
    states.length = at + 1;
    if (typing && at > 0 && now - lastTyping < TYPING_MS) states[at] = snapshot();
    else { states.push(snapshot()); at++; }
    lastTyping = typing ? now : 0;
    if (states.length > MAX) { states.shift(); at--; }
    buttons();
  }
  /* After a save redrew the page: the current state with the blocks' ids the server gave. */
  function refresh() { if (!applying) states[at] = snapshot(); }

  function go(step) {
    var to = at + step;
    if (to < 0 || to >= states.length) return;
    at = to;
    applying = true;
    editor.innerHTML = states[at].html;
    editor.focus();
    doc.restoreSelection(states[at].sel);
    editor.dispatchEvent(new Event("input"));  /* AutoSave and the status bar, as after any edit */
    applying = false;
    lastTyping = 0;
    doc.update();
    buttons();
  }

  undoButton.addEventListener("click", function () { go(-1); });
  redoButton.addEventListener("click", function () { go(1); });
  editor.addEventListener("keydown", function (e) {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    var key = e.key.toLowerCase();
    if (key === "z" && !e.shiftKey) { e.preventDefault(); go(-1); }
    else if (key === "y" || (key === "z" && e.shiftKey)) { e.preventDefault(); go(1); }
  });
  editor.addEventListener("beforeinput", function (e) {  /* the browser's own Undo/Redo (a menu, a gesture) */
    if (e.inputType === "historyUndo" || e.inputType === "historyRedo") {
      e.preventDefault();
      go(e.inputType === "historyUndo" ? -1 : 1);
    }
  });
  window.saasgymDocHistory = { record: record, refresh: refresh };
})();
