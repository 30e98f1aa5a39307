/* saasgym browser-event capture: records clicks, typing (final value), selects and submits with the
   element's ARIA role and accessible name. A POST form carries the events in its hidden `_trace`
   field (logged with the action it leads to); other events go to `<root>/_events` by sendBeacon.
   Pages work without this script: it only adds tracing. */
(function () {
  "use strict";
  var endpoint = document.body.getAttribute("data-events-url");
  var buffer = [];
  var IMPLICIT = { A: "link", BUTTON: "button", SELECT: "combobox", TEXTAREA: "textbox", FORM: "form" };
  var INPUT_ROLES = { checkbox: "checkbox", radio: "radio", submit: "button", button: "button", reset: "button",
    search: "searchbox", number: "spinbutton", range: "slider" };

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
    if (el.tagName === "A" || el.tagName === "BUTTON") return text(el);
    return (el.getAttribute("title") || el.getAttribute("placeholder") || "").trim();
  }

  function describe(type, el, extra) {
    var ev = { type: type, role: role(el), name: name(el), tag: el.tagName.toLowerCase(), t: Date.now() };
    if (el.id) ev.id = el.id;
    if (el.form && el.form.getAttribute("aria-label")) ev.form = el.form.getAttribute("aria-label");
    for (var k in extra || {}) ev[k] = extra[k];
    return ev;
  }

  function flushBeacon() {
    if (!buffer.length || !endpoint) return;
    var body = JSON.stringify({ events: buffer });
    buffer = [];
    try {
      navigator.sendBeacon(endpoint, new Blob([body], { type: "application/json" }));
    } catch (e) { /* tracing must never break the page */ }
  }

  var pending = new Map(); // text fields typed into but not yet committed by a change event

  function commit(el) {
    if (!pending.has(el)) return;
    pending.delete(el);
    var secret = el.type === "password";
    buffer.push(describe("type", el, { value: secret ? "********" : el.value, input_type: el.type || el.tagName.toLowerCase() }));
  }

  document.addEventListener("input", function (e) {
    var el = e.target;
    if (el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && !/^(checkbox|radio|submit|button)$/i.test(el.type))) {
      pending.set(el, true);
    }
  }, true);

  document.addEventListener("change", function (e) {
    var el = e.target;
    if (el.tagName === "SELECT") {
      var opt = el.options[el.selectedIndex];
      buffer.push(describe("select", el, { value: el.value, option: opt ? text(opt) : "" }));
    } else if (el.tagName === "INPUT" && /^(checkbox|radio)$/i.test(el.type)) {
      buffer.push(describe("check", el, { checked: el.checked, value: el.value }));
    } else {
      commit(el);
    }
  }, true);

  document.addEventListener("click", function (e) {
    var el = e.target.closest("a[href], button, input, select, textarea, label, summary, [role]");
    if (!el) return;
    var extra = {};
    if (el.tagName === "A") extra.href = el.getAttribute("href");
    buffer.push(describe("click", el, extra));
    if (el.tagName === "A" && el.hasAttribute("href")) {
      pending.forEach(function (_, field) { commit(field); });
      flushBeacon();
    }
  }, true);

  document.addEventListener("submit", function (e) {
    var form = e.target;
    form.querySelectorAll("input, textarea").forEach(commit);
    var submitter = e.submitter;
    buffer.push(describe("submit", form, {
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

  window.addEventListener("pagehide", function () {
    pending.forEach(function (_, field) { commit(field); });
    flushBeacon();
  });
})();
