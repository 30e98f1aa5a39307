/* saasgym browser-event capture: one step per user input, nothing else — a click, a double-click, typing (a
   text field's value before and after; in a rich-text editor the text typed), a key press, a scroll the user
   made (wheel, scrollbar, scrolling keys), a choice in a native select, a checkbox or radio toggled, a drag —
   each with the element's ARIA role, accessible name and a stable reference unique on the page, the pointer
   coordinates and the target's bounding box, the viewport and device pixel ratio, the page URL and the id of
   the page's accessibility-tree state. Effects are not steps: the click a browser synthesizes for Enter or
   Space, a scroll caused by typing or focus, a form's submit (the step that caused it is marked `cause` and
   `submits`). A POST form carries the steps in its hidden `_trace` field (the one marked `cause` is logged with
   the action it led to); other steps go to `<root>/_events` by sendBeacon. Pages work without this script: it
   only adds tracing. docs/TRAJECTORY.md describes the fields. */
(function () {
  "use strict";
  var endpoint = document.body.getAttribute("data-events-url");
  var buffer = [];
  var IMPLICIT = { A: "link", BUTTON: "button", SELECT: "combobox", TEXTAREA: "textbox", FORM: "form",
    H1: "heading", H2: "heading", H3: "heading", H4: "heading", H5: "heading", H6: "heading", SUMMARY: "button" };
  var INPUT_ROLES = { checkbox: "checkbox", radio: "radio", submit: "button", button: "button", reset: "button",
    search: "searchbox", number: "spinbutton", range: "slider" };
  var NAME_FROM_CONTENT = { button: 1, link: 1, option: 1, menuitem: 1, menuitemcheckbox: 1, menuitemradio: 1,
    tab: 1, treeitem: 1, gridcell: 1, cell: 1, columnheader: 1, rowheader: 1, heading: 1, switch: 1 };
  var MODIFIERS = { Shift: 1, Control: 1, Alt: 1, Meta: 1 };
  var TARGETS = "a[href], button, input, select, textarea, label, summary, [role], [tabindex], [contenteditable=true]";
  var TEXT_INPUTS = /^(text|search|email|url|tel|password|number|date|datetime-local|month|week|time)$/i;
  /* keys that edit the text of a field (part of its "type" step), not steps of their own */
  var EDITING_KEYS = { Backspace: 1, Delete: 1, ArrowLeft: 1, ArrowRight: 1, Home: 1, End: 1 };
  var SCROLL_KEYS = { PageDown: 1, PageUp: 1, " ": 1, Home: 1, End: 1, ArrowDown: 1, ArrowUp: 1 };

  function text(el) {
    if (!el) return "";
    var copy = el.cloneNode(true);
    copy.querySelectorAll('[aria-hidden="true"]').forEach(function (n) { n.remove(); });
    return (copy.textContent || "").replace(/\s+/g, " ").trim();
  }

  function role(el) {
    var r = el.getAttribute("role");
    if (r) return r;
    if (el.tagName === "INPUT") return INPUT_ROLES[(el.type || "text").toLowerCase()] || "textbox";
    if (el.tagName === "A") return el.hasAttribute("href") ? "link" : "generic";
    if (el.isContentEditable) return "textbox";
    return IMPLICIT[el.tagName] || el.tagName.toLowerCase();
  }

  function name(el) {
    var v = el.getAttribute("aria-label");
    if (v) return v.trim();
    var ids = el.getAttribute("aria-labelledby");
    if (ids) return ids.split(/\s+/).map(function (id) { return text(document.getElementById(id)); }).join(" ").trim();
    if (el.labels && el.labels.length) return text(el.labels[0]);
    if (el.tagName === "INPUT" && /^(submit|button|reset)$/i.test(el.type)) return el.value || "";
    if (/^(A|BUTTON|SUMMARY|H[1-6])$/.test(el.tagName) || NAME_FROM_CONTENT[el.getAttribute("role")]) return text(el);
    return (el.getAttribute("title") || el.getAttribute("placeholder") || "").trim();
  }

  /* A CSS selector matching exactly this element: its id when unique, else a path of
     tag:nth-of-type steps up to the nearest ancestor with a unique id (or the body). */
  function ref(el) {
    var steps = [];
    for (var node = el; node && node.nodeType === 1 && node !== document.body; node = node.parentElement) {
      if (node.id && document.querySelectorAll("#" + CSS.escape(node.id)).length === 1) {
        steps.unshift("#" + CSS.escape(node.id));
        return steps.join(" > ");
      }
      var tag = node.tagName.toLowerCase(), k = 1;
      for (var sib = node.previousElementSibling; sib; sib = sib.previousElementSibling) {
        if (sib.tagName === node.tagName) k++;
      }
      steps.unshift(tag + ":nth-of-type(" + k + ")");
    }
    steps.unshift("body");
    return steps.join(" > ");
  }

  /* The page's accessibility-tree state: FNV-1a over (role, name, value, state) of every visible
     named or interactive element, so the same page state always gets the same id. */
  function snapshotId() {
    var h = 0x811c9dc5;
    var nodes = document.querySelectorAll(TARGETS + ", h1, h2, h3, h4, h5, h6, main, nav, form[aria-label]");
    for (var i = 0; i < nodes.length; i++) {
      var el = nodes[i];
      if (el.closest("[hidden], [aria-hidden='true']")) continue;
      var line = role(el) + "\u0001" + name(el) + "\u0001" + (el.value === undefined ? "" : el.value) + "\u0001" +
        (el.checked ? "1" : "0") + (el.getAttribute("aria-expanded") || "") + (el.getAttribute("aria-current") || "") + "\n";
      for (var j = 0; j < line.length; j++) {
        h ^= line.charCodeAt(j);
        h = Math.imul(h, 0x01000193) >>> 0;
      }
    }
    return "ax-" + ("0000000" + h.toString(16)).slice(-8);
  }

  function describe(type, el, extra, pointer) {
    var box = el.getBoundingClientRect();
    var ev = { type: type, role: role(el), name: name(el), tag: el.tagName.toLowerCase(), t: Date.now(),
      ref: ref(el), url: location.pathname + location.search, snapshot: snapshotId(),
      vw: window.innerWidth, vh: window.innerHeight, dpr: window.devicePixelRatio || 1,
      sx: Math.round(window.scrollX), sy: Math.round(window.scrollY),
      bx: Math.round(box.left), by: Math.round(box.top), bw: Math.round(box.width), bh: Math.round(box.height) };
    var hasPointer = pointer && (pointer.clientX || pointer.clientY);
    ev.x = Math.round(hasPointer ? pointer.clientX : box.left + box.width / 2);
    ev.y = Math.round(hasPointer ? pointer.clientY : box.top + box.height / 2);
    if (el.id) ev.id = el.id;
    if (el.form && el.form.getAttribute("aria-label")) ev.form = el.form.getAttribute("aria-label");
    for (var k in extra || {}) ev[k] = extra[k];
    return ev;
  }

  function push(ev) { buffer.push(ev); return ev; }

  function flushBeacon() {
    if (!buffer.length || !endpoint) return;
    var body = JSON.stringify({ events: buffer });
    buffer = [];
    try {
      navigator.sendBeacon(endpoint, new Blob([body], { type: "application/json" }));
    } catch (e) { /* tracing must never break the page */ }
  }

  function textField(el) {
    return el && (el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && TEXT_INPUTS.test(el.type || "text")));
  }
  function richText(el) { return el && el.isContentEditable ? (el.closest("[contenteditable=true]") || el) : null; }

  var before = new WeakMap(); // a field's value when it got focus: the "value before" of its step
  var pending = new Map(); // fields typed into and not yet recorded: field -> true, or a rich editor -> text typed

  function secret(el) { return el.type === "password"; }

  function commit(el) {
    if (!pending.has(el)) return;
    var typed = pending.get(el);
    pending.delete(el);
    if (typeof typed === "string") {  // a rich-text editor: the text typed at the caret
      push(describe("type", el, { text: typed, input_type: "contenteditable" }));
      return;
    }
    var was = before.has(el) ? before.get(el) : el.defaultValue;
    before.set(el, el.value);
    if (was === el.value) return;
    push(describe("type", el, { value: secret(el) ? "********" : el.value,
      value_before: secret(el) ? "********" : (was || ""), input_type: el.type || el.tagName.toLowerCase() }));
  }
  function commitAll() { pending.forEach(function (_, field) { commit(field); }); }

  document.addEventListener("focusin", function (e) {
    var el = e.target;
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) && !before.has(el)) before.set(el, el.value);
  }, true);

  document.addEventListener("input", function (e) {
    var el = e.target, rich = richText(el);
    if (rich) {
      if (/^insert(Text|ReplacementText|FromPaste|CompositionText)$/.test(e.inputType || "") && e.data) {
        pending.set(rich, (pending.has(rich) ? pending.get(rich) : "") + e.data);
      }
    } else if (textField(el)) {
      if (!before.has(el)) before.set(el, el.defaultValue);
      pending.set(el, true);
    }
  }, true);

  var lastPointer = null; // the click that toggled a checkbox, for its "check" step's coordinates

  document.addEventListener("change", function (e) {
    var el = e.target;
    if (el.tagName === "SELECT") {
      var opt = el.options[el.selectedIndex];
      var was = before.has(el) ? before.get(el) : "";
      before.set(el, el.value);
      push(describe("select", el, { value: el.value, value_before: was, option: opt ? text(opt) : "" }));
    } else if (el.tagName === "INPUT" && /^(checkbox|radio)$/i.test(el.type)) {
      var at = lastPointer && Date.now() - lastPointer.t < 1000 ? lastPointer.e : null;
      lastPointer = null;
      push(describe("check", el, { checked: el.checked, value: el.value }, at));
    } else {
      commit(el);
    }
  }, true);

  function clickTarget(e) { return e.target.closest ? e.target.closest(TARGETS) : null; }
  function toggle(el) {  // the checkbox or radio a click on `el` toggles (itself or its label's control)
    var c = el.tagName === "LABEL" ? el.control : el;
    return c && c.tagName === "INPUT" && /^(checkbox|radio)$/i.test(c.type) ? c : null;
  }

  document.addEventListener("click", function (e) {
    var el = clickTarget(e);
    /* detail 0: the browser's own click for Enter / Space on a control, or a script's; the key is the step */
    if (!el || dragged || !e.isTrusted || e.detail === 0) return;
    if (toggle(el)) { lastPointer = { e: e, t: Date.now() }; return; }  // its "check" step records it
    commitAll();  // what was typed before the click comes first (a suggestion appears after typing)
    var extra = {};
    if (el.tagName === "A") extra.href = el.getAttribute("href");
    push(describe("click", el, extra, e));
    if (el.tagName === "A" && el.hasAttribute("href")) flushBeacon();
  }, true);

  document.addEventListener("dblclick", function (e) {
    var el = clickTarget(e) || e.target;
    if (!el || el.nodeType !== 1 || !e.isTrusted) return;
    var here = ref(el);
    /* the two clicks of a double-click are one step */
    for (var n = 0; n < 2 && buffer.length; n++) {
      var last = buffer[buffer.length - 1];
      if (last.type !== "click" || last.ref !== here || Date.now() - last.t > 1000) break;
      buffer.pop();
    }
    push(describe("double-click", el, {}, e));
  }, true);

  var lastUserScroll = 0;
  function userScrolls() { lastUserScroll = Date.now(); }
  window.addEventListener("wheel", userScrolls, { capture: true, passive: true });

  document.addEventListener("keydown", function (e) {
    if (MODIFIERS[e.key] || !e.isTrusted) return;
    var el = e.target && e.target.nodeType === 1 ? e.target : document.body;
    var chord = e.ctrlKey || e.altKey || e.metaKey;
    var field = textField(el), rich = richText(el);
    if (toggle(el) && /^( |Arrow\w+)$/.test(e.key)) return; // a toggle's key: its "check" step records it
    if (!field && !rich && !chord && SCROLL_KEYS[e.key] && !/^(SELECT|BUTTON)$/.test(el.tagName) &&
        !el.getAttribute("role")) userScrolls();
    if (e.key.length === 1 && !chord && (field || rich)) return; // typed text: the field's "type" step
    if (field && (EDITING_KEYS[e.key] || (chord && /^[acvxyz]$/i.test(e.key)) ||
        (e.shiftKey && /^(Arrow|Home|End)/.test(e.key)))) return; // editing the field's text
    if (el.tagName === "SELECT" && !/^(Enter|Tab|Escape)$/.test(e.key)) return; // the "select" step records it
    commitAll();
    var parts = [];
    if (e.ctrlKey) parts.push("Control");
    if (e.altKey) parts.push("Alt");
    if (e.metaKey) parts.push("Meta");
    if (e.shiftKey && e.key.length > 1) parts.push("Shift");
    parts.push(e.key === " " ? "Space" : e.key.length === 1 && chord ? e.key.toUpperCase() : e.key);
    push(describe("key", el, { key: parts.join("+") }));
  }, true);

  var scrollTimer = null, scrolled = null;
  document.addEventListener("scroll", function (e) {
    if (Date.now() - lastUserScroll > 1000) return;  // a scroll the page made (focus, typing, a script)
    scrolled = e.target === document ? document.documentElement : e.target;
    clearTimeout(scrollTimer);
    scrollTimer = setTimeout(function () {
      var el = scrolled === document.documentElement ? document.body : scrolled;
      var top = scrolled === document.documentElement ? window.scrollY : scrolled.scrollTop;
      var left = scrolled === document.documentElement ? window.scrollX : scrolled.scrollLeft;
      push(describe("scroll", el, { scroll_top: Math.round(top), scroll_left: Math.round(left) }));
    }, 200);
  }, true);

  var down = null, dragged = false;
  document.addEventListener("pointerdown", function (e) {
    down = e;
    dragged = false;
    var t = e.target;  // on a scrollbar: outside the element's client box
    if (t && t.nodeType === 1 && (e.offsetX > t.clientWidth || e.offsetY > t.clientHeight)) userScrolls();
  }, true);
  document.addEventListener("pointerup", function (e) {
    if (down && Math.hypot(e.clientX - down.clientX, e.clientY - down.clientY) > 8) {
      var el = down.target.nodeType === 1 ? down.target : document.body;
      dragged = true;
      commitAll();
      push(describe("drag", el, { x2: Math.round(e.clientX), y2: Math.round(e.clientY) }, down));
      setTimeout(function () { dragged = false; }, 0);
    }
    down = null;
  }, true);

  /* The step that led to an action: the last one recorded (the click on Save, the Enter, the choice). */
  function markCause(extra) {
    var cause = buffer[buffer.length - 1];
    if (!cause) return;
    cause.cause = true;
    for (var k in extra || {}) cause[k] = extra[k];
  }

  document.addEventListener("submit", function (e) {
    var form = e.target;
    form.querySelectorAll("input, textarea").forEach(commit);
    var method = (form.getAttribute("method") || "get").toLowerCase();
    var field = form.querySelector('input[name="_trace"]');
    if (method === "post" && field) {
      markCause({ submits: true });
      field.value = JSON.stringify(buffer);
      buffer = [];
    } else {
      var last = buffer[buffer.length - 1];
      if (last) last.submits = true;  // a GET form (a search): the page it loads is no action
      flushBeacon();
    }
  }, true);

  /* For pages that save by fetch instead of a form post: record a step, and take the steps so far
     (typed text committed; the last one marked as the cause of the save they go with). */
  window.saasgymTrace = {
    record: function (type, el, extra) { push(describe(type, el, extra)); },
    take: function () {
      commitAll();
      markCause();
      var out = buffer;
      buffer = [];
      return out;
    }
  };

  window.addEventListener("pagehide", function () {
    commitAll();
    flushBeacon();
  });
})();
