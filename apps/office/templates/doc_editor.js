/* Word for the web, as far as this document model goes: type into the page, bold / italic (Ctrl+B,
   Ctrl+I), Normal / Heading 1-3 / bulleted / numbered from the ribbon. Word saves by itself (AutoSave): a
   moment after the last change (and when the page is left, and on Ctrl+S) the blocks go to the server, which
   maps them to the document actions (apps/office/doc_edits.py); the title bar says "Saving…" then "Saved.".
   While a change waits to be saved the page is aria-busy. */
(function () {
  "use strict";
  var editor = document.getElementById("doc-body");
  var toolbar = document.querySelector('[role="toolbar"][aria-label="Formatting"]');
  var status = document.getElementById("doc-status");
  var BLOCK_TAGS = { P: "paragraph", DIV: "paragraph", H1: "heading1", H2: "heading1", H3: "heading2",
    H4: "heading3", H5: "heading3", H6: "heading3", TABLE: "table" };
  var TAG_OF = { paragraph: "p", heading1: "h2", heading2: "h3", heading3: "h4", bullet: "li", numbered: "li" };
  var MARK_TAGS = { B: "bold", STRONG: "bold", I: "italic", EM: "italic", CODE: "code", U: "underline",
    S: "strikethrough", STRIKE: "strikethrough", DEL: "strikethrough", A: "link", SUB: "subscript",
    SUP: "superscript", MARK: "highlight" };
  document.execCommand("defaultParagraphSeparator", false, "p");

  /* The blocks in order: [{el, type}]; stray text at the top level becomes a paragraph first. */
  function blocks() {
    var out = [];
    Array.prototype.slice.call(editor.childNodes).forEach(function (node) {
      if (node.nodeType === 3) {
        if (!node.textContent.trim()) return;
        var p = document.createElement("p");
        editor.replaceChild(p, node);
        p.appendChild(node);
        node = p;
      }
      if (node.nodeType !== 1) return;
      if (node.tagName === "UL" || node.tagName === "OL") {
        Array.prototype.forEach.call(node.children, function (li) {
          out.push({ el: li, type: node.tagName === "UL" ? "bullet" : "numbered" });
        });
      } else {
        out.push({ el: node, type: BLOCK_TAGS[node.tagName] || "unsupported:" + node.tagName.toLowerCase() });
      }
    });
    return out;
  }

  function marksOf(node, block) {
    var marks = [];
    for (var el = node.parentElement; el && el !== block; el = el.parentElement) {
      var m = MARK_TAGS[el.tagName];
      if (el.tagName === "UL" || el.tagName === "OL") m = "nested list";
      if (el.style && /bold|[6-9]00/.test(el.style.fontWeight)) m = "bold";
      if (el.style && el.style.fontStyle === "italic") m = "italic";
      if (m && marks.indexOf(m) < 0) marks.push(m);
    }
    return marks;
  }

  function runsOf(block) {
    var runs = [], walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === 3) runs.push({ text: node.textContent.replace(/\u00a0/g, " "), marks: marksOf(node, block) });
      else if (node.tagName === "BR" && walker.currentNode.nextSibling) runs.push({ text: "\n", marks: ["line break"] });
    }
    return runs;
  }

  /* A table's cells, row by row, as the text they show. */
  function rowsOf(table) {
    return Array.prototype.map.call(table.rows, function (tr) {
      return Array.prototype.map.call(tr.cells, function (cell) { return cell.innerText.replace(/\s+/g, " ").trim(); });
    });
  }

  function serialize() {
    return blocks().map(function (b) {
      var out = { id: b.el.getAttribute("data-block-id"), type: b.type };
      if (b.type === "table") out.rows = rowsOf(b.el);
      else out.runs = runsOf(b.el);
      return out;
    });
  }

  /* A selection point as (block index, characters before it in that block), and back. */
  function pointOf(node, offset, list) {
    for (var i = 0; i < list.length; i++) {
      if (list[i].el === node || list[i].el.contains(node)) {
        var r = document.createRange();
        r.setStart(list[i].el, 0);
        r.setEnd(node, offset);
        return [i, r.toString().length];
      }
    }
    return null;
  }
  function nodeAt(el, chars) {
    var walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT), last = null;
    for (var t = walker.nextNode(); t; t = walker.nextNode()) {
      if (chars <= t.length) return [t, chars];
      chars -= t.length;
      last = t;
    }
    return last ? [last, last.length] : [el, 0];
  }
  function saveSelection() {
    var sel = window.getSelection(), list = blocks();
    if (!sel.rangeCount || !editor.contains(sel.anchorNode)) return null;
    return { a: pointOf(sel.anchorNode, sel.anchorOffset, list), f: pointOf(sel.focusNode, sel.focusOffset, list) };
  }
  function restoreSelection(saved) {
    var list = blocks();
    if (!saved || !saved.a || !saved.f || !list.length) return;
    var a = nodeAt(list[Math.min(saved.a[0], list.length - 1)].el, saved.a[1]);
    var f = nodeAt(list[Math.min(saved.f[0], list.length - 1)].el, saved.f[1]);
    window.getSelection().setBaseAndExtent(a[0], a[1], f[0], f[1]);
  }

  /* Rebuild the page from [{el, type}]: each block in its tag, list items grouped into lists. */
  function rebuild(list) {
    var frag = document.createDocumentFragment(), open = null, openType = null;
    list.forEach(function (b) {
      var el = b.el;
      if (b.type !== "table" && el.tagName.toLowerCase() !== TAG_OF[b.type]) {
        el = document.createElement(TAG_OF[b.type]);
        if (b.el.hasAttribute("data-block-id")) el.setAttribute("data-block-id", b.el.getAttribute("data-block-id"));
        while (b.el.firstChild) el.appendChild(b.el.firstChild);
      }
      if (b.type === "bullet" || b.type === "numbered") {
        if (openType !== b.type) {
          open = document.createElement(b.type === "bullet" ? "ul" : "ol");
          openType = b.type;
          frag.appendChild(open);
        }
        open.appendChild(el);
      } else {
        open = openType = null;
        frag.appendChild(el);
      }
    });
    editor.innerHTML = "";
    editor.appendChild(frag);
  }

  function selectedBlocks(list) {
    var sel = window.getSelection();
    if (!sel.rangeCount) return [];
    var range = sel.getRangeAt(0);
    return list.filter(function (b) { return range.intersectsNode(b.el); });
  }

  function setBlockType(type) {
    var saved = saveSelection(), list = blocks(), chosen = selectedBlocks(list);
    if (!chosen.length) return;
    var toggleOff = (type === "bullet" || type === "numbered") && chosen.every(function (b) { return b.type === type; });
    chosen.forEach(function (b) { if (b.type !== "table") b.type = toggleOff ? "paragraph" : type; });
    rebuild(list);
    editor.focus();
    restoreSelection(saved);
    update();
    changed();
  }

  function current() {
    var sel = window.getSelection();
    if (!sel.rangeCount || !editor.contains(sel.anchorNode)) return null;
    var list = blocks();
    for (var i = 0; i < list.length; i++) if (list[i].el.contains(sel.anchorNode) || list[i].el === sel.anchorNode) return list[i];
    return null;
  }

  function update() {
    var block = current();
    toolbar.querySelectorAll("button[data-cmd=bold], button[data-cmd=italic]").forEach(function (b) {
      b.setAttribute("aria-pressed", block && document.queryCommandState(b.getAttribute("data-cmd")) ? "true" : "false");
    });
    toolbar.querySelectorAll("button[data-block]").forEach(function (b) {
      b.setAttribute("aria-pressed", block && block.type === b.getAttribute("data-block") ? "true" : "false");
    });
  }

  function say(text) { status.textContent = text; }

  /* The page's blocks, what they serialize to, the ones the server keeps (it drops empty ones: a line just
     opened by Enter) and those as a key to compare with what was saved last. */
  function keptBlocks() {
    var list = blocks(), body = serialize(), kept = [];
    body.forEach(function (b, i) {
      if (b.type === "table" || b.runs.some(function (r) { return r.text; })) kept.push(i);
    });
    return { list: list, body: body, kept: kept,
      key: JSON.stringify(kept.map(function (i) { return body[i]; })) };
  }
  /* An empty line keeps no block's id (Enter copied it): filled in, it is a new block. */
  function dropIdsOfEmpty(page) {
    page.list.forEach(function (b, i) { if (page.kept.indexOf(i) < 0) b.el.removeAttribute("data-block-id"); });
  }

  /* AutoSave: a change waits AUTOSAVE_MS for the next one, then is saved (unless what the document holds is
     as last saved); one save at a time. */
  var AUTOSAVE_MS = 700, timer = null, dirty = false, saving = false;
  function changed(e) {
    if (window.saasgymDocHistory) window.saasgymDocHistory.record(e && e.inputType === "insertText");
    dirty = true;
    editor.setAttribute("aria-busy", "true");
    say("Saving…");
    clearTimeout(timer);
    timer = setTimeout(save, AUTOSAVE_MS);
  }

  function save(leaving) {
    clearTimeout(timer);
    if (saving && !leaving) { timer = setTimeout(save, AUTOSAVE_MS); return; }
    if (!dirty) { if (!saving) { editor.removeAttribute("aria-busy"); say("Saved."); } return; }
    var saved = saveSelection(), trace = window.saasgymTrace, page = keptBlocks(), list = page.list;
    var sent = page.kept.map(function (i) { return list[i].el; }), whole = sent.length === list.length;
    dirty = false;
    if (page.key === lastSaved) {  /* nothing the document holds changed (a line opened, not yet typed in) */
      dropIdsOfEmpty(page);
      if (!saving) { editor.removeAttribute("aria-busy"); say("Saved."); }
      return;
    }
    saving = true;
    editor.setAttribute("aria-busy", "true");
    say("Saving…");
    fetch(editor.getAttribute("data-save-url"), {
      method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin", keepalive: !!leaving,
      body: JSON.stringify({ blocks: page.body, trace: trace ? trace.take() : [] })
    }).then(function (r) { return r.json().then(function (data) { return [r.ok, data]; }); })
      .then(function (res) {
        if (!res[0]) { say(res[1].error || "Not saved."); return; }
        if (!dirty && whole) {  /* nothing typed meanwhile: the page as the server has it (new blocks' ids) */
          editor.innerHTML = res[1].html;
          restoreSelection(saved);
          lastSaved = keptBlocks().key;
        } else {  /* typed meanwhile, or an empty line open: keep the page, give the kept blocks their ids */
          var fresh = document.createElement("div");
          fresh.innerHTML = res[1].html;
          var ids = Array.prototype.map.call(fresh.querySelectorAll("[data-block-id]"), function (e) { return e.getAttribute("data-block-id"); });
          if (ids.length === sent.length) sent.forEach(function (el, i) { el.setAttribute("data-block-id", ids[i]); });
          if (ids.length === sent.length) page.kept.forEach(function (k, i) { page.body[k].id = ids[i]; });
          dropIdsOfEmpty(page);
          lastSaved = JSON.stringify(page.kept.map(function (k) { return page.body[k]; }));
        }
        say(dirty ? "Saving…" : "Saved.");
        if (!dirty && window.saasgymDocHistory) window.saasgymDocHistory.refresh();  /* the blocks' new ids */
      })
      .catch(function () { say("Not saved: the server did not answer."); })
      .then(function () {
        saving = false;
        if (dirty) timer = setTimeout(save, AUTOSAVE_MS); else editor.removeAttribute("aria-busy");
        update();
      });
  }
  var lastSaved = keptBlocks().key;
  editor.addEventListener("input", changed);
  window.addEventListener("pagehide", function () { if (dirty) save(true); });

  toolbar.addEventListener("mousedown", function (e) { if (e.target.closest("button")) e.preventDefault(); });
  toolbar.addEventListener("click", function (e) {
    var button = e.target.closest("button");
    if (!button) return;
    if (button.hasAttribute("data-action")) return;  // Insert table, New comment: doc_insert.js
    var cmd = button.getAttribute("data-cmd");
    if (!current()) editor.focus();
    if (cmd) { document.execCommand(cmd); update(); return; }
    setBlockType(button.getAttribute("data-block"));
  });
  editor.addEventListener("keydown", function (e) {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    var key = e.key.toLowerCase();
    if (key === "b" || key === "i") { e.preventDefault(); document.execCommand(key === "b" ? "bold" : "italic"); update(); }
    else if (key === "s") { e.preventDefault(); save(); }  /* Ctrl+S: save now (AutoSave would anyway) */
  });
  /* A caret after the <br> that holds an empty line open (Ctrl+End, a click in an empty page) goes
     before it, so typed text lands in that line. */
  function caretBeforeBreak() {
    var sel = window.getSelection();
    if (!sel.rangeCount || !sel.isCollapsed || !editor.contains(sel.anchorNode)) return;
    var node = sel.anchorNode, at = sel.anchorOffset;
    if (node === editor) {  // between blocks: into the block before (or the first)
      var block = editor.childNodes[Math.max(at - 1, 0)];
      if (!block || block.nodeType !== 1 || block.textContent || /^(UL|OL|TABLE)$/.test(block.tagName)) return;
      node = block;
      at = block.childNodes.length;
    }
    if (node.nodeType !== 1 || node.textContent || !at || node.childNodes[at - 1].tagName !== "BR") return;
    sel.collapse(node, at - 1);
  }

  document.addEventListener("selectionchange", function () { caretBeforeBreak(); update(); });
  /* for the Insert table and New comment controls (doc_insert.js) */
  window.saasgymDoc = { editor: editor, toolbar: toolbar, blocks: blocks, current: current, say: say, update: update,
    changed: changed, saveSelection: saveSelection, restoreSelection: restoreSelection };
})();
