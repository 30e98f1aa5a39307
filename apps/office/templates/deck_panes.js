/* PowerPoint for the web around the canvas: the notes pane saves itself a moment after you stop typing
   (update_slide_notes); the selected table's cells are typed into on the slide and saved when you leave the
   table (update_table_cells), and the Table Layout tab's commands act at the cell you were in; a chart's data
   grid grows by Add row / Add column; the Slide Sorter's context menus (right-click, Shift+F10),
   Ctrl+ArrowLeft/Right and drag. */
(function () {
  "use strict";
  var status = document.getElementById("deck-status");
  function say(text) { if (status) status.textContent = text; }
  function send(url, body, busy) {
    busy.setAttribute("aria-busy", "true");
    say("Saving…");
    body.trace = window.saasgymTrace ? window.saasgymTrace.take() : [];
    return fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
      body: JSON.stringify(body), keepalive: true })
      .then(function (r) { return r.json().then(function (d) { return { ok: r.ok, data: d }; }); })
      .then(function (res) { say(res.ok ? "Saved" : (res.data.error || "Not saved.")); return res.ok; },
        function () { say("Not saved: the connection failed."); return false; })
      .then(function (ok) { busy.removeAttribute("aria-busy"); return ok; });
  }

  /* a context menu's keys: arrows, Home and End move between its entries; Escape or Tab close it (`close`) */
  function menuKeys(menu, close) {
    var items = Array.prototype.slice.call(menu.querySelectorAll("[role=menuitem]"));
    menu.addEventListener("keydown", function (e) {
      var at = items.indexOf(document.activeElement), to = null;
      if (e.key === "ArrowDown") to = at + 1;
      else if (e.key === "ArrowUp") to = at - 1;
      else if (e.key === "Home") to = 0;
      else if (e.key === "End") to = items.length - 1;
      else if (e.key === "Escape" || e.key === "Tab") { e.preventDefault(); close(); return; }
      if (to === null) return;
      e.preventDefault();
      items[(to + items.length) % items.length].focus();
    });
  }
  window.saasgymMenuKeys = menuKeys;  /* the selected chart's menu too (deck_chart_data.js) */

  /* -- notes: saved 600 ms after the last key, or at once when you leave the pane -- */
  var pane = document.querySelector("#notes-pane[data-autosave]");
  if (pane) {
    var notes = pane.querySelector("textarea"), saved = notes.value, timer = null;
    var flush = function () {
      clearTimeout(timer);
      timer = null;
      if (notes.value === saved) { pane.removeAttribute("aria-busy"); return; }
      var value = notes.value;
      send(pane.getAttribute("data-save-url"), { slide_id: pane.getAttribute("data-slide-id"), notes: value }, pane)
        .then(function (ok) { if (ok) saved = value; });
    };
    notes.addEventListener("input", function () {
      pane.setAttribute("aria-busy", "true");
      clearTimeout(timer);
      timer = setTimeout(flush, 600);
    });
    notes.addEventListener("blur", flush);
    window.addEventListener("pagehide", function () { if (timer) flush(); });
  }

  /* -- the selected table: cells typed in place, the Table Layout tab at the current cell -- */
  var table = document.querySelector(".d-table-edit");
  var canvas = document.getElementById("d-canvas");
  if (table && canvas) {
    var inputs = Array.prototype.slice.call(table.querySelectorAll("textarea"));
    var snapshot = function () { return JSON.stringify(inputs.map(function (i) { return i.value; })); };
    var stored = snapshot(), at = null;
    var saveCells = function () {
      if (snapshot() === stored) return Promise.resolve(true);
      var now = snapshot();
      var cells = inputs.map(function (i) {
        return { row: Number(i.getAttribute("data-row")), column: Number(i.getAttribute("data-column")), text: i.value };
      });
      return send(canvas.getAttribute("data-save-url").replace(/\/text$/, "/cells"),
        { slide_id: canvas.getAttribute("data-slide-id"), shape_id: table.getAttribute("data-shape-id"), cells: cells }, canvas)
        .then(function (ok) { if (ok) stored = now; return ok; });
    };
    var pick = function (input) {
      at = { row: Number(input.getAttribute("data-row")), column: Number(input.getAttribute("data-column")) };
      var note = document.getElementById("table-cell-status");
      if (note) note.textContent = "Row " + at.row + ", column " + at.column;
      var set = { "f-row-above": ["after", at.row - 1], "f-row-below": ["after", at.row], "f-col-left": ["after", at.column - 1],
        "f-col-right": ["after", at.column], "f-row-delete": ["number", at.row], "f-col-delete": ["number", at.column] };
      Object.keys(set).forEach(function (id) {
        var form = document.getElementById(id);
        if (form) form.querySelector("[name=" + set[id][0] + "]").value = set[id][1];
      });
    };
    inputs.forEach(function (input) {
      input.addEventListener("focus", function () { pick(input); });
      input.addEventListener("keydown", function (e) {
        if (e.key === "Escape" || e.key === "Enter") { e.preventDefault(); input.blur(); }  // focusout saves
      });
    });
    table.addEventListener("focusout", function (e) {
      if (!(e.relatedTarget && table.contains(e.relatedTarget))) saveCells();
    });
    var back = document.getElementById("tab-table");  // after a table command, its tab again
    if (back && sessionStorage.getItem("deck-table-tab")) back.click();
    sessionStorage.removeItem("deck-table-tab");
    Array.prototype.forEach.call(document.querySelectorAll("[data-table-form]"), function (form) {
      form.addEventListener("submit", function (e) {  // typed cells first, then the row or column command
        sessionStorage.setItem("deck-table-tab", "1");
        if (snapshot() === stored) return;
        e.preventDefault();
        saveCells().then(function (ok) { if (ok) form.submit(); });
      });
    });
  }

  /* -- Insert Chart…: the gallery previews the type picked; Next shows its data sheet (PowerPoint's sample
     data for that type while nothing was typed over it), Back the gallery again -- */
  Array.prototype.forEach.call(document.querySelectorAll(".d-chartdlg"), function (form) {
    var samples = JSON.parse(form.getAttribute("data-samples")), typed = false;
    function kind() { var r = form.querySelector("input[name=chart_type]:checked"); return r ? r.value : "column"; }
    function fill() {
      var sheet = kind() === "pie" ? samples.pie : samples.chart;
      Array.prototype.forEach.call(form.querySelectorAll("[data-chart-grid] input"), function (input) {
        var m = /^grid-(\d+)-(\d+)$/.exec(input.name);
        var row = m && sheet[+m[1] - 1];
        input.value = row && row[+m[2] - 1] !== undefined ? row[+m[2] - 1] : "";
      });
    }
    form.addEventListener("change", function (e) {
      if (e.target.name === "chart_type") {
        Array.prototype.forEach.call(form.querySelectorAll("[data-preview]"), function (f) { f.hidden = f.getAttribute("data-preview") !== kind(); });
        if (!typed) fill();
      }
    });
    form.addEventListener("input", function (e) { if (/^grid-/.test(e.target.name)) typed = true; });
    Array.prototype.forEach.call(form.querySelectorAll("[data-step-go]"), function (b) {
      b.addEventListener("click", function () {
        var to = b.getAttribute("data-step-go");
        form.setAttribute("data-step", to);
        var first = form.querySelector(to === "data" ? "#gallery-chart-title" : "input[name=chart_type]:checked");
        if (first) first.focus();
      });
    });
  });

  /* -- a chart's data grid: Add row / Add column -- */
  Array.prototype.forEach.call(document.querySelectorAll("[data-chart-grid]"), function (grid) {
    var label = grid.getAttribute("data-label");
    var letter = function (c) { return "ABCDEFGHIJKLMNOPQRSTUVWXYZ".charAt(c - 1); };
    var cell = function (r, c) {
      var td = document.createElement("td"), input = document.createElement("input");
      input.name = "grid-" + r + "-" + c;
      input.setAttribute("aria-label", label + " " + letter(c) + r);
      td.appendChild(input);
      return td;
    };
    grid.addEventListener("click", function (e) {
      var b = e.target.closest("[data-grid-add]");
      if (!b) return;
      var head = grid.querySelector("thead tr"), body = grid.querySelector("tbody");
      var rows = body.rows.length, cols = head.cells.length - 1, first = null;
      if (b.getAttribute("data-grid-add") === "row") {
        var tr = document.createElement("tr"), th = document.createElement("th");
        th.scope = "row";
        th.textContent = rows + 1;
        tr.appendChild(th);
        for (var c = 1; c <= cols; c++) tr.appendChild(cell(rows + 1, c));
        body.appendChild(tr);
        first = tr.querySelector("input");
      } else if (cols < 26) {
        var h = document.createElement("th");
        h.scope = "col";
        h.textContent = letter(cols + 1);
        head.appendChild(h);
        Array.prototype.forEach.call(body.rows, function (tr, i) {
          var td = cell(i + 1, cols + 1);
          tr.appendChild(td);
          if (!first) first = td.firstChild;
        });
      }
      if (first) first.focus();
    });
  });

  /* -- Slide Sorter: a menu per slide, right-click, Ctrl+ArrowLeft/Right and drag to move -- */
  var sorter = document.querySelector("[data-sorter]");
  if (sorter) {
    var cards = Array.prototype.slice.call(sorter.querySelectorAll(".d-card"));
    var move = function (card, to) {
      if (to < 1 || to > cards.length) return;
      var form = document.getElementById("f-sort-move");
      form.querySelector("[name=slide]").value = card.getAttribute("data-number");
      form.querySelector("[name=slide_id]").value = card.getAttribute("data-slide-id");
      form.querySelector("[name=position]").value = to;
      form.requestSubmit ? form.requestSubmit() : form.submit();
    };
    var dragged = null;
    var closeMenus = function (except) {
      cards.forEach(function (c) {
        var m = c.querySelector(".d-context");
        if (m && m !== except) m.hidden = true;
      });
    };
    var openMenu = function (card, x, y) {  // the slide's context menu, at the pointer or under the slide
      var menu = card.querySelector(".d-context");
      if (!menu) return;
      closeMenus(menu);
      menu.hidden = false;
      var box = card.getBoundingClientRect();
      menu.style.left = (x === undefined ? 8 : x - box.left) + "px";
      menu.style.top = (y === undefined ? box.height - 24 : y - box.top) + "px";
      var first = menu.querySelector("[role=menuitem]");
      if (first) first.focus();
    };
    document.addEventListener("click", function (e) { if (!e.target.closest(".d-context")) closeMenus(null); });
    cards.forEach(function (card, i) {
      var link = card.querySelector("a"), menu = card.querySelector(".d-context");
      card.addEventListener("contextmenu", function (e) {
        if (!menu) return;
        e.preventDefault();
        openMenu(card, e.clientX, e.clientY);
      });
      if (menu) menuKeys(menu, function () { menu.hidden = true; link.focus(); });
      link.addEventListener("keydown", function (e) {
        var n = i + 1;
        if ((e.shiftKey && e.key === "F10") || e.key === "ContextMenu") {
          e.preventDefault();
          openMenu(card);
        } else if ((e.ctrlKey || e.metaKey) && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
          e.preventDefault();
          move(card, e.key === "ArrowLeft" ? n - 1 : n + 1);
        } else if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
          e.preventDefault();
          var next = cards[i + (e.key === "ArrowRight" ? 1 : -1)];
          if (next) next.querySelector("a").focus();
        }
      });
      link.addEventListener("dragstart", function (e) {
        dragged = card;
        e.dataTransfer.effectAllowed = "move";
        e.dataTransfer.setData("text/plain", card.getAttribute("data-slide-id"));
      });
      card.addEventListener("dragover", function (e) { if (dragged && dragged !== card) { e.preventDefault(); card.classList.add("d-drop"); } });
      card.addEventListener("dragleave", function () { card.classList.remove("d-drop"); });
      card.addEventListener("drop", function (e) {
        e.preventDefault();
        card.classList.remove("d-drop");
        if (dragged && dragged !== card) move(dragged, i + 1);
        dragged = null;
      });
    });
    var focusCurrent = sorter.querySelector("a[aria-current=page]");
    if (focusCurrent && /[?&]focus=sorter/.test(location.search)) focusCurrent.focus();
  }

})();
