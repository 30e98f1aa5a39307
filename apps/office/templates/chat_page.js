/* Teams' chat page: a thread's Reply opens that thread's reply box (Escape in an empty box closes it and
   gives the focus back to Reply); the compose box's Emoji menu types the chosen emoji in at the caret; the
   conversation opens scrolled to its newest post; the chat list is one
   tab stop whose ArrowUp / ArrowDown (Home / End) move between the chats shown; the filter chips; New chat
   opens at To. */
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll("button.o-reply[aria-controls]"), function (button) {
    var form = document.getElementById(button.getAttribute("aria-controls"));
    var box = form.querySelector("input[name=content]");
    function show(open) {
      button.setAttribute("aria-expanded", open ? "true" : "false");
      form.hidden = !open;
      (open ? box : button).focus();
    }
    button.addEventListener("click", function () { show(button.getAttribute("aria-expanded") !== "true"); });
    box.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && !box.value.trim()) { e.preventDefault(); box.value = ""; show(false); }
    });
  });

  Array.prototype.forEach.call(document.querySelectorAll("[data-replies-toggle]"), function (button) {
    var list = document.getElementById(button.getAttribute("aria-controls"));  // "N replies from …": all of them
    button.addEventListener("click", function () {
      var open = button.getAttribute("aria-expanded") !== "true";
      button.setAttribute("aria-expanded", open ? "true" : "false");
      list.toggleAttribute("data-collapsed", !open);
    });
  });

  var emoji = document.getElementById("emoji-button");  // the compose box's Emoji menu: typed in at the caret
  if (emoji) officeMenuButton(emoji, function (item) {
    var box = document.getElementById("content"), at = box.selectionStart, to = box.selectionEnd;
    box.setRangeText(item.getAttribute("data-emoji"), at === null ? box.value.length : at, to === null ? box.value.length : to, "end");
    box.focus();
  });

  var posts = document.querySelector(".o-conv-panel .o-posts");
  if (posts) posts.scrollTop = posts.scrollHeight;

  function roving(list) {  /* the one tab stop: the open chat's row, else the first row shown */
    var links = Array.prototype.slice.call(list.querySelectorAll("li:not([hidden]) a"));
    var current = list.querySelector("li:not([hidden])[aria-current] a") || links[0];
    Array.prototype.forEach.call(list.querySelectorAll("a"), function (a) { a.tabIndex = a === current ? 0 : -1; });
    return links;
  }
  Array.prototype.forEach.call(document.querySelectorAll("ul[data-roving]"), function (list) {
    if (!roving(list).length) return;
    list.addEventListener("keydown", function (e) {
      var links = roving(list), at = links.indexOf(document.activeElement), to = null;
      if (at < 0) return;
      if (e.key === "ArrowDown") to = Math.min(at + 1, links.length - 1);
      else if (e.key === "ArrowUp") to = Math.max(at - 1, 0);
      else if (e.key === "Home") to = 0;
      else if (e.key === "End") to = links.length - 1;
      if (to === null) return;
      e.preventDefault();
      links[at].tabIndex = -1;
      links[to].tabIndex = 0;
      links[to].focus();
    });
  });

  /* New chat opens at To (Teams' caret is there), or at the message once people are chosen */
  var newChat = document.querySelector("form.o-newchat");
  if (newChat) {
    var picked = newChat.querySelector("input[name=to_picked]").value || newChat.querySelector("#to").value;
    (picked ? newChat.querySelector("#content") : newChat.querySelector("#to")).focus();
  }

  /* new Teams' filter chips: one pressed at a time (pressed again: everything); the rows and sections each
     keeps (chat_filters.py's rules), the list's words when none is left, and the choice kept in the address
     and in the list's links, so opening a chat keeps the filter */
  var chips = document.querySelector("[data-chat-filters]");
  if (chips) {
    var nav = chips.closest("nav"), note = nav.querySelector("[data-filter-empty]");
    var applyFilter = function (key) {
      Array.prototype.forEach.call(chips.querySelectorAll("[data-filter]"), function (b) {
        b.setAttribute("aria-pressed", b.getAttribute("data-filter") === key ? "true" : "false");
      });
      var left = 0;
      Array.prototype.forEach.call(nav.querySelectorAll("[data-section=chats] li[data-kind]"), function (li) {
        var keep = !key || (key === "unread" && (li.hasAttribute("data-unread") || li.hasAttribute("aria-current"))) ||
          (key === "meetings" && li.getAttribute("data-kind") === "meeting") || (key === "chats" && li.getAttribute("data-kind") === "chat");
        li.hidden = !keep;
        if (keep) left += 1;
      });
      var channels = nav.querySelectorAll("[data-section=channels] .o-channels li").length;
      Array.prototype.forEach.call(nav.querySelectorAll("[data-section]"), function (section) {
        var kind = section.getAttribute("data-section");
        section.hidden = kind === "channels" ? !!key && key !== "channels" : key === "channels";
      });
      var words = key ? chips.querySelector("[data-filter=" + key + "]").getAttribute("data-empty") : "";
      note.textContent = !key ? "" : key === "channels" ? (channels ? "" : words) : (left ? "" : words);
      Array.prototype.forEach.call(nav.querySelectorAll("[data-section] a[href]"), function (a) {
        var url = new URL(a.href);
        if (key) url.searchParams.set("filter", key); else url.searchParams.delete("filter");
        a.setAttribute("href", url.pathname + url.search);
      });
      var here = new URL(location.href);
      if (key) here.searchParams.set("filter", key); else here.searchParams.delete("filter");
      history.replaceState(null, "", here);
      Array.prototype.forEach.call(nav.querySelectorAll("ul[data-roving]"), roving);
    };
    chips.addEventListener("click", function (e) {
      var chip = e.target.closest("[data-filter]");
      if (!chip) return;
      applyFilter(chip.getAttribute("aria-pressed") === "true" ? null : chip.getAttribute("data-filter"));
    });
  }
})();
