/* new Outlook's Simplified ribbon and reading pane actions: the menus (New mail's chevron, Move to,
   Categorize, More actions); ArrowLeft / ArrowRight / Home / End move along a tab's commands (every command
   stays in the Tab order too); View's toggles show or hide the folder pane and the list's preview line
   (remembered in this browser); Help's Keyboard shortcuts dialog; More actions > Print; the caret in a
   reply opened inline (in To for New mail); the Message tab's High / Low importance; Send's chevron. */
(function () {
  "use strict";
  ["new-item", "move-to", "categorize", "more-actions", "send-options"].forEach(function (id) {
    var button = document.getElementById(id);
    if (button) officeMenuButton(button);
  });
  Array.prototype.forEach.call(document.querySelectorAll(".o-sribbon-cmds"), function (bar) {
    bar.addEventListener("keydown", function (e) {
      if (e.target.closest("[role=menu]") || e.altKey || e.ctrlKey || e.metaKey) return;
      var items = Array.prototype.filter.call(bar.querySelectorAll("a, button"), function (el) {
        return !el.disabled && !el.closest("[role=menu]");
      });
      var i = items.indexOf(e.target), last = items.length - 1;
      if (i < 0) return;
      var to = { ArrowRight: Math.min(i + 1, last), ArrowLeft: Math.max(i - 1, 0), Home: 0, End: last }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      items[to].focus();
    });
  });
  var layout = document.querySelector(".o-mail");
  Array.prototype.forEach.call(document.querySelectorAll("[data-view-toggle]"), function (button) {
    var what = button.getAttribute("data-view-toggle"), key = "outlook.view." + what;
    function show(on) {
      button.setAttribute("aria-pressed", on ? "true" : "false");
      if (layout) layout.classList.toggle("o-no-" + what, !on);
    }
    var stored = null;
    try { stored = window.localStorage.getItem(key); } catch (err) { stored = null; }
    show(stored !== "hidden");
    button.addEventListener("click", function () {
      var on = button.getAttribute("aria-pressed") !== "true";
      show(on);
      try { window.localStorage.setItem(key, on ? "shown" : "hidden"); } catch (err) { /* private mode */ }
    });
  });
  var dialog = document.getElementById("shortcuts-dialog"), opener = document.getElementById("shortcuts-open");
  if (dialog && opener) {
    opener.addEventListener("click", function () { dialog.showModal(); });
    dialog.addEventListener("close", function () { opener.focus(); });
    Array.prototype.forEach.call(dialog.querySelectorAll("[data-close]"), function (b) {
      b.addEventListener("click", function () { dialog.close(); });
    });
  }
  var inline = document.getElementById("compose");  // a reply opened inline: the caret waits in its message
  var typing = inline && inline.querySelector(inline.getAttribute("data-mode") === "new" ? "input[role=combobox]" : "textarea");
  if (typing) {  // (autofocus yields to the #compose fragment, so the focus is given here)
    typing.focus();
    try { typing.setSelectionRange(typing.value.length, typing.value.length); } catch (err) { /* no caret in this kind of box */ }
  }
  var importance = inline && inline.querySelector("input[name=importance]");
  var levels = Array.prototype.slice.call(document.querySelectorAll("[data-importance]"));
  levels.forEach(function (b) {  // High / Low importance: one at most, pressed again: back to normal
    b.addEventListener("click", function () {
      var on = b.getAttribute("aria-pressed") !== "true";
      levels.forEach(function (o) { o.setAttribute("aria-pressed", on && o === b ? "true" : "false"); });
      if (importance) importance.value = on ? b.getAttribute("data-importance") : "normal";
    });
  });
  Array.prototype.forEach.call(document.querySelectorAll("[data-print]"), function (b) {
    b.addEventListener("click", function () { window.print(); });
  });
})();
