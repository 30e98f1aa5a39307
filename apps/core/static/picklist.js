/* The picklist of every app: WAI-ARIA 1.2 "select-only combobox" (Salesforce Lightning's combobox, Fluent's
   dropdown). A button (role combobox, aria-haspopup listbox, aria-controls naming the listbox) shows the chosen
   label; the server renders the listbox's options (role option, data-value, aria-selected on the chosen one)
   and a hidden input carrying the value the form posts. Focus stays on the button; the active option is its
   aria-activedescendant.
   Keys on a closed box: ArrowDown / ArrowUp / Enter / Space / Alt+ArrowDown open it on the chosen option,
   Home / End open it on the first / last, a letter opens it on the next option starting with the typed text.
   Keys on an open box: ArrowDown / ArrowUp move (no wrap), Home / End, PageUp / PageDown (10 options), a
   letter jumps; Enter, Space, Alt+ArrowUp choose the active option and close; Tab chooses it and moves on;
   Escape closes without choosing. Pointer: a click on the box toggles it, a click on an option chooses it, a
   click elsewhere closes it. A choice sets the hidden input and fires `change` on it (bubbling); a box marked
   data-submit-on-choose submits its form when a choice changes the value (a list view's inline edit). A listbox
   with data-options-from="<template id>" gets its options from that template when it first opens (one copy of
   a column's options for every row of a list view). */
(function () {
  "use strict";

  function picklist(root) {
    var button = root.querySelector("[role=combobox]");
    var list = document.getElementById(button.getAttribute("aria-controls"));
    var hidden = root.querySelector("input[type=hidden]");
    var label = button.querySelector("[data-picklist-label]") || button;
    var options = [];
    var trigger = root.querySelector(".slds-combobox") || root;
    var active = -1, typed = "", typedAt = 0;

    function wire(el, i) {
      el.addEventListener("mousedown", function (e) { e.preventDefault(); });  // focus stays on the box
      el.addEventListener("mousemove", function () { if (active !== i) highlight(i); });
      el.addEventListener("click", function () { choose(i); button.focus(); });
    }
    function ensureOptions() {
      var from = list.getAttribute("data-options-from");
      if (from && !list.querySelector("[role=option]")) {
        list.querySelector("ul").appendChild(document.getElementById(from).content.cloneNode(true));
        list.querySelectorAll("[role=option]").forEach(function (el, i) {
          var on = el.getAttribute("data-value") === hidden.value;
          el.id = button.id + "-option-" + (i + 1);
          el.setAttribute("aria-selected", on ? "true" : "false");
          el.classList.toggle("slds-is-selected", on);
        });
      }
      if (!options.length) {
        options = Array.prototype.slice.call(list.querySelectorAll("[role=option]"));
        options.forEach(wire);
      }
    }

    function isOpen() { return !list.hidden; }
    function chosen() {
      for (var i = 0; i < options.length; i++) if (options[i].getAttribute("data-value") === hidden.value) return i;
      return 0;
    }
    function highlight(i) {
      if (active >= 0 && options[active]) options[active].classList.remove("slds-has-focus", "is-active");
      active = Math.max(0, Math.min(options.length - 1, i));
      var el = options[active];
      if (!el) return;
      el.classList.add("slds-has-focus", "is-active");
      button.setAttribute("aria-activedescendant", el.id);
      el.scrollIntoView({ block: "nearest" });
    }
    function open(at) {
      ensureOptions();
      list.hidden = false;
      trigger.classList.add("slds-is-open");
      button.setAttribute("aria-expanded", "true");
      highlight(at === undefined ? chosen() : at);
    }
    function close() {
      list.hidden = true;
      trigger.classList.remove("slds-is-open");
      button.setAttribute("aria-expanded", "false");
      button.removeAttribute("aria-activedescendant");
      if (active >= 0 && options[active]) options[active].classList.remove("slds-has-focus", "is-active");
      active = -1;
    }
    function choose(i) {
      var el = options[i];
      close();
      if (!el) return;
      var value = el.getAttribute("data-value"), changed = value !== hidden.value;
      options.forEach(function (o) {
        var on = o === el;
        o.setAttribute("aria-selected", on ? "true" : "false");
        o.classList.toggle("slds-is-selected", on);
      });
      hidden.value = value;
      label.textContent = el.getAttribute("data-label") || el.textContent.trim();
      if (changed) {
        hidden.dispatchEvent(new Event("change", { bubbles: true }));
        if (root.hasAttribute("data-submit-on-choose") && hidden.form) hidden.form.requestSubmit();
      }
    }
    function typeAhead(ch) {
      var now = Date.now();
      typed = now - typedAt > 700 ? ch : typed + ch;
      typedAt = now;
      var start = active < 0 ? chosen() : active, n = options.length;
      var from = typed.length === 1 ? 1 : 0;  // one letter again: the next option with it
      for (var k = from; k < n + from; k++) {
        var i = (start + k) % n;
        var text = (options[i].getAttribute("data-label") || options[i].textContent).trim().toLowerCase();
        if (text.indexOf(typed.toLowerCase()) === 0) return i;
      }
      return -1;
    }

    button.addEventListener("click", function () {
      if (isOpen()) close(); else open();
    });
    button.addEventListener("keydown", function (e) {
      var key = e.key, handled = true;
      ensureOptions();
      if (!isOpen()) {
        if (key === "ArrowDown" || key === "ArrowUp" || key === "Enter" || key === " ") open();
        else if (key === "Home") open(0);
        else if (key === "End") open(options.length - 1);
        else if (key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
          var hit = typeAhead(key);
          open(hit < 0 ? undefined : hit);
        } else handled = false;
      } else if (key === "ArrowUp" && e.altKey) choose(active);
      else if (key === "ArrowDown") highlight(active + 1);
      else if (key === "ArrowUp") highlight(active - 1);
      else if (key === "Home") highlight(0);
      else if (key === "End") highlight(options.length - 1);
      else if (key === "PageDown") highlight(active + 10);
      else if (key === "PageUp") highlight(active - 10);
      else if (key === "Enter" || key === " ") choose(active);
      else if (key === "Escape") close();
      else if (key === "Tab") { choose(active); handled = false; }
      else if (key.length === 1 && !e.ctrlKey && !e.metaKey) {
        var at = typeAhead(key);
        if (at >= 0) highlight(at);
      } else handled = false;
      if (handled) { e.preventDefault(); e.stopPropagation(); }
    });
    button.addEventListener("blur", function () {
      setTimeout(function () { if (isOpen() && !root.contains(document.activeElement)) close(); }, 0);
    });
    if (!list.hasAttribute("data-options-from")) ensureOptions();
    document.addEventListener("click", function (e) {
      if (isOpen() && !root.contains(e.target)) close();
    });
  }

  window.saasgymPicklist = picklist;
  function all() { Array.prototype.forEach.call(document.querySelectorAll("[data-picklist]"), picklist); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all); else all();
})();
