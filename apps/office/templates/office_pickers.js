/* Outlook's To/Cc people picker and Teams' @mention picker: one ARIA 1.2 combobox with a listbox popup
   (arrow keys move, Enter or a click chooses, Escape closes). Without this script the To/Cc boxes take
   addresses separated by ";" and a typed "@Full Name" is still a mention. */
(function () {
  "use strict";

  /* input: the combobox; list: its listbox; live: a status region; find(text, show): calls show(items)
     with {label, meta, value}; choose(item): what picking an item does. */
  function Combobox(input, list, live, find, choose) {
    var active = -1, options = [], items = [];
    function open(show) {
      list.hidden = !show;
      input.setAttribute("aria-expanded", show ? "true" : "false");
      if (!show) { input.removeAttribute("aria-activedescendant"); active = -1; }
    }
    function highlight(i) {
      options.forEach(function (o, j) { o.setAttribute("aria-selected", j === i ? "true" : "false"); });
      active = i;
      if (i >= 0) { input.setAttribute("aria-activedescendant", options[i].id); }
    }
    function pick(i) { open(false); choose(items[i]); input.focus(); }
    function render(found) {
      list.innerHTML = "";
      items = found;
      options = found.map(function (item, i) {
        var li = document.createElement("li");
        li.id = input.id + "-option-" + i;
        li.setAttribute("role", "option");
        li.setAttribute("aria-selected", "false");
        var main = document.createElement("span");
        main.id = li.id + "-label";
        main.textContent = item.label;
        var meta = document.createElement("span");
        meta.id = li.id + "-meta";
        meta.className = "o-meta";
        meta.textContent = item.meta;
        li.setAttribute("aria-labelledby", main.id);
        li.setAttribute("aria-describedby", meta.id);
        li.appendChild(main);
        li.appendChild(document.createTextNode(" "));
        li.appendChild(meta);
        li.addEventListener("mousedown", function (e) { e.preventDefault(); });
        li.addEventListener("click", function () { pick(i); });
        list.appendChild(li);
        return li;
      });
      live.textContent = found.length + (found.length === 1 ? " suggestion" : " suggestions");
      open(found.length > 0);
    }
    input.addEventListener("input", function () { find(input.value, render); });
    input.addEventListener("keydown", function (e) {
      if (list.hidden) return;
      if (e.key === "ArrowDown") {
        e.preventDefault();
        highlight((active + 1) % options.length);
      } else if (e.key === "ArrowUp") {
        e.preventDefault();
        highlight(active <= 0 ? options.length - 1 : active - 1);
      } else if (e.key === "Enter" && active >= 0) {
        e.preventDefault();
        pick(active);
      } else if (e.key === "Escape") {
        e.preventDefault();
        open(false);
      }
    });
    input.addEventListener("blur", function () { setTimeout(function () { open(false); }, 150); });
  }

  /* -- the To/Cc people picker: suggestions from the directory, a chosen person becomes a token ----- */
  Array.prototype.forEach.call(document.querySelectorAll(".o-picker[data-people-url]"), function (box) {
    var input = box.querySelector("[role=combobox]");
    var picked = box.querySelector("input[type=hidden]");
    var tokens = box.querySelector(".o-tokens");
    var url = box.getAttribute("data-people-url");
    var timer = null, seq = 0;
    function sync() {
      picked.value = Array.prototype.map.call(tokens.children, function (t) {
        return t.getAttribute("data-address");
      }).join("; ");
    }
    function token(name, address) {
      var li = document.createElement("li");
      li.className = "o-token";
      li.setAttribute("data-address", address);
      li.textContent = name + " ";
      var remove = document.createElement("button");
      remove.type = "button";
      remove.className = "o-untoken";
      remove.setAttribute("aria-label", "Remove " + name);
      remove.textContent = "×";
      li.appendChild(remove);
      tokens.appendChild(li);
      sync();
    }
    tokens.addEventListener("click", function (e) {
      if (!e.target.classList.contains("o-untoken")) return;
      e.target.parentNode.remove();
      sync();
      input.focus();
    });
    function find(text, show) {
      var q = text.trim();
      clearTimeout(timer);
      if (q.length < 2 || q.indexOf(";") >= 0) { show([]); return; }
      timer = setTimeout(function () {
        var mine = ++seq;
        fetch(url + "?q=" + encodeURIComponent(q), { credentials: "same-origin" })
          .then(function (r) { return r.json(); })
          .then(function (data) {
            if (mine !== seq) return;
            show((data.results || []).map(function (p) {
              /* named by the address (what a typed full address matches), described by name and title */
              return { label: p.address, meta: p.name + (p.meta ? " · " + p.meta : ""), person: p };
            }));
          })
          .catch(function () {});
      }, 150);
    }
    Combobox(input, box.querySelector("[role=listbox]"), box.querySelector("[role=status]"), find, function (item) {
      token(item.person.name, item.person.address);
      input.value = "";
    });
  });

  /* -- Teams' composer: "@" plus a name offers the conversation's members; choosing inserts @Full Name */
  Array.prototype.forEach.call(document.querySelectorAll(".o-composer[data-members]"), function (box) {
    var input = box.querySelector("[role=combobox]");
    var members = JSON.parse(box.getAttribute("data-members"));
    function mentionAt() {
      var before = input.value.slice(0, input.selectionStart);
      var at = before.lastIndexOf("@");
      if (at < 0 || (at > 0 && !/\s/.test(before.charAt(at - 1)))) return null;
      var typed = before.slice(at + 1);
      return /^[^\s@][^@\n]{0,40}$/.test(typed) || typed === "" ? { at: at, typed: typed } : null;
    }
    function find(text, show) {
      var m = mentionAt();
      if (!m) { show([]); return; }
      var q = m.typed.toLowerCase();
      show(members.filter(function (p) {
        return p.display_name.toLowerCase().indexOf(q) === 0 || p.mail.toLowerCase().indexOf(q) === 0 ||
          p.display_name.toLowerCase().indexOf(" " + q) > 0;
      }).slice(0, 8).map(function (p) { return { label: p.display_name, meta: p.mail, person: p }; }));
    }
    Combobox(input, box.querySelector("[role=listbox]"), box.querySelector("[role=status]"), find, function (item) {
      var m = mentionAt();
      if (!m) return;
      var end = m.at + 1 + m.typed.length;
      var text = "@" + item.person.display_name + " ";
      input.value = input.value.slice(0, m.at) + text + input.value.slice(end);
      input.setSelectionRange(m.at + text.length, m.at + text.length);
    });
  });
})();
