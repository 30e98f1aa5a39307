/* The search combobox of every app: WAI-ARIA 1.2 "editable combobox with list autocomplete". A text box
   (role combobox, aria-controls naming its listbox) whose suggestions come from the app's search endpoint;
   the suggested option has aria-selected and is the box's aria-activedescendant (focus stays in the box).
   Keys: ArrowDown / ArrowUp move through the options, wrapping (on a closed box they open it on the first /
   last option; Alt+ArrowDown opens it without choosing); Enter commits the active option; Escape closes;
   Home / End / ArrowLeft / ArrowRight return to editing the text (APG); a click commits an option.
   Each app passes only its configuration to window.saasgymCombobox(input, config):
     url(text)       the address to fetch the suggestions of `text` from, or null (nothing to search)
     results(json)   that answer as items [{label, meta, value, kind}]: label names the option, meta
                     describes it (a secondary line), value is what a choice commits, kind a class
     find(text, show) instead of url/results: calls show(items) itself (a local source)
     choose(item)    what committing does; default: label into the box, value into config.hidden
     hidden          the input that keeps the chosen value (cleared when the text is typed over)
     live, noun      a role=status element told "<n> <noun>s"
     empty(text)     the line shown when nothing matches; without it an empty popup closes
   Without this script every box is a plain text box whose typed text is resolved on save. */
(function () {
  "use strict";

  function combobox(input, config) {
    var list = document.getElementById(input.getAttribute("aria-controls"));
    var options = [], items = [], active = -1, timer = null, seq = 0, then = null;
    var noun = config.noun || "suggestion";

    function open(show) {
      list.hidden = !show;
      input.setAttribute("aria-expanded", show ? "true" : "false");
      if (!show) highlight(-1);
    }
    function highlight(i) {
      if (active >= 0 && options[active]) options[active].setAttribute("aria-selected", "false");
      active = i;
      if (i < 0) { input.removeAttribute("aria-activedescendant"); return; }
      options[i].setAttribute("aria-selected", "true");
      input.setAttribute("aria-activedescendant", options[i].id);
      options[i].scrollIntoView({ block: "nearest" });
    }
    function commit(i) {
      var item = items[i];
      open(false);
      if (config.choose) {
        config.choose(item);
      } else {
        input.value = item.label;
        var target = config.hidden || input;
        if (config.hidden) config.hidden.value = item.value;
        target.dispatchEvent(new Event("change", { bubbles: true }));
      }
      input.focus();
    }
    function option(item, i) {
      var li = document.createElement("li");
      li.id = input.id + "-option-" + i;
      li.className = "cb-option" + (item.kind ? " cb-" + item.kind : "");
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", "false");
      var label = document.createElement("span");
      label.id = li.id + "-label";
      label.className = "cb-label";
      label.textContent = item.label;
      li.setAttribute("aria-labelledby", label.id);
      li.appendChild(label);
      if (item.meta) {
        var meta = document.createElement("span");
        meta.id = li.id + "-meta";
        meta.className = "cb-meta";
        /* drawn by CSS (.cb-meta::before): read as the option's description (aria-describedby), while the
           option's visible text stays its name (WCAG 2.5.3: label in name) */
        meta.setAttribute("data-meta", item.meta);
        li.setAttribute("aria-describedby", meta.id);
        li.appendChild(document.createTextNode(" "));
        li.appendChild(meta);
      }
      li.addEventListener("mousedown", function (e) { e.preventDefault(); });
      li.addEventListener("click", function () { commit(i); });
      return li;
    }
    function render(found) {
      var text = input.value.trim(), after = then;
      then = null;
      list.textContent = "";
      items = found;
      active = -1;
      options = found.map(function (item, i) { return list.appendChild(option(item, i)); });
      if (config.live) config.live.textContent = found.length + " " + noun + (found.length === 1 ? "" : "s");
      if (!found.length && config.empty && text) {
        var none = document.createElement("li");
        none.className = "cb-empty";
        none.setAttribute("role", "presentation");
        none.textContent = config.empty(text);
        list.appendChild(none);
      }
      open(list.children.length > 0);
      if (after && options.length) after();
    }
    function search(delay) {
      var mine = ++seq;  /* an answer to an older text is dropped */
      clearTimeout(timer);
      if (config.find) { config.find(input.value, render); return; }
      var url = config.url(input.value);
      if (!url) { then = null; open(false); return; }
      timer = setTimeout(function () {
        fetch(url, { credentials: "same-origin" })
          .then(function (r) { return r.ok ? r.json() : null; })
          .then(function (data) {
            if (mine === seq && document.activeElement === input) render(data ? config.results(data) : []);
          })
          .catch(function () {});
      }, delay);
    }
    function openOn(end) {
      then = end === null ? null : function () { highlight(end === "last" ? options.length - 1 : 0); };
      search(0);
    }

    input.addEventListener("input", function () {
      if (config.hidden) config.hidden.value = "";
      then = null;
      highlight(-1);
      search(150);
    });
    input.addEventListener("keydown", function (e) {
      var shown = !list.hidden && options.length > 0;
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        var down = e.key === "ArrowDown";
        if (e.altKey) { if (down) openOn(null); else open(false); return; }
        if (!shown) { openOn(down ? "first" : "last"); return; }
        var n = options.length;
        highlight(down ? (active + 1) % n : (active <= 0 ? n - 1 : active - 1));
      } else if (e.key === "Enter" && shown && active >= 0) {
        e.preventDefault();
        commit(active);
      } else if (e.key === "Escape" && !list.hidden) {
        e.preventDefault();
        e.stopPropagation();
        open(false);
      } else if (["Home", "End", "ArrowLeft", "ArrowRight"].indexOf(e.key) >= 0 && active >= 0) {
        highlight(-1);  /* visual focus back to the text; the caret moves as in any text box */
      }
    });
    input.addEventListener("blur", function () { setTimeout(function () { open(false); }, 150); });
  }

  window.saasgymCombobox = combobox;
})();
