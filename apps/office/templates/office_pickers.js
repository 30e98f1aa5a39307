/* Outlook's To/Cc people picker and Teams' @mention picker: their configuration of the shared combobox
   (apps/core/static/combobox.js, loaded first). Without these scripts the To/Cc boxes take addresses
   separated by ";" and a typed "@Full Name" is still a mention. */
(function () {
  "use strict";

  /* -- the To/Cc people picker: suggestions from the directory, a chosen person becomes a token ----- */
  Array.prototype.forEach.call(document.querySelectorAll(".o-picker[data-people-url]"), function (box) {
    var input = box.querySelector("[role=combobox]");
    var picked = box.querySelector("input[type=hidden]");
    var tokens = box.querySelector(".o-tokens");
    var url = box.getAttribute("data-people-url");
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
    window.saasgymCombobox(input, {
      url: function (text) {
        var q = text.trim();
        return q.length < 2 || q.indexOf(";") >= 0 ? null : url + "?q=" + encodeURIComponent(q);
      },
      /* named by the address (what a typed full address matches), described by name and title */
      results: function (data) {
        return (data.results || []).map(function (p) {
          return { label: p.address, meta: p.name + (p.meta ? " · " + p.meta : ""), person: p };
        });
      },
      live: box.querySelector("[role=status]"),
      choose: function (item) { token(item.person.name, item.person.address); input.value = ""; }
    });
    /* Enter with no suggestion chosen (the combobox's handler ran first) never sends the mail, as in
       Outlook: the addresses typed become recipients; nothing typed, nothing happens */
    input.addEventListener("keydown", function (e) {
      if (e.key !== "Enter" || e.defaultPrevented) return;
      e.preventDefault();
      var left = [];
      input.value.split(/[;,]/).forEach(function (typed) {
        var address = typed.trim();
        if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) token(address, address);
        else if (address) left.push(address);  /* a name half typed stays, for the suggestions */
      });
      input.value = left.join("; ");
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
    window.saasgymCombobox(input, { find: find, live: box.querySelector("[role=status]"), choose: function (item) {
      var m = mentionAt();
      if (!m) return;
      var end = m.at + 1 + m.typed.length;
      var text = "@" + item.person.display_name + " ";
      input.value = input.value.slice(0, m.at) + text + input.value.slice(end);
      input.setSelectionRange(m.at + text.length, m.at + text.length);
    } });
  });
})();
