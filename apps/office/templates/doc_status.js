/* Word for the web's status bar and the ribbon commands that read the page: "Page X of N" (the page the
   caret is on, a page being 11 inches of the canvas at 100%), the word count as you type, the zoom (10% steps,
   10–500%); Review > Word Count's dialog; Home > Find (the Search box, Word's Alt+Q); the Font boxes showing
   the paragraph's style's font and size. Nothing here changes the document. */
(function () {
  "use strict";
  var page = document.getElementById("doc-body");
  if (!page) return;
  var PAGE_PX = 1056;  // 11 in at 96 px per inch
  var zoom = 100;
  var pagesOut = document.getElementById("doc-pages"), wordsOut = document.getElementById("doc-words");
  var zoomOut = document.getElementById("doc-zoom");

  function words() { return (page.innerText.match(/[^\s]+/g) || []).length; }
  function pages() { return Math.max(1, Math.ceil(page.scrollHeight / PAGE_PX)); }
  function caretPage() {
    var sel = window.getSelection();
    if (!sel.rangeCount || !page.contains(sel.anchorNode)) return 1;
    var rect = sel.getRangeAt(0).getBoundingClientRect();
    if (!rect.height && sel.anchorNode.nodeType === 1) rect = sel.anchorNode.getBoundingClientRect();
    var top = (rect.top - page.getBoundingClientRect().top) / (zoom / 100);
    return Math.min(pages(), Math.max(1, Math.floor(top / PAGE_PX) + 1));
  }
  function show() {
    var n = words();
    pagesOut.textContent = "Page " + caretPage() + " of " + pages();
    wordsOut.textContent = n + (n === 1 ? " word" : " words");
  }

  /* Heading 1–3 are drawn as h2–h4 (the page's h1 is the file's name) */
  var STYLE_FONTS = { H2: ["Aptos Display (Headings)", "20"], H3: ["Aptos Display (Headings)", "16"],
    H4: ["Aptos Display (Headings)", "14"] };
  function fontBoxes() {
    var font = document.getElementById("doc-font"), size = document.getElementById("doc-size");
    var sel = window.getSelection();
    if (!font || !sel.rangeCount || !page.contains(sel.anchorNode)) return;
    var node = sel.anchorNode.nodeType === 1 ? sel.anchorNode : sel.anchorNode.parentNode;
    var block = node.closest("h2, h3, h4, p, li, td, th");
    var pair = (block && STYLE_FONTS[block.tagName]) || ["Aptos (Body)", "12"];
    font.value = pair[0];
    size.value = pair[1];
  }

  function setZoom(step) {
    zoom = step === 0 ? 100 : Math.min(500, Math.max(10, zoom + step));
    page.style.zoom = zoom / 100;
    zoomOut.textContent = zoom + "%";
  }
  document.querySelectorAll("[data-zoom]").forEach(function (b) {
    b.addEventListener("mousedown", function (e) { e.preventDefault(); });  /* the caret stays */
    b.addEventListener("click", function () { setZoom(+b.getAttribute("data-zoom")); });
  });

  var dialog = document.getElementById("word-count-dialog");
  var opener = document.querySelector("button[data-action=word-count]");
  function closeCount() { dialog.hidden = true; opener.setAttribute("aria-expanded", "false"); opener.focus(); }
  if (dialog && opener) {
    opener.setAttribute("aria-expanded", "false");
    opener.addEventListener("click", function () {
      var text = page.innerText.replace(/\n+$/, "");
      var stats = { pages: pages(), words: words(), chars: text.replace(/\s/g, "").length,
        spaces: text.replace(/\n/g, "").length,
        paragraphs: page.querySelectorAll("p, h2, h3, h4, li").length };
      Object.keys(stats).forEach(function (k) {
        dialog.querySelector("[data-stat=" + k + "]").textContent = stats[k].toLocaleString("en-US");
      });
      dialog.hidden = false;
      opener.setAttribute("aria-expanded", "true");
      dialog.querySelector("[data-cancel]").focus();
    });
    dialog.querySelector("[data-cancel]").addEventListener("click", closeCount);
    dialog.addEventListener("keydown", function (e) { if (e.key === "Escape") closeCount(); });
  }

  var find = document.querySelector("button[data-action=find]");
  if (find) find.addEventListener("click", function () {
    var box = document.getElementById("editor-search");
    box.focus();
    box.select();
  });
  page.addEventListener("keydown", function (e) {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "f" && find) { e.preventDefault(); find.click(); }
  });

  page.addEventListener("input", show);
  document.addEventListener("selectionchange", function () { show(); fontBoxes(); });
  show();
})();
