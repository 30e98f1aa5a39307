/* The CRM's page behaviour: lookup search comboboxes (their configuration of the shared combobox) and toasts.
   Everything degrades: without this script a lookup is a text box whose typed name is resolved on save. */
(function () {
  "use strict";

  /* -- lookups: the shared search combobox (apps/core/static/combobox.js) over /_lookup/<kind>, each option
     the record's name over a secondary line (object • detail); the chosen id goes into the hidden field.
     A chosen record shows as Lightning's pill: its object's icon, its name, a Clear Selection button (which
     empties the box and returns to searching, as do Backspace / Delete on the pill or typing over it). A
     polymorphic lookup (a task's Name, Related To) searches the object its selector names. -------------- */
  function lookup(box) {
    var input = box.querySelector("[role=combobox]"), hidden = box.querySelector("input[type=hidden]");
    var clear = box.querySelector("[data-lookup-clear]"), url = box.getAttribute("data-lookup-url");
    function pill(kind) {  /* kind: the chosen record's object; null: back to searching */
      box.classList.toggle("slds-has-selection", !!kind);
      input.classList.toggle("slds-combobox__input-value", !!kind);
      box.querySelector(".lookup-pill-icon").hidden = !kind;
      Array.prototype.forEach.call(box.querySelectorAll("[data-lookup-icon]"), function (icon) {
        icon.hidden = icon.getAttribute("data-lookup-icon") !== kind;
      });
      box.querySelector(".lookup-search-icon").hidden = !!kind;
      clear.hidden = !kind;
    }
    function unpick() {
      input.value = "";
      hidden.value = "";
      hidden.dispatchEvent(new Event("change", { bubbles: true }));
      pill(null);
      input.focus();
    }
    box.lookupPill = pill;
    window.saasgymCombobox(input, {
      url: function (text) { var q = text.trim(); return q.length < 2 ? null : url + "?q=" + encodeURIComponent(q); },
      results: function (data) {
        return data.results.map(function (r) { return { label: r.label, meta: r.meta, value: r.id, kind: r.object }; });
      },
      choose: function (item) {
        input.value = item.label;
        hidden.value = item.value;
        hidden.dispatchEvent(new Event("change", { bubbles: true }));
        pill(item.kind);
      },
      live: box.querySelector("[role=status]"),
      noun: "result",
      empty: function (text) { return "No results for “" + text + "”"; }
    });
    input.addEventListener("input", function () { if (box.classList.contains("slds-has-selection")) pill(null); });
    input.addEventListener("keydown", function (e) {
      if ((e.key === "Backspace" || e.key === "Delete") && box.classList.contains("slds-has-selection")) { e.preventDefault(); unpick(); }
    });
    clear.addEventListener("click", unpick);
    var picker = box.parentNode.querySelector("[data-lookup-objects]");
    if (picker) {
      picker.querySelector("input[type=hidden]").addEventListener("change", function (e) {
        var obj = e.target.value;
        url = box.getAttribute("data-lookup-base") + obj;
        Array.prototype.forEach.call(picker.querySelectorAll("[data-object-icon]"), function (icon) {
          icon.hidden = icon.getAttribute("data-object-icon") !== obj;
        });
        input.placeholder = "Search " + picker.querySelector("[data-picklist-label]").textContent.trim() + "s...";
        if (hidden.value) unpick();
      });
    }
  }
  document.addEventListener("DOMContentLoaded", function () {  /* combobox.js has run by then */
    Array.prototype.forEach.call(document.querySelectorAll(".combobox[data-lookup-url]"), lookup);
  });

  /* -- the Convert modal: a suggested match fills its lookup and picks Choose Existing; typing into a
     section's field picks that section's choice ------------------------------------------------------ */
  Array.prototype.forEach.call(document.querySelectorAll("[data-pick-target]"), function (button) {
    button.addEventListener("click", function () {
      var input = document.getElementById(button.getAttribute("data-pick-target"));
      var box = input.closest(".combobox");
      input.value = button.getAttribute("data-pick-label");
      box.querySelector("input[type=hidden]").value = button.getAttribute("data-pick-id");
      if (box.lookupPill) box.lookupPill(button.getAttribute("data-pick-kind"));
      var radio = input.closest(".choice").querySelector("input[type=radio]");
      if (radio) radio.checked = true;
      /* the chosen match is marked selected, the others not */
      Array.prototype.forEach.call(button.closest("ul").querySelectorAll("[data-pick-target]"), function (b) {
        b.setAttribute("aria-pressed", b === button ? "true" : "false");
      });
    });
  });
  /* choosing another record in the lookup, or Create New, unmarks the matches of that section */
  Array.prototype.forEach.call(document.querySelectorAll(".convert-choices"), function (section) {
    section.addEventListener("input", function (e) {
      if (e.target.closest("[data-pick-target]")) return;
      Array.prototype.forEach.call(section.querySelectorAll("[data-pick-target]"), function (b) { b.setAttribute("aria-pressed", "false"); });
    });
  });
  Array.prototype.forEach.call(document.querySelectorAll(".convert-choices .choice"), function (choice) {
    var radio = choice.querySelector("input[type=radio]");
    choice.addEventListener("input", function (e) { if (e.target !== radio) radio.checked = true; });
  });
  /* -- modals (Convert, and every create/edit form: record_modal.html): focus starts on the first field (a
     refused save: the first field in error), Tab and Shift+Tab stay inside the dialog, Escape cancels (goes
     back to the page underneath, as Cancel and the X do) ------------------------------------------------ */
  var dialog = document.querySelector("[role=dialog][aria-modal=true]");
  var FOCUSABLE = "a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), select:not([disabled]), " +
    "textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";
  function focusables() {
    return Array.prototype.filter.call(dialog.querySelectorAll(FOCUSABLE), function (el) {
      return el.offsetWidth || el.offsetHeight || el.getClientRects().length;
    });
  }
  if (dialog) {
    var first = dialog.querySelector("[aria-invalid=true]") || dialog.querySelector("input[type=radio]:checked") ||
      dialog.querySelector(".modal-body input:not([type=hidden]), .modal-body textarea, .modal-body [role=combobox]");
    if (first) first.focus();
    document.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && !e.defaultPrevented) {
        var cancel = dialog.querySelector(".modal-footer a");
        if (cancel) window.location.href = cancel.href;
      }
      if (e.key !== "Tab") return;
      var all = focusables();
      if (!all.length) return;
      var at = all.indexOf(document.activeElement);
      if (at === -1 || (e.shiftKey && at === 0) || (!e.shiftKey && at === all.length - 1)) {
        e.preventDefault();
        (e.shiftKey ? all[all.length - 1] : all[0]).focus();
      }
    });
  }

  /* -- the docked composer's Minimize (down to its header bar) and Pop out (a larger window mid-page) ---- */
  Array.prototype.forEach.call(document.querySelectorAll("[data-docked]"), function (button) {
    var names = button.dataset.docked === "min" ? ["Minimize", "Maximize"] : ["Pop out", "Dock"];
    button.addEventListener("click", function () {
      var on = !button.closest(".crm-docked").classList.contains("crm-docked_" + button.dataset.docked);
      button.closest(".crm-docked").classList.toggle("crm-docked_" + button.dataset.docked, on);
      button.title = names[on ? 1 : 0];
      button.querySelector(".slds-assistive-text").textContent = names[on ? 1 : 0];
    });
  });

  /* -- list views: disclosure menus (list-view switcher, row actions), row selection, inline edit -------- */
  function closeAll(except) {
    Array.prototype.forEach.call(document.querySelectorAll("[data-disclosure][aria-expanded=true]"), function (b) {
      if (b !== except) { b.setAttribute("aria-expanded", "false"); document.getElementById(b.getAttribute("aria-controls")).hidden = true; }
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll("[data-disclosure]"), function (button) {
    var panel = document.getElementById(button.getAttribute("aria-controls"));
    button.addEventListener("click", function (e) {
      e.stopPropagation();
      var open = button.getAttribute("aria-expanded") !== "true";
      closeAll(button);
      button.setAttribute("aria-expanded", open ? "true" : "false");
      panel.hidden = !open;
      if (open) { var first = panel.querySelector("a, button"); if (first) first.focus(); }
    });
    panel.addEventListener("keydown", function (e) {
      if (e.key === "Escape") { e.preventDefault(); closeAll(); button.focus(); }
    });
    button.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && button.getAttribute("aria-expanded") === "true") { e.preventDefault(); closeAll(); }
    });
  });
  document.addEventListener("click", function (e) {
    if (!e.target.closest(".dropdown")) closeAll();
  });

  var count = document.querySelector("[data-selected-count]");
  var rows = document.querySelectorAll("[data-row-select]");
  var all = document.querySelector("[data-select-all]");
  function recount() {
    var n = Array.prototype.filter.call(rows, function (r) { return r.checked; }).length;
    if (count) count.textContent = n + (n === 1 ? " item selected" : " items selected");
    if (all) { all.checked = n > 0 && n === rows.length; all.indeterminate = n > 0 && n < rows.length; }
  }
  Array.prototype.forEach.call(rows, function (r) { r.addEventListener("change", recount); });
  if (all) all.addEventListener("change", function () {
    Array.prototype.forEach.call(rows, function (r) { r.checked = all.checked; });
    recount();
  });

  Array.prototype.forEach.call(document.querySelectorAll("[data-inline-edit]"), function (pencil) {
    var form = document.getElementById(pencil.getAttribute("aria-controls"));
    var control = form.querySelector("[role=combobox], input[name=value]");
    var cell = pencil.closest("td");
    function edit(on) {
      form.hidden = !on;
      pencil.setAttribute("aria-expanded", on ? "true" : "false");
      cell.classList.toggle("editing", on);
      if (on) control.focus(); else pencil.focus();
    }
    pencil.addEventListener("click", function () { edit(form.hidden); });
    form.addEventListener("keydown", function (e) {
      if (e.key === "Enter" && e.target.getAttribute("role") !== "combobox" && !e.target.closest("[data-calendar]")) { e.preventDefault(); form.requestSubmit(); }
      else if (e.key === "Escape") { e.preventDefault(); edit(false); }
    });
  });

  /* -- the list header's funnel shows or hides the Filters panel; Edit List opens the first row's editable cell -- */
  var filterToggle = document.querySelector("[data-filter-toggle]");
  if (filterToggle) {
    var filterPanel = document.getElementById(filterToggle.getAttribute("aria-controls"));
    var showFilters = function (on) {
      filterPanel.hidden = !on;
      filterToggle.setAttribute("aria-expanded", on ? "true" : "false");
      filterToggle.classList.toggle("slds-is-selected", on);
      if (on) { var first = filterPanel.querySelector("input:not([type=hidden]), [role=combobox]"); if (first) first.focus(); }
      else filterToggle.focus();
    };
    filterToggle.addEventListener("click", function () { showFilters(filterPanel.hidden); });
    filterPanel.querySelector("[data-filter-close]").addEventListener("click", function () { showFilters(false); });
    filterPanel.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && !e.defaultPrevented) { e.preventDefault(); showFilters(false); }
    });
  }
  var editList = document.querySelector("[data-edit-list]");
  if (editList) editList.addEventListener("click", function () {
    var pencil = document.querySelector("[data-inline-edit]");
    if (pencil) pencil.click();
  });

  /* -- an opportunity's form: choosing a stage sets Probability (%) to the stage's default (then editable) -- */
  var formData = document.getElementById("form-data");
  var stageBox = document.getElementById("f-stage_name");  /* the Stage picklist; its value is the hidden input */
  var stage = stageBox && stageBox.closest("[data-picklist]").querySelector("input[type=hidden]");
  var probability = document.getElementById("f-probability");
  if (formData && stage && probability) {
    var defaults = JSON.parse(formData.textContent).stage_probabilities || {};
    stage.addEventListener("change", function () {
      if (stage.value in defaults) probability.value = defaults[stage.value];
      if (window.crmFormatNumber) window.crmFormatNumber(probability);
    });
  }

  /* -- record tabs (Related / Details), the Report Builder's Outline / Filters: ARIA tabs, a click or the
     arrow keys, Home / End ------------------------------------------------------------------------------- */
  Array.prototype.forEach.call(document.querySelectorAll("[role=tablist][aria-label='Record tabs'], [role=tablist][data-tabs]"), function (list) {
    var tabs = Array.prototype.slice.call(list.querySelectorAll("[role=tab]"));
    function select(tab) {
      tabs.forEach(function (t) {
        var on = t === tab;
        t.setAttribute("aria-selected", on ? "true" : "false");
        t.tabIndex = on ? 0 : -1;
        t.parentElement.classList.toggle("slds-is-active", on);
        document.getElementById(t.getAttribute("aria-controls")).hidden = !on;
      });
    }
    tabs.forEach(function (tab, i) {
      tab.addEventListener("click", function (e) { e.preventDefault(); select(tab); });
      tab.addEventListener("keydown", function (e) {
        var to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
        if (to === undefined) return;
        e.preventDefault();
        var next = tabs[(to + tabs.length) % tabs.length];
        select(next);
        next.focus();
      });
    });
  });

  /* -- the opportunity's path: choosing a step other than the current one offers "Mark as Current Stage"
     for it, Closed offers "Select Closed Stage", the current one "Mark Stage as Complete" again ------ */
  var pathForm = document.querySelector("[data-path-form]"), closeLink = document.querySelector("[data-path-close]");
  if (pathForm) {
    var stageField = pathForm.querySelector("input[name=stage_name]"), stageButton = pathForm.querySelector("button");
    var steps = Array.prototype.slice.call(document.querySelectorAll("[data-path-stage]"));
    steps.forEach(function (step) {
      step.addEventListener("click", function () {
        var name = step.getAttribute("data-path-stage"), current = step.hasAttribute("data-current");
        var closing = name === "Closed", next = pathForm.getAttribute("data-next");
        steps.forEach(function (s) {
          s.setAttribute("aria-pressed", s === step ? "true" : "false");
          s.closest("li").classList.toggle("slds-is-active", s === step);
        });
        pathForm.hidden = closing || (current && !next);
        if (closeLink) closeLink.hidden = !(closing || (current && !next));
        stageField.value = current ? next : name;
        stageButton.textContent = current ? "Mark Stage as Complete" : "Mark as Current Stage";
        pathForm.setAttribute("aria-label", current ? "Mark stage as complete" : "Mark as current stage");
      });
    });
  }

  /* -- the report run page: Filters shows or hides the panel, a group's toggle its subgroups ---------- */
  Array.prototype.forEach.call(document.querySelectorAll("[data-report-filters], [data-group-toggle]"), function (b) {
    var target = document.getElementById(b.getAttribute("aria-controls"));
    b.addEventListener("click", function () {
      var open = b.getAttribute("aria-expanded") !== "true";
      b.setAttribute("aria-expanded", open ? "true" : "false");
      target.hidden = !open;
      var layout = target.closest(".report-layout");
      if (layout && b.hasAttribute("data-report-filters")) layout.classList.toggle("filters-closed", !open);
    });
  });

  /* -- a record page's Follow button: a toggle, remembered in this browser per record ----------------- */
  Array.prototype.forEach.call(document.querySelectorAll("[data-follow]"), function (b) {
    var key = "crm-follow:" + b.getAttribute("data-follow");
    function show(on) {
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.querySelector(".follow-off").hidden = on;
      b.querySelector(".follow-on").hidden = !on;
    }
    try { show(window.localStorage.getItem(key) === "1"); } catch (e) { show(false); }
    b.addEventListener("click", function () {
      var on = b.getAttribute("aria-pressed") !== "true";
      show(on);
      try { if (on) window.localStorage.setItem(key, "1"); else window.localStorage.removeItem(key); } catch (e) { /* private mode */ }
    });
  });

  /* -- the Report Builder: its preview's Detail Rows toggle runs the preview again ---------------------- */
  /* (unless the builder's Update Preview Automatically is off) */
  var autoPreview = document.querySelector("[data-auto-preview]");
  Array.prototype.forEach.call(document.querySelectorAll("[data-rerun]"), function (box) {
    box.addEventListener("change", function () { if (!autoPreview || autoPreview.checked) box.form.requestSubmit(); });
  });
  /* the report footer's Row Counts, Subtotals and Grand Total toggles show or hide those parts of the table */
  Array.prototype.forEach.call(document.querySelectorAll("[data-report-display]"), function (box) {
    box.addEventListener("change", function () {
      var results = box.closest(".report-results");
      results.classList.toggle("report-hide-" + box.getAttribute("data-report-display"), !box.checked);
    });
  });
  /* its Outline's "Add group..." / "Add column..." lookups: a field picked from the suggestions is added */
  Array.prototype.forEach.call(document.querySelectorAll("[data-add-field]"), function (box) {
    box.addEventListener("change", function () { if (box.value.trim()) box.form.requestSubmit(); });
    box.addEventListener("keydown", function (e) {  // Enter adds the field (the builder again, not Run Report)
      if (e.key === "Enter") { e.preventDefault(); if (box.value.trim()) box.form.requestSubmit(); }
    });
  });
  /* -- the report run page's toolbar: Chart shows or hides the chart ---------------------------------- */
  var chartToggle = document.querySelector("[data-report-chart]");
  if (chartToggle) chartToggle.addEventListener("click", function () {
    var on = chartToggle.getAttribute("aria-pressed") !== "true";
    chartToggle.setAttribute("aria-pressed", on ? "true" : "false");
    var chart = document.getElementById("report-chart");
    if (chart) chart.hidden = !on;
  });

  /* -- the Activity timeline: an item's chevron shows its details, a section's title folds it, Expand All -- */
  function openItem(b, open) {
    b.setAttribute("aria-expanded", open ? "true" : "false");
    document.getElementById(b.getAttribute("aria-controls")).hidden = !open;
    b.closest("[data-timeline-item]").classList.toggle("slds-is-open", open);
  }
  Array.prototype.forEach.call(document.querySelectorAll("[data-timeline-toggle]"), function (b) {
    b.addEventListener("click", function () { openItem(b, b.getAttribute("aria-expanded") !== "true"); });
  });
  Array.prototype.forEach.call(document.querySelectorAll("[data-timeline-section-toggle]"), function (b) {
    b.addEventListener("click", function () {
      var open = b.getAttribute("aria-expanded") !== "true";
      b.setAttribute("aria-expanded", open ? "true" : "false");
      document.getElementById(b.getAttribute("aria-controls")).hidden = !open;
      b.closest("[data-timeline-section]").classList.toggle("slds-is-open", open);
    });
  });
  Array.prototype.forEach.call(document.querySelectorAll("[data-timeline-all]"), function (all) {
    all.addEventListener("click", function () {
      var open = all.getAttribute("aria-pressed") !== "true";
      all.setAttribute("aria-pressed", open ? "true" : "false");
      all.textContent = open ? "Collapse All" : "Expand All";
      Array.prototype.forEach.call(all.closest(".activity-card").querySelectorAll("[data-timeline-toggle]"), function (b) { openItem(b, open); });
    });
  });

  /* -- field-level help: the (i) shows its tooltip on focus or click (and hover, in CSS); Escape hides it -- */
  Array.prototype.forEach.call(document.querySelectorAll("[data-field-help]"), function (b) {
    var wrap = b.parentNode;
    function show(on) { wrap.classList.toggle("open", on); wrap.classList.remove("dismissed"); }
    b.addEventListener("focus", function () { show(true); });
    b.addEventListener("blur", function () { show(false); });
    b.addEventListener("click", function () { b.focus(); show(true); });
    wrap.addEventListener("mouseleave", function () { wrap.classList.remove("dismissed"); });
    b.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && (wrap.classList.contains("open") || wrap.matches(":hover"))) {
        e.preventDefault(); e.stopPropagation();
        wrap.classList.remove("open"); wrap.classList.add("dismissed");
      }
    });
  });

  /* -- a note's rich text toolbar: marks up the selected lines or text of its text area -------------- */
  var MARKS = { bold: ["**", "**"], italic: ["_", "_"], underline: ["<u>", "</u>"], strikethrough: ["~~", "~~"], link: ["[", "](https://)"] };
  Array.prototype.forEach.call(document.querySelectorAll("[data-rte]"), function (b) {
    b.addEventListener("click", function () {
      var area = document.getElementById(b.closest("[role=toolbar]").getAttribute("aria-controls"));
      var start = area.selectionStart, end = area.selectionEnd, text = area.value.slice(start, end);
      var kind = b.getAttribute("data-rte"), mark = MARKS[kind], out;
      if (mark) { out = mark[0] + text + mark[1]; }
      else {
        out = (text || "").split("\n").map(function (line, i) {
          return (kind === "richtextnumberedlist" ? (i + 1) + ". " : "\u2022 ") + line;
        }).join("\n");
      }
      area.setRangeText(out, start, end, "end");
      area.focus();
    });
  });

  /* -- Add Products, step 1: how many products are ticked --------------------------------------------- */
  var picked = document.querySelector("[data-selected-count]");
  if (picked) {
    picked.closest("form").addEventListener("change", function (e) {
      picked.textContent = e.currentTarget.querySelectorAll("input[name=entry]:checked").length;
      e.target.closest("tr").classList.toggle("slds-is-selected", e.target.checked);
    });
  }

  /* -- toasts -------------------------------------------------------------------------------------- */
  var toast = document.querySelector(".toast-container");
  if (toast) {
    document.cookie = "crm_toast=; Max-Age=0; SameSite=Strict; path=" + toast.getAttribute("data-cookie-path");
    toast.querySelector(".toast-close").addEventListener("click", function () { toast.remove(); });
  }
})();
