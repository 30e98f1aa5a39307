/* Outlook's formatting bar over the message (and the ribbon's Message and Format text tabs, [data-format-bar]): Bold,
   Italic, Underline and Highlight wrap the selected words (or the word at the caret) in the light Markdown the
   reading pane draws formatted (**, *, __, ==), a second press unwraps them;
   Bullets and Numbering start each selected line with "- " or "1. " (again: remove it). Ctrl+B, Ctrl+I and
   Ctrl+U in the message do the same. The message stays plain text: what is typed is what is sent. */
(function () {
  "use strict";
  var body = document.getElementById("body");
  var bars = document.querySelectorAll(".o-format[role=toolbar], [data-format-bar]");
  if (!body || !bars.length) return;

  function changed() { body.dispatchEvent(new Event("input", { bubbles: true })); }
  function wordAround(text, at) {
    var start = at, end = at;
    while (start > 0 && /\S/.test(text.charAt(start - 1))) start--;
    while (end < text.length && /\S/.test(text.charAt(end))) end++;
    return [start, end];
  }
  function wrap(mark) {
    var text = body.value, start = body.selectionStart, end = body.selectionEnd;
    if (start === end) { var w = wordAround(text, start); start = w[0]; end = w[1]; }
    var inner = text.slice(start, end), n = mark.length;
    if (inner.length > 2 * n && inner.slice(0, n) === mark && inner.slice(-n) === mark) {
      inner = inner.slice(n, -n);
    } else if (text.slice(start - n, start) === mark && text.slice(end, end + n) === mark) {
      start -= n; end += n;
    } else {
      inner = mark + inner + mark;
    }
    body.setRangeText(inner, start, end, "select");
    changed();
  }
  function prefix(mark) {
    var text = body.value, start = text.lastIndexOf("\n", body.selectionStart - 1) + 1;
    var end = text.indexOf("\n", body.selectionEnd);
    if (end < 0) end = text.length;
    var lines = text.slice(start, end).split("\n");
    var numbered = /^\d+\.\s/, all = lines.every(function (l) { return mark === "- " ? l.indexOf("- ") === 0 : numbered.test(l); });
    var out = lines.map(function (l, i) {
      if (all) return mark === "- " ? l.slice(2) : l.replace(numbered, "");
      return (mark === "- " ? "- " : (i + 1) + ". ") + l;
    }).join("\n");
    body.setRangeText(out, start, end, "select");
    changed();
  }
  Array.prototype.forEach.call(bars, function (bar) {
    bar.addEventListener("mousedown", function (e) { if (e.target.closest("button")) e.preventDefault(); });
    bar.addEventListener("click", function (e) {
      var b = e.target.closest("button[data-wrap], button[data-prefix]");
      if (!b) return;
      if (b.hasAttribute("data-wrap")) wrap(b.getAttribute("data-wrap")); else prefix(b.getAttribute("data-prefix"));
      body.focus();
    });
  });
  body.addEventListener("keydown", function (e) {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
    var mark = { b: "**", i: "*", u: "__" }[e.key.toLowerCase()];
    if (mark) { e.preventDefault(); wrap(mark); }
  });
})();
