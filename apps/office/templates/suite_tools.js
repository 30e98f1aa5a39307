/* The suite header's tool panes: a button opens its pane (one at a time) and moves focus into it; the button
   again, Close, Escape or a click outside close it (Escape returns focus to the button). A pane with
   data-src loads its body from there the first time it opens. */
(function () {
  "use strict";
  var buttons = Array.prototype.slice.call(document.querySelectorAll(".o-suite-tool"));
  function paneOf(button) { return document.getElementById(button.getAttribute("aria-controls")); }
  function close(button, refocus) {
    paneOf(button).hidden = true;
    button.setAttribute("aria-expanded", "false");
    if (refocus) button.focus();
  }
  function load(pane) {
    var src = pane.getAttribute("data-src");
    if (!src || pane.hasAttribute("data-loaded")) return;
    pane.setAttribute("data-loaded", "");
    var body = pane.querySelector(".o-flyout-body");
    fetch(src, { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error(r.statusText);
      return r.text();
    }).then(function (html) { body.innerHTML = html; }).catch(function () {
      pane.removeAttribute("data-loaded");
      body.innerHTML = '<p class="o-meta" role="alert">This pane could not be loaded. Try again.</p>';
    });
  }
  function open(button) {
    buttons.forEach(function (b) { if (b !== button) close(b, false); });
    var pane = paneOf(button);
    pane.hidden = false;
    button.setAttribute("aria-expanded", "true");
    load(pane);
    pane.querySelector(".o-flyout-close").focus();
  }
  buttons.forEach(function (button) {
    var pane = paneOf(button);
    button.addEventListener("click", function () {
      if (pane.hidden) open(button); else close(button, false);
    });
    pane.querySelector(".o-flyout-close").addEventListener("click", function () { close(button, true); });
    pane.addEventListener("keydown", function (e) {
      if (e.key === "Escape") { e.preventDefault(); close(button, true); }
    });
  });
  document.addEventListener("click", function (e) {
    buttons.forEach(function (b) {
      var pane = paneOf(b);
      if (!pane.hidden && !pane.contains(e.target) && !b.contains(e.target)) close(b, false);
    });
  });
})();
