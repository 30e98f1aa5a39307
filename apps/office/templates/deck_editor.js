/* PowerPoint for the web's editor: the ribbon's menus and dialogs (its tabs: ribbon_tabs_script in
   office_macros.html); the thumbnails pane's keys
   (arrows move between slides, Ctrl+Up/Down moves the slide, Delete deletes it); text typed into a
   placeholder is saved when the caret leaves it or on Esc (one set_shape_text with its paragraphs: level,
   bullet, runs with bold, italic, size and colour); the Font group formats the selection; Tab and
   Shift+Tab change a paragraph's list level. */
(function () {
  "use strict";
  var status = document.getElementById("deck-status");
  var canvas = document.getElementById("d-canvas");

  /* -- menus and dialogs -- */
  ["new-slide", "layout", "chart-menu-button"].forEach(function (id) {
    var button = document.getElementById(id);
    if (button) officeMenuButton(button);
  });
  function openDialog(dialog, opener) {
    if (!dialog.open) dialog.showModal();
    dialog.opener = opener || null;
    var target = dialog.querySelector("[aria-invalid=true], input:not([type=hidden]):not([type=radio]):not([type=checkbox]), select, textarea");
    if (target) target.focus();
  }
  Array.prototype.forEach.call(document.querySelectorAll("dialog.o-dialog"), function (dialog) {
    dialog.addEventListener("close", function () { if (dialog.opener) dialog.opener.focus(); });
    Array.prototype.forEach.call(dialog.querySelectorAll("[data-close]"), function (b) {
      b.addEventListener("click", function () { dialog.close(); });
    });
    if (dialog.hasAttribute("data-open")) openDialog(dialog);
  });
  Array.prototype.forEach.call(document.querySelectorAll("[data-dialog]"), function (button) {
    button.addEventListener("click", function () { openDialog(document.getElementById(button.getAttribute("data-dialog")), button); });
  });
  Array.prototype.forEach.call(document.querySelectorAll("[data-toggle]"), function (button) {
    button.addEventListener("click", function () {
      var pane = document.getElementById(button.getAttribute("data-toggle"));
      if (!pane) return;
      pane.hidden = !pane.hidden;
      button.setAttribute("aria-pressed", pane.hidden ? "false" : "true");
    });
  });

  /* -- thumbnails: arrows, Ctrl+arrows (move the slide), Delete -- */
  var thumbs = Array.prototype.slice.call(document.querySelectorAll(".d-thumbs a[data-slide-id]"));
  function post(formId, fields) {
    var form = document.getElementById(formId);
    if (!form) return;
    Object.keys(fields).forEach(function (k) { form.querySelector("[name=" + k + "]").value = fields[k]; });
    if (form.requestSubmit) form.requestSubmit(); else form.submit();
  }
  thumbs.forEach(function (a, i) {
    a.addEventListener("keydown", function (e) {
      var n = Number(a.getAttribute("data-number"));
      if ((e.ctrlKey || e.metaKey) && (e.key === "ArrowUp" || e.key === "ArrowDown")) {
        e.preventDefault();
        var to = e.key === "ArrowUp" ? n - 1 : n + 1;
        if (to >= 1 && to <= thumbs.length) post("f-move", { slide_id: a.getAttribute("data-slide-id"), position: to });
      } else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        var next = thumbs[i + (e.key === "ArrowDown" ? 1 : -1)];
        if (next) next.focus();
      } else if (e.key === "Home" || e.key === "End") {
        e.preventDefault();
        thumbs[e.key === "Home" ? 0 : thumbs.length - 1].focus();
      } else if (e.key === "Delete") {
        e.preventDefault();
        post("f-key-delete", { slide_id: a.getAttribute("data-slide-id"), slide: n });
      }
    });
  });
  var current = document.querySelector(".d-thumbs a[aria-current=page]");
  if (current && /[?&]focus=thumbs/.test(location.search)) current.focus();

  if (!canvas) return;

  /* -- text: serialise a shape's paragraphs as the service stores them -- */
  function rgbHex(value) {
    var m = /rgb\((\d+),\s*(\d+),\s*(\d+)/.exec(value || "");
    if (!m) return null;
    return [m[1], m[2], m[3]].map(function (n) { return ("0" + Number(n).toString(16)).slice(-2); }).join("").toUpperCase();
  }
  function format(node, stop) {
    var out = { bold: null, italic: null, size: null, color: null };
    for (var el = node.parentElement; el && el !== stop; el = el.parentElement) {
      var s = el.style || {};
      if (out.bold === null && (el.tagName === "B" || el.tagName === "STRONG")) out.bold = true;
      if (out.bold === null && s.fontWeight) out.bold = /bold|[6-9]00/.test(s.fontWeight);
      if (out.italic === null && (el.tagName === "I" || el.tagName === "EM")) out.italic = true;
      if (out.italic === null && s.fontStyle) out.italic = s.fontStyle === "italic";
      if (out.size === null && el.getAttribute("data-size")) out.size = Number(el.getAttribute("data-size"));
      if (out.color === null && el.getAttribute("data-color")) out.color = el.getAttribute("data-color");
      if (out.color === null && el.tagName === "FONT" && el.color) out.color = el.color.replace("#", "").toUpperCase();
      if (out.color === null && s.color) out.color = rgbHex(s.color);
    }
    return { bold: !!out.bold, italic: !!out.italic, size: out.size, color: out.color };
  }
  /* Text typed into an empty placeholder, or after a paragraph, lands outside any <p>: gather it into one. */
  function normalize(body) {
    var loose = null;
    Array.prototype.slice.call(body.childNodes).forEach(function (node) {
      if (node.nodeType === 1 && (node.tagName === "P" || node.tagName === "DIV")) { loose = null; return; }
      if (node.nodeType === 3 && !node.textContent) return;
      if (!loose) {
        loose = document.createElement("p");
        loose.setAttribute("data-level", "0");
        loose.setAttribute("data-bullet", body.getAttribute("data-bulleted"));
        body.insertBefore(loose, node);
      }
      loose.appendChild(node);
    });
  }
  function paragraphsOf(body) {
    normalize(body);
    var paras = Array.prototype.map.call(body.querySelectorAll(":scope > p, :scope > div"), function (block) {
      var runs = [], walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (var t = walker.nextNode(); t; t = walker.nextNode()) {
        var text = t.textContent.replace(/\u00a0/g, " ").replace(/\n/g, "");
        if (text) runs.push(Object.assign({ text: text }, format(t, body)));
      }
      return { level: Number(block.getAttribute("data-level") || 0), bullet: block.getAttribute("data-bullet") === "1",
        align: block.style.textAlign || null, runs: runs };
    });
    while (paras.length && !paras[paras.length - 1].runs.length) paras.pop();
    return paras;
  }

  var bodies = Array.prototype.slice.call(canvas.querySelectorAll(".d-body[contenteditable=true]"));
  var active = null, saving = false;
  document.execCommand("defaultParagraphSeparator", false, "p");

  function save(body) {
    var now = JSON.stringify(paragraphsOf(body));
    if (now === body.getAttribute("data-saved") || saving) return;
    saving = true;
    canvas.setAttribute("aria-busy", "true");
    status.textContent = "Saving…";
    var trace = window.saasgymTrace ? window.saasgymTrace.take() : [];
    fetch(canvas.getAttribute("data-save-url"), {
      method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
      body: JSON.stringify({ slide_id: canvas.getAttribute("data-slide-id"), shape_id: body.getAttribute("data-shape-id"),
        paragraphs: JSON.parse(now), trace: trace })
    }).then(function (r) { return r.json().then(function (d) { return { ok: r.ok, data: d }; }); })
      .then(function (res) {
        if (res.ok) { body.setAttribute("data-saved", now); status.textContent = "Saved"; }
        else status.textContent = res.data.error || "Not saved.";
      }, function () { status.textContent = "Not saved: the connection failed."; })
      .then(function () { saving = false; canvas.removeAttribute("aria-busy"); });
  }

  function paragraphsInSelection(body) {
    var sel = window.getSelection();
    if (!sel.rangeCount) return [];
    var range = sel.getRangeAt(0);
    return Array.prototype.filter.call(body.querySelectorAll("p, div"), function (p) { return range.intersectsNode(p); });
  }
  function ensureParagraph(body) {
    normalize(body);
    if (!body.querySelector("p, div")) {
      var p = document.createElement("p");
      p.setAttribute("data-level", "0");
      p.setAttribute("data-bullet", body.getAttribute("data-bulleted"));
      p.appendChild(document.createElement("br"));
      body.appendChild(p);
    }
  }
  function level(body, delta) {
    ensureParagraph(body);
    paragraphsInSelection(body).forEach(function (p) {
      var lvl = Math.max(0, Math.min(8, Number(p.getAttribute("data-level") || 0) + delta));
      p.setAttribute("data-level", String(lvl));
    });
  }
  function wrap(attrs, style) {
    var sel = window.getSelection();
    if (!sel.rangeCount || sel.isCollapsed) return;
    var range = sel.getRangeAt(0), span = document.createElement("span");
    Object.keys(attrs).forEach(function (k) { span.setAttribute(k, attrs[k]); });
    Object.keys(style).forEach(function (k) { span.style[k] = style[k]; });
    span.appendChild(range.extractContents());
    Array.prototype.forEach.call(span.querySelectorAll("[data-size], [data-color]"), function (inner) {
      Object.keys(attrs).forEach(function (k) { inner.removeAttribute(k); });
      Object.keys(style).forEach(function (k) { inner.style[k] = ""; });
    });
    range.insertNode(span);
    sel.removeAllRanges();
    var again = document.createRange();
    again.selectNodeContents(span);
    sel.addRange(again);
  }
  var widthPt = Number(canvas.getAttribute("data-width-pt")) || 960;
  function refresh() {
    if (!active) return;
    [["bold", "bold"], ["italic", "italic"]].forEach(function (pair) {
      var b = document.querySelector('[data-cmd="' + pair[0] + '"]');
      if (b) b.setAttribute("aria-pressed", document.queryCommandState(pair[1]) ? "true" : "false");
    });
    var paras = paragraphsInSelection(active), bullets = document.querySelector('[data-cmd="bullets"]');
    if (bullets) bullets.setAttribute("aria-pressed", paras.length && paras.every(function (p) { return p.getAttribute("data-bullet") === "1"; }) ? "true" : "false");
  }

  bodies.forEach(function (body) {
    body.setAttribute("data-saved", JSON.stringify(paragraphsOf(body)));
    body.addEventListener("focus", function () { active = body; refresh(); });
    body.addEventListener("keydown", function (e) {
      if (e.key === "Escape") { e.preventDefault(); body.blur(); save(body); }
      else if (e.key === "Tab") { e.preventDefault(); level(body, e.shiftKey ? -1 : 1); }
    });
    body.addEventListener("focusout", function (e) {
      var to = e.relatedTarget;
      if (to && (body.contains(to) || (to.closest && to.closest(".d-font")))) return;
      save(body);
    });
  });
  document.addEventListener("selectionchange", refresh);

  /* the selection in the text being edited, kept while the Font group's boxes and menus have the focus */
  var kept = null;
  document.addEventListener("selectionchange", function () {
    var sel = window.getSelection();
    if (active && sel.rangeCount && active.contains(sel.getRangeAt(0).commonAncestorContainer)) kept = sel.getRangeAt(0).cloneRange();
  });
  function restore() {
    if (!active) return false;
    active.focus();
    if (kept) { var sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(kept); }
    return true;
  }
  var fontName = document.getElementById("font-name");
  bodies.forEach(function (body) {
    body.addEventListener("focus", function () {
      if (fontName) fontName.value = fontName.getAttribute(body.getAttribute("aria-label") === "Title" ? "data-heading" : "data-body");
    });
  });
  Array.prototype.forEach.call(document.querySelectorAll(".d-font"), function (font) {
    font.addEventListener("mousedown", function (e) { if (e.target.closest("button")) e.preventDefault(); });
    font.addEventListener("focusout", function (e) {  // leaving the group for anywhere but the text saves it
      var to = e.relatedTarget;
      if (active && !(to && (active.contains(to) || (to.closest && to.closest(".d-font"))))) save(active);
    });
    font.addEventListener("click", function (e) {
      var b = e.target.closest("button[data-cmd]");
      if (!b || !restore()) return;
      var cmd = b.getAttribute("data-cmd");
      if (cmd === "bold" || cmd === "italic") document.execCommand(cmd);
      else if (cmd === "indent" || cmd === "outdent") level(active, cmd === "indent" ? 1 : -1);
      else if (cmd === "bullets") {
        ensureParagraph(active);
        var paras = paragraphsInSelection(active), on = !paras.every(function (p) { return p.getAttribute("data-bullet") === "1"; });
        paras.forEach(function (p) { p.setAttribute("data-bullet", on ? "1" : "0"); });
      } else if (cmd === "color") colour(b.getAttribute("data-color"));
      refresh();
    });
  });
  function colour(hex) {
    if (!restore()) return;
    wrap({ "data-color": hex }, { color: "#" + hex });
  }

  /* Font size: type a size and press Enter, or pick one from the list */
  var size = document.getElementById("font-size"), list = document.getElementById("font-size-list");
  if (size && list) {
    var opener = size.parentNode.querySelector(".d-combo-open");
    var options = Array.prototype.slice.call(list.querySelectorAll("[role=option]"));
    var setOpen = function (open) {
      list.hidden = !open;
      size.setAttribute("aria-expanded", open ? "true" : "false");
      opener.setAttribute("aria-expanded", open ? "true" : "false");
    };
    var apply = function (value) {
      var n = Number(value);
      setOpen(false);
      if (!(n >= 1 && n <= 400)) { status.textContent = "Font size: enter a number from 1 to 400."; return; }
      if (!restore()) return;
      wrap({ "data-size": String(n) }, { fontSize: (100 * n / widthPt) + "cqw" });
      size.value = String(n);
    };
    opener.addEventListener("mousedown", function (e) { e.preventDefault(); });
    opener.addEventListener("click", function () { setOpen(list.hidden); });
    options.forEach(function (o) {
      o.addEventListener("mousedown", function (e) { e.preventDefault(); apply(o.getAttribute("data-value")); });
    });
    size.addEventListener("keydown", function (e) {
      if (e.key === "Enter") { e.preventDefault(); apply(size.value); }
      else if (e.key === "Escape") { setOpen(false); restore(); }
      else if (e.key === "ArrowDown" && e.altKey) { e.preventDefault(); setOpen(true); }
    });
    size.addEventListener("blur", function () { setOpen(false); });
  }

  /* Font Color: the button applies the colour on its bar; its arrow picks another (or More Colors…) */
  var colorButton = document.getElementById("font-color"), more = document.getElementById("font-color-more");
  if (colorButton && more) {
    var custom = document.getElementById("font-color-custom");
    var choose = function (hex) {
      colorButton.setAttribute("data-color", hex);
      colorButton.querySelector(".d-color-bar").style.background = "#" + hex;
      colorButton.title = "Font Color: #" + hex;
      colour(hex);
    };
    officeMenuButton(more, function (item) {
      if (item.hasAttribute("data-more-colors")) { custom.click(); return; }
      choose(item.getAttribute("data-swatch"));
    });
    custom.addEventListener("change", function () { choose(custom.value.replace("#", "").toUpperCase()); });
  }
})();
