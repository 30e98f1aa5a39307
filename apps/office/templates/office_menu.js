/* An office menu button (ARIA APG menu button): Enter, Space or ArrowDown open the menu on its first
   entry, ArrowUp on its last; arrows, Home, End and first letters move between entries; Enter or Space
   choose one; Escape closes the menu and returns to the button; Tab or a click elsewhere close it.
   `choose(item)`, when given, replaces an entry's own action (a link followed, a submit button pressed). */
function officeMenuButton(button, choose) {
  "use strict";
  var menu = document.getElementById(button.getAttribute("aria-controls"));
  var items = Array.prototype.slice.call(menu.querySelectorAll("[role^=menuitem]"));

  function setOpen(open, index) {
    menu.hidden = !open;
    button.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) items[(index + items.length) % items.length].focus();
  }
  function pick(item) {
    setOpen(false);
    if (choose) choose(item); else item.click();
  }

  button.addEventListener("click", function () { setOpen(menu.hidden, 0); });
  button.addEventListener("keydown", function (e) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setOpen(true, e.key === "ArrowDown" ? 0 : -1);
    }
  });
  items.forEach(function (item, i) {
    if (choose) item.addEventListener("click", function (e) { e.preventDefault(); pick(item); });
    item.addEventListener("keydown", function (e) {
      var next = null;
      if (e.key === "ArrowDown") next = i + 1;
      else if (e.key === "ArrowUp") next = i - 1;
      else if (e.key === "Home") next = 0;
      else if (e.key === "End") next = -1;
      else if (e.key === "Escape") { e.preventDefault(); setOpen(false); button.focus(); return; }
      else if (e.key === "Tab") { setOpen(false); return; }
      else if (e.key === " " || (e.key === "Enter" && item.tagName !== "A")) { e.preventDefault(); pick(item); return; }
      else if (e.key.length === 1 && /\S/.test(e.key)) {
        var k = e.key.toLowerCase();
        for (var j = 1; j <= items.length; j++) {
          var cand = (i + j) % items.length;
          if (items[cand].textContent.trim().toLowerCase().charAt(0) === k) { next = cand; break; }
        }
      }
      if (next !== null) { e.preventDefault(); items[(next + items.length) % items.length].focus(); }
    });
  });
  document.addEventListener("click", function (e) {
    if (!menu.hidden && !menu.contains(e.target) && !button.contains(e.target)) setOpen(false);
  });
}
