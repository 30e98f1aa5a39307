/* saasgym browser-event capture: one event per GUI step (click, double-click, typing with the value
   before and after, key presses with key names, scrolls, selects, checks, drags, submits), each with
   the element's ARIA role, accessible name and a stable reference unique on the page, the pointer
   coordinates and the target's bounding box, the viewport and device pixel ratio, the page URL and the
   id of the page's accessibility-tree state. A POST form carries the events in its hidden `_trace`
   field (logged with the action it leads to); other events go to `<root>/_events` by sendBeacon.
   Pages work without this script: it only adds tracing. docs/TRAJECTORY.md describes the fields. */
(function () {
  "use strict";
  var endpoint = document.body.getAttribute("data-events-url");
  var buffer = [];
  var IMPLICIT = { A: "link", BUTTON: "button", SELECT: "combobox", TEXTAREA: "textbox", FORM: "form",
    H1: "heading", H2: "heading", H3: "heading", H4: "heading", H5: "heading", H6: "heading", SUMMARY: "button" };
  var INPUT_ROLES = { checkbox: "checkbox", radio: "radio", submit: "button", button: "button", reset: "button",
    search: "searchbox", number: "spinbutton", range: "slider" };
  var MODIFIERS = { Shift: 1, Control: 1, Alt: 1, Meta: 1 };
  var TARGETS = "a[href], button, input, select, textarea, label, summary, [role], [tabindex]";

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
    return IMPLICIT[el.tagName] || el.tagName.toLowerCase();
  }

  function name(el) {
    var v = el.getAttribute("aria-label");
    if (v) return v.trim();
    var ids = el.getAttribute("aria-labelledby");
    if (ids) return ids.split(/\s+/).map(function (id) { return text(document.getElementById(id)); }).join(" ").trim();
    if (el.labels && el.labels.length) return text(el.labels[0]);
    if (el.tagName === "INPUT" && /^(submit|button|reset)$/i.test(el.type)) return el.value || "";
    if (/^(A|BUTTON|SUMMARY|H[1-6])$/.test(el.tagName)) return text(el);
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

  function push(ev) { buffer.push(ev); }

  function flushBeacon() {
    if (!buffer.length || !endpoint) return;
    var body = JSON.stringify({ events: buffer });
    buffer = [];
    try {
      navigator.sendBeacon(endpoint, new Blob([body], { type: "application/json" }));
    } catch (e) { /* tracing must never break the page */ }
  }

  var before = new WeakMap(); // a control's value when it got focus: the "value before" of its step
  var pending = new Map(); // text fields typed into but not yet committed by a change event

  function secret(el) { return el.type === "password"; }

  function commit(el) {
    if (!pending.has(el)) return;
    pending.delete(el);
    var was = before.has(el) ? before.get(el) : el.defaultValue;
    before.set(el, el.value);
    push(describe("type", el, { value: secret(el) ? "********" : el.value,
      value_before: secret(el) ? "********" : (was || ""), input_type: el.type || el.tagName.toLowerCase() }));
  }

  document.addEventListener("focusin", function (e) {
    var el = e.target;
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) && !before.has(el)) before.set(el, el.value);
  }, true);

  document.addEventListener("input", function (e) {
    var el = e.target;
    if (el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && !/^(checkbox|radio|submit|button)$/i.test(el.type))) {
      if (!before.has(el)) before.set(el, el.defaultValue);
      pending.set(el, true);
    }
  }, true);

  document.addEventListener("change", function (e) {
    var el = e.target;
    if (el.tagName === "SELECT") {
      var opt = el.options[el.selectedIndex];
      var was = before.has(el) ? before.get(el) : "";
      before.set(el, el.value);
      push(describe("select", el, { value: el.value, value_before: was, option: opt ? text(opt) : "" }));
    } else if (el.tagName === "INPUT" && /^(checkbox|radio)$/i.test(el.type)) {
      push(describe("check", el, { checked: el.checked, value: el.value }));
    } else {
      commit(el);
    }
  }, true);

  function clickTarget(e) { return e.target.closest ? e.target.closest(TARGETS) : null; }

  document.addEventListener("click", function (e) {
    var el = clickTarget(e);
    if (!el || dragged) return;
    var extra = {};
    if (el.tagName === "A") extra.href = el.getAttribute("href");
    push(describe("click", el, extra, e));
    if (el.tagName === "A" && el.hasAttribute("href")) {
      pending.forEach(function (_, field) { commit(field); });
      flushBeacon();
    }
  }, true);

  document.addEventListener("dblclick", function (e) {
    var el = clickTarget(e) || e.target;
    if (el && el.nodeType === 1) push(describe("double-click", el, {}, e));
  }, true);

  document.addEventListener("keydown", function (e) {
    if (MODIFIERS[e.key]) return;
    var chord = e.ctrlKey || e.altKey || e.metaKey;
    if (e.key.length === 1 && !chord) return; // characters are recorded as the field's typed value
    var el = e.target && e.target.nodeType === 1 ? e.target : document.body;
    if (e.key === "Enter" || e.key === "Tab") {
      pending.forEach(function (_, field) { commit(field); });
    }
    var parts = [];
    if (e.ctrlKey) parts.push("Control");
    if (e.altKey) parts.push("Alt");
    if (e.metaKey) parts.push("Meta");
    if (e.shiftKey && e.key.length > 1) parts.push("Shift");
    parts.push(e.key.length === 1 ? e.key.toUpperCase() : e.key);
    push(describe("key", el, { key: parts.join("+") }));
  }, true);

  var scrollTimer = null, scrolled = null;
  document.addEventListener("scroll", function (e) {
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
  document.addEventListener("pointerdown", function (e) { down = e; dragged = false; }, true);
  document.addEventListener("pointerup", function (e) {
    if (down && Math.hypot(e.clientX - down.clientX, e.clientY - down.clientY) > 8) {
      var el = down.target.nodeType === 1 ? down.target : document.body;
      dragged = true;
      push(describe("drag", el, { x2: Math.round(e.clientX), y2: Math.round(e.clientY) }, down));
      setTimeout(function () { dragged = false; }, 0);
    }
    down = null;
  }, true);

  document.addEventListener("submit", function (e) {
    var form = e.target;
    form.querySelectorAll("input, textarea").forEach(commit);
    var submitter = e.submitter;
    push(describe("submit", form, {
      name: form.getAttribute("aria-label") || (submitter ? name(submitter) : ""),
      value: submitter ? name(submitter) : ""
    }));
    var method = (form.getAttribute("method") || "get").toLowerCase();
    var field = form.querySelector('input[name="_trace"]');
    if (method === "post" && field) {
      field.value = JSON.stringify(buffer);
      buffer = [];
    } else {
      flushBeacon();
    }
  }, true);

  /* For pages that save by fetch instead of a form post: record a step, and take the steps so far
     (typed fields committed) to send with the action they lead to. */
  window.saasgymTrace = {
    record: function (type, el, extra) { push(describe(type, el, extra)); },
    take: function () {
      pending.forEach(function (_, field) { commit(field); });
      var out = buffer;
      buffer = [];
      return out;
    }
  };

  window.addEventListener("pagehide", function () {
    pending.forEach(function (_, field) { commit(field); });
    flushBeacon();
  });
})();
