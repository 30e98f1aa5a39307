/* Excel for the web, keyboard and mouse: click a cell, type (Enter down, Tab right, Shift for back,
   arrows move, Esc cancels, F2 or a double-click edits in place, Delete clears), a formula bar with the
   active cell's raw input, a Name Box to go to an address. Each commit posts to the cell route (the
   update_cell action) and redraws the rows shown; rows are fetched by range as the grid scrolls. */
(function () {
  "use strict";
  var grid = document.getElementById("grid"), body = document.getElementById("grid-rows");
  var scroller = document.getElementById("grid-scroll"), status = document.getElementById("grid-status");
  var nameBox = document.getElementById("name-box"), bar = document.getElementById("formula-bar");
  var formatPicker = document.getElementById("number-format");
  var cellUrl = grid.getAttribute("data-cell-url"), rowsUrl = grid.getAttribute("data-rows-url");
  var worksheet = grid.getAttribute("data-worksheet"), cols = +grid.getAttribute("data-cols");
  var rows = +scroller.getAttribute("data-rows"), size = +scroller.getAttribute("data-window");
  var ROW_H = 24, first = 1, active = null, editor = null, queue = Promise.resolve(), pending = 0, held = null;

  function parse(a) {
    var m = /^([A-Z]+)([0-9]+)$/.exec((a || "").trim().toUpperCase().replace(/\$/g, ""));
    if (!m) return null;
    var c = 0;
    for (var i = 0; i < m[1].length; i++) c = c * 26 + m[1].charCodeAt(i) - 64;
    return { r: +m[2], c: c };
  }
  function letters(c) { var s = ""; for (; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + (c - 1) % 26) + s; return s; }
  function addr(r, c) { return letters(c) + r; }
  function cellAt(a) { return body.querySelector('td[data-a="' + a + '"]'); }
  function trace() { return window.saasgymTrace ? window.saasgymTrace.take() : []; }
  function busy(delta) {
    pending += delta;
    if (pending > 0) grid.setAttribute("aria-busy", "true"); else grid.removeAttribute("aria-busy");
  }
  function say(text) { status.textContent = text; }

  function spacer(height) {
    var tr = document.createElement("tr");
    tr.setAttribute("aria-hidden", "true");
    tr.className = "o-spacer";
    var td = document.createElement("td");
    td.colSpan = cols + 1;
    td.style.height = height + "px";
    tr.appendChild(td);
    return tr;
  }
  /* Show rows from..from+size-1, read from the server by range. */
  function load(from) {
    from = Math.max(1, Math.min(from, Math.max(1, rows - size + 1)));
    busy(1);
    return fetch(rowsUrl, { method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
      body: JSON.stringify({ worksheet: worksheet, first: from, last: from + size - 1 }) })
      .then(function (r) { return r.json(); })
      .then(function (data) { if (data.html !== undefined) draw(from, data.html); })
      .finally(function () { busy(-1); });
  }
  /* Rows from `from` as the server drew them: in place when the same rows are shown (the cell being
     typed into and the focus stay), else replacing the rows (the active cell keeps the focus). */
  function draw(from, html) {
    var fresh = document.createElement("tbody");
    fresh.innerHTML = html;
    var cells = fresh.querySelectorAll("td[data-a]");
    if (from === first && cells.length && Array.prototype.every.call(cells, function (src) { return cellAt(src.getAttribute("data-a")); })) {
      cells.forEach(function (src) {
        var dst = cellAt(src.getAttribute("data-a"));
        ["data-raw", "data-fmt", "aria-label", "class"].forEach(function (k) {
          if (src.hasAttribute(k)) dst.setAttribute(k, src.getAttribute(k)); else dst.removeAttribute(k);
        });
        if (editor && editor.td === dst) editor.shown = src.textContent; else dst.textContent = src.textContent;
      });
      if (active) { var td = cellAt(addr(active.r, active.c)); if (td && !editor) bar.value = td.getAttribute("data-raw"); }
      return;
    }
    var focused = grid.contains(document.activeElement) || document.activeElement === document.body;
    if (editor) finish(true, 0, 0);
    first = from;
    body.innerHTML = html;
    var shown = body.querySelectorAll("tr").length;
    body.insertBefore(spacer((from - 1) * ROW_H), body.firstChild);
    body.appendChild(spacer(Math.max(0, rows - (from - 1) - shown) * ROW_H));
    if (active) select(active.r, active.c, focused ? "focus" : false);
  }

  function select(r, c, scroll) {
    r = Math.max(1, Math.min(rows, r));
    c = Math.max(1, Math.min(cols, c));
    active = { r: r, c: c };
    body.querySelectorAll('td[aria-selected="true"]').forEach(function (td) { td.setAttribute("aria-selected", "false"); td.tabIndex = -1; });
    nameBox.value = addr(r, c);
    var td = cellAt(addr(r, c));
    if (!td) {
      if (scroll === true || scroll === undefined) load(r - 5).then(function () { var t = cellAt(addr(r, c)); if (t) { t.focus(); t.scrollIntoView({ block: "nearest" }); } });
      return;
    }
    td.setAttribute("aria-selected", "true");
    td.tabIndex = 0;
    bar.value = td.getAttribute("data-raw");
    if (formatPicker) formatPicker.value = td.getAttribute("data-fmt") || "General";
    if (scroll !== false) td.focus({ preventScroll: true });
    if (scroll === true || scroll === undefined) td.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
  function move(dr, dc) { if (active) select(active.r + dr, active.c + dc); }

  /* Commit `value` (a number format too, optionally) to cell `a`; rows shown are redrawn. */
  function commit(a, value, format) {
    if (!cellUrl) return;
    var events = trace(), td = cellAt(a);
    if (td) { td.textContent = value; td.setAttribute("data-raw", value); }
    busy(1);
    queue = queue.then(function () {
      return fetch(cellUrl, { method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
        body: JSON.stringify({ worksheet: worksheet, address: a, value: value, number_format: format || null,
          first: first, last: first + size - 1, trace: events }) })
        .then(function (r) { return r.json().then(function (data) { return [r.ok, data]; }); })
        .then(function (res) {
          if (res[0]) { redraw(res[1].html); say("Saved " + a + "."); }
          else { say(res[1].error || "The cell was not changed."); var p = parse(a); load(first).then(function () { select(p.r, p.c); }); }
        })
        .catch(function () { say("Not saved: the server did not answer."); })
        .finally(function () { busy(-1); });
    });
  }

  /* Rows a save sent back: drawn now, or once the cell being typed into is left (a redraw would drop it). */
  function redraw(html) {
    if (editor) held = html; else draw(first, html);
  }

  function startEdit(initial, inPlace) {
    if (!cellUrl || !active) return;
    var td = cellAt(addr(active.r, active.c));
    if (!td) return;
    editor = { td: td, before: td.getAttribute("data-raw"), inPlace: inPlace, shown: td.textContent };
    var input = document.createElement("input");
    input.className = "o-celledit";
    input.setAttribute("aria-label", "Edit " + td.getAttribute("data-a"));
    input.value = initial;
    td.textContent = "";
    td.appendChild(input);
    editor.input = input;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
    input.addEventListener("input", function () { bar.value = input.value; });
    input.addEventListener("keydown", editKey);
    input.addEventListener("blur", function () { if (editor && editor.input === input) finish(true, 0, 0); });
  }
  function finish(save, dr, dc) {
    var e = editor;
    editor = null;
    var value = e.input.value;
    e.td.textContent = e.shown;
    if (held !== null) { var rows = held; held = null; draw(first, rows); }
    if (save && value !== e.before) commit(e.td.getAttribute("data-a"), value);
    if (dr || dc) move(dr, dc); else if (document.activeElement === document.body || !document.activeElement) e.td.focus();
  }
  function editKey(ev) {
    var k = ev.key;
    if (k === "Enter") { ev.preventDefault(); finish(true, ev.shiftKey ? -1 : 1, 0); }
    else if (k === "Tab") { ev.preventDefault(); finish(true, 0, ev.shiftKey ? -1 : 1); }
    else if (k === "Escape") { ev.preventDefault(); finish(false, 0, 0); select(active.r, active.c); }
    else if (!editor.inPlace && /^Arrow/.test(k)) {
      ev.preventDefault();
      finish(true, k === "ArrowDown" ? 1 : k === "ArrowUp" ? -1 : 0, k === "ArrowRight" ? 1 : k === "ArrowLeft" ? -1 : 0);
    }
    ev.stopPropagation();
  }

  body.addEventListener("click", function (ev) {
    var td = ev.target.closest("td[role=gridcell]");
    if (!td || (editor && editor.td === td)) return;
    var p = parse(td.getAttribute("data-a"));
    select(p.r, p.c);
  });
  body.addEventListener("dblclick", function (ev) {
    var td = ev.target.closest("td[role=gridcell]");
    if (td && !editor) startEdit(td.getAttribute("data-raw"), true);
  });
  grid.addEventListener("keydown", function (ev) {
    if (editor || !active || ev.target.tagName === "INPUT") return;
    var k = ev.key, moves = { ArrowDown: [1, 0], ArrowUp: [-1, 0], ArrowRight: [0, 1], ArrowLeft: [0, -1] };
    if (moves[k]) { ev.preventDefault(); move(moves[k][0], moves[k][1]); }
    else if (k === "Enter") { ev.preventDefault(); move(ev.shiftKey ? -1 : 1, 0); }
    else if (k === "Tab") { ev.preventDefault(); move(0, ev.shiftKey ? -1 : 1); }
    else if (k === "F2") { ev.preventDefault(); startEdit(cellAt(addr(active.r, active.c)).getAttribute("data-raw"), true); }
    else if ((k === "Delete" || k === "Backspace") && cellUrl) { ev.preventDefault(); commit(addr(active.r, active.c), ""); }
    else if (k.length === 1 && !ev.ctrlKey && !ev.metaKey && !ev.altKey && cellUrl) { ev.preventDefault(); startEdit(k, false); }
  });

  bar.addEventListener("keydown", function (ev) {
    if (!active) return;
    if (ev.key === "Enter") { ev.preventDefault(); commit(addr(active.r, active.c), bar.value); move(1, 0); }
    else if (ev.key === "Escape") { ev.preventDefault(); select(active.r, active.c); }
  });
  nameBox.addEventListener("keydown", function (ev) {
    if (ev.key !== "Enter") return;
    ev.preventDefault();
    var p = parse(nameBox.value);
    if (!p || p.r > rows || p.c > cols) { say("Enter a cell address inside the sheet, e.g. A1 or " + addr(rows, cols) + "."); return; }
    select(p.r, p.c);
  });
  if (formatPicker) formatPicker.addEventListener("change", function () {
    if (!active) return;
    var td = cellAt(addr(active.r, active.c));
    if (td && td.getAttribute("data-raw") !== "") commit(addr(active.r, active.c), td.getAttribute("data-raw"), formatPicker.value);
  });

  var scrollTimer = null;
  var lastTop = scroller.scrollTop;
  scroller.addEventListener("scroll", function () {
    clearTimeout(scrollTimer);
    scrollTimer = setTimeout(function () {
      if (scroller.scrollTop === lastTop) return;  /* a sideways scroll (to a column): the same rows */
      lastTop = scroller.scrollTop;
      var top = Math.floor(scroller.scrollTop / ROW_H) + 1;
      var above = top < first + 5 && first > 1, below = top + 20 > first + size - 1 && first + size - 1 < rows;
      if (above || below) { if (editor) finish(true, 0, 0); load(top - 15); }
    }, 120);
  });

  first = 0;
  draw(1, body.innerHTML);
  var start = parse(grid.getAttribute("data-active")) || { r: 1, c: 1 };
  select(start.r, start.c, false);
  var td0 = cellAt(addr(active.r, active.c));
  if (td0) td0.tabIndex = 0;
})();
