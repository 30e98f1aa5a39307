/* The CRM's page behaviour: lookup search comboboxes (ARIA 1.2 combobox with a listbox popup) and toasts.
   Everything degrades: without this script a lookup is a text box whose typed name is resolved on save. */
(function () {
  "use strict";

  /* -- lookups ------------------------------------------------------------------------------------- */
  function Lookup(box) {
    var input = box.querySelector("[role=combobox]");
    var hidden = box.querySelector("input[type=hidden]");
    var list = box.querySelector("[role=listbox]");
    var live = box.querySelector("[role=status]");
    var url = box.getAttribute("data-lookup-url");
    var timer = null, active = -1, options = [], seq = 0;

    function open(show) {
      list.hidden = !show;
      input.setAttribute("aria-expanded", show ? "true" : "false");
      if (!show) { input.removeAttribute("aria-activedescendant"); active = -1; }
    }
    function highlight(i) {
      options.forEach(function (o, j) { o.setAttribute("aria-selected", j === i ? "true" : "false"); });
      active = i;
      if (i >= 0) {
        input.setAttribute("aria-activedescendant", options[i].id);
        options[i].scrollIntoView({ block: "nearest" });
      }
    }
    function choose(o) {
      hidden.value = o.getAttribute("data-id");
      input.value = o.getAttribute("data-label");
      hidden.dispatchEvent(new Event("change", { bubbles: true }));
      open(false);
    }
    function render(results) {
      list.innerHTML = "";
      options = results.map(function (r, i) {
        var li = document.createElement("li");
        li.id = input.id + "-option-" + i;
        li.setAttribute("role", "option");
        li.setAttribute("aria-selected", "false");
        li.setAttribute("data-id", r.id);
        li.setAttribute("data-label", r.label);
        li.className = "option object-" + r.object;
        var main = document.createElement("span");
        main.id = li.id + "-label";
        main.className = "option-label";
        main.textContent = r.label;
        var meta = document.createElement("span");
        meta.id = li.id + "-meta";
        meta.className = "option-meta";
        li.setAttribute("aria-labelledby", main.id);
        li.setAttribute("aria-describedby", meta.id);
        meta.textContent = r.meta;
        li.appendChild(main);
        li.appendChild(meta);
        li.addEventListener("mousedown", function (e) { e.preventDefault(); });
        li.addEventListener("click", function () { choose(li); });
        list.appendChild(li);
        return li;
      });
      if (!options.length) {
        var none = document.createElement("li");
        none.className = "option empty";
        none.setAttribute("role", "presentation");
        none.textContent = "No results for “" + input.value.trim() + "”";
        list.appendChild(none);
      }
      live.textContent = options.length + (options.length === 1 ? " result" : " results");
      open(true);
    }
    function search() {
      var q = input.value.trim();
      if (q.length < 2) { open(false); return; }
      var mine = ++seq;
      fetch(url + "?q=" + encodeURIComponent(q), { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : { results: [] }; })
        .then(function (data) { if (mine === seq && document.activeElement === input) render(data.results); })
        .catch(function () {});
    }
    input.addEventListener("input", function () {
      hidden.value = "";
      clearTimeout(timer);
      timer = setTimeout(search, 150);
    });
    input.addEventListener("keydown", function (e) {
      if (e.key === "ArrowDown") {
        e.preventDefault();
        if (list.hidden) { search(); return; }
        if (options.length) highlight((active + 1) % options.length);
      } else if (e.key === "ArrowUp") {
        e.preventDefault();
        if (options.length) highlight(active <= 0 ? options.length - 1 : active - 1);
      } else if (e.key === "Enter" && !list.hidden && active >= 0) {
        e.preventDefault();
        choose(options[active]);
      } else if (e.key === "Escape" && !list.hidden) {
        e.preventDefault();
        e.stopPropagation();
        open(false);
      }
    });
    input.addEventListener("blur", function () { setTimeout(function () { open(false); }, 100); });
  }
  Array.prototype.forEach.call(document.querySelectorAll(".combobox[data-lookup-url]"), Lookup);

  /* -- the Convert modal: a suggested match fills its lookup and picks Choose Existing; typing into a
     section's field picks that section's choice ------------------------------------------------------ */
  Array.prototype.forEach.call(document.querySelectorAll("[data-pick-target]"), function (button) {
    button.addEventListener("click", function () {
      var input = document.getElementById(button.getAttribute("data-pick-target"));
      var box = input.closest(".combobox");
      input.value = button.getAttribute("data-pick-label");
      box.querySelector("input[type=hidden]").value = button.getAttribute("data-pick-id");
      var radio = input.closest(".choice").querySelector("input[type=radio]");
      if (radio) radio.checked = true;
    });
  });
  Array.prototype.forEach.call(document.querySelectorAll(".convert-choices .choice"), function (choice) {
    var radio = choice.querySelector("input[type=radio]");
    choice.addEventListener("input", function (e) { if (e.target !== radio) radio.checked = true; });
  });
  var dialog = document.querySelector("[role=dialog][aria-modal=true]");
  if (dialog) {
    var first = dialog.querySelector("input[type=radio]:checked") || dialog.querySelector("input, select, button");
    if (first) first.focus();
    document.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && !e.defaultPrevented) {
        var cancel = dialog.querySelector(".modal-footer a");
        if (cancel) window.location.href = cancel.href;
      }
    });
  }

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
    var control = form.querySelector("input[name=value], select[name=value]");
    var cell = pencil.closest("td");
    function edit(on) {
      form.hidden = !on;
      pencil.setAttribute("aria-expanded", on ? "true" : "false");
      cell.classList.toggle("editing", on);
      if (on) control.focus(); else pencil.focus();
    }
    pencil.addEventListener("click", function () { edit(form.hidden); });
    form.addEventListener("keydown", function (e) {
      if (e.key === "Enter") { e.preventDefault(); form.requestSubmit(); }
      else if (e.key === "Escape") { e.preventDefault(); edit(false); }
    });
  });

  /* -- toasts -------------------------------------------------------------------------------------- */
  var toast = document.querySelector(".toast-container");
  if (toast) {
    document.cookie = "crm_toast=; Max-Age=0; SameSite=Strict; path=" + toast.getAttribute("data-cookie-path");
    toast.querySelector(".toast-close").addEventListener("click", function () { toast.remove(); });
  }
})();
