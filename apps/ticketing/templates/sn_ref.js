/* ServiceNow's reference field icons. The magnifier opens the lookup list: a dialog searching the reference
   table (/ref/<table>, the type-ahead's own answer), each row's name a button that puts it in the field.
   The (i) previews the record the field holds: its details from /ref/<table>/preview; Escape or the icon
   again closes it. The (i) shows once the field names a record. */
(function () {
  "use strict";
  var dialog = document.getElementById("sn-ref-dialog");
  if (!dialog) return;
  var title = document.getElementById("sn-ref-title"), box = document.getElementById("sn-ref-q");
  var rows = dialog.querySelector("tbody"), field = null, opener = null;

  function text(tag, value) { var el = document.createElement(tag); el.textContent = value || ""; return el; }
  function search() {
    var url = field.getAttribute("data-ref") + "?q=" + encodeURIComponent(box.value.trim());
    dialog.setAttribute("aria-busy", "true");
    fetch(url, { credentials: "same-origin" }).then(function (r) { return r.json(); }).then(function (found) {
      rows.textContent = "";
      (found || []).forEach(function (r) {
        var tr = document.createElement("tr"), th = document.createElement("th"), pick = text("button", r.label);
        pick.type = "button";
        pick.className = "sn-ref-pick";
        pick.addEventListener("click", function () {
          field.value = r.value;
          field.dispatchEvent(new Event("change", { bubbles: true }));
          dialog.close();
          field.focus();
          showPreviewIcon(field);
        });
        th.scope = "row";
        th.appendChild(pick);
        tr.appendChild(th);
        tr.appendChild(text("td", r.detail));
        rows.appendChild(tr);
      });
      if (!found || !found.length) { var tr = document.createElement("tr"); var td = text("td", "No records to display"); td.colSpan = 2; tr.appendChild(td); rows.appendChild(tr); }
    }).finally(function () { dialog.removeAttribute("aria-busy"); });
  }
  function showPreviewIcon(input) {
    var preview = document.querySelector('[data-ref-preview="' + input.id + '"]');
    if (preview) preview.hidden = !input.value.trim();
  }

  document.querySelectorAll("[data-ref-lookup]").forEach(function (button) {
    button.addEventListener("click", function () {
      field = document.getElementById(button.getAttribute("data-ref-lookup"));
      opener = button;
      title.textContent = "Look up: " + (field.labels.length ? field.labels[0].textContent.replace("*", "").trim() : "record");
      box.value = field.value;
      dialog.showModal();
      box.focus();
      search();
    });
  });
  dialog.querySelector("form").addEventListener("submit", function (e) { e.preventDefault(); search(); });
  dialog.querySelector("[data-close]").addEventListener("click", function () { dialog.close(); });
  dialog.addEventListener("close", function () { if (opener && !dialog.contains(document.activeElement)) opener.focus(); });

  document.querySelectorAll("[data-ref-preview]").forEach(function (button) {
    var input = document.getElementById(button.getAttribute("data-ref-preview"));
    var panel = document.getElementById(button.getAttribute("aria-controls"));
    input.addEventListener("input", function () { showPreviewIcon(input); });
    function close() { panel.hidden = true; button.setAttribute("aria-expanded", "false"); }
    button.addEventListener("click", function () {
      if (!panel.hidden) { close(); return; }
      fetch(button.getAttribute("data-preview-url") + "?value=" + encodeURIComponent(input.value.trim()), { credentials: "same-origin" })
        .then(function (r) { return r.json().then(function (d) { return [r.ok, d]; }); })
        .then(function (res) {
          panel.textContent = "";
          panel.appendChild(text("h3", res[0] ? res[1].title : "No record"));
          if (!res[0]) { panel.appendChild(text("p", res[1].error)); }
          else {
            var dl = document.createElement("dl");
            res[1].fields.forEach(function (f) { dl.appendChild(text("dt", f[0])); dl.appendChild(text("dd", f[1])); });
            panel.appendChild(dl);
          }
          panel.hidden = false;
          button.setAttribute("aria-expanded", "true");
        });
    });
    button.addEventListener("keydown", function (e) { if (e.key === "Escape") close(); });
    panel.addEventListener("keydown", function (e) { if (e.key === "Escape") { close(); button.focus(); } });
  });
})();
