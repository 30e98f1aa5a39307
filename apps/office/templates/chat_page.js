/* Teams' chat page: a thread's Reply opens that thread's reply box (Escape in an empty box closes it and
   gives the focus back to Reply); the compose box's Emoji menu types the chosen emoji in at the caret; the
   conversation opens scrolled to its newest post; the chat list is one
   tab stop whose ArrowUp / ArrowDown (Home / End) move between chats; New chat opens at To. */
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

  Array.prototype.forEach.call(document.querySelectorAll("ul[data-roving]"), function (list) {
    var links = Array.prototype.slice.call(list.querySelectorAll("a"));
    if (!links.length) return;
    var current = list.querySelector("[aria-current] a") || links[0];
    links.forEach(function (a) { a.tabIndex = a === current ? 0 : -1; });
    list.addEventListener("keydown", function (e) {
      var at = links.indexOf(document.activeElement), to = null;
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
})();
