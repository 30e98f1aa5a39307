/* Excel for the web, keyboard and mouse: click a cell, type (Enter down, Tab right, Shift for back,
   arrows move, Esc cancels, F2 or a double-click edits in place, Delete clears), a formula bar with the
   active cell's raw input, a Name Box to go to an address. Each commit posts to the cell route (the
   update_cell action) and redraws the rows shown; rows are fetched by range as the grid scrolls.
   Around a long sheet: Ctrl+Home / Ctrl+End (first / last used cell), Ctrl+arrows (edge of the data,
   asked of the edge route), Ctrl+F or "Find" (the find route: next / previous cell containing a text),
   and "Freeze Top Row" (row 1 stays on top while the rows below scroll). Shift+arrows or Shift+click select
   a range; the status bar sums it, and the headers of the rows and columns selected are highlighted. */
(function () {
  "use strict";
  var grid = document.getElementById("grid"), body = document.getElementById("grid-rows");
  var scroller = document.getElementById("grid-scroll"), status = document.getElementById("grid-status");
  var nameBox = document.getElementById("name-box"), bar = document.getElementById("formula-bar");
  var formatPicker = document.getElementById("number-format");
  var findBar = document.getElementById("find-bar"), findBox = document.getElementById("find-what");
  var findToggle = document.getElementById("find-open"), freezer = document.getElementById("freeze-top");
  var findUrl = grid.getAttribute("data-find-url"), edgeUrl = grid.getAttribute("data-edge-url");
  var usedRows = +scroller.getAttribute("data-used-rows"), usedCols = +scroller.getAttribute("data-used-cols");
  var cellUrl = grid.getAttribute("data-cell-url"), rowsUrl = grid.getAttribute("data-rows-url");
  var worksheet = grid.getAttribute("data-worksheet"), cols = +grid.getAttribute("data-cols");
  var rows = +scroller.getAttribute("data-rows"), size = +scroller.getAttribute("data-window");
  var ROW_H = 24, first = 1, active = null, editor = null, queue = Promise.resolve(), pending = 0, held = null;
  var frozen = false, topRow = null, loads = 0, loading = 0, scrollTimer = null, extent = null;
  var stats = document.getElementById("grid-stats"), heads = grid.querySelectorAll("thead th");

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
  /* Only the latest read is drawn, and a scroll still waiting to load rows is dropped: a jump (Name Box,
     Find, Ctrl+arrow) is never overdrawn by the rows of where the grid was scrolled before it. */
  function load(from) {
    from = Math.max(1, Math.min(from, Math.max(1, rows - size + 1)));
    clearTimeout(scrollTimer);
    var mine = ++loads;
    busy(1);
    loading++;
    return fetch(rowsUrl, { method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
      body: JSON.stringify({ worksheet: worksheet, first: from, last: from + size - 1 }) })
      .then(function (r) { return r.json(); })
      .then(function (data) { if (data.html !== undefined && mine === loads) draw(from, data.html); })
      .finally(function () { loading--; busy(-1); });
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
        ["data-raw", "data-fmt", "data-n", "aria-label", "class", "data-st", "style"].forEach(function (k) {
          if (src.hasAttribute(k)) dst.setAttribute(k, src.getAttribute(k)); else dst.removeAttribute(k);
        });
        if (editor && editor.td === dst) editor.shown = src.textContent; else dst.textContent = src.textContent;
      });
      if (active) { var td = cellAt(addr(active.r, active.c)); if (td && !editor) bar.value = td.getAttribute("data-raw"); }
      paint();
      return;
    }
    var focused = grid.contains(document.activeElement) || document.activeElement === document.body;
    if (editor) finish(true, 0, 0);
    first = from;
    body.innerHTML = html;
    var shown = body.querySelectorAll("tr").length;
    var top = body.querySelector('tr[data-row="1"]');
    if (top) topRow = top.outerHTML;
    var pinned = frozen && from > 1 && topRow;
    body.insertBefore(spacer(Math.max(0, from - (pinned ? 2 : 1)) * ROW_H), body.firstChild);
    body.appendChild(spacer(Math.max(0, rows - (from - 1) - shown) * ROW_H));
    if (pinned) {
      var holder = document.createElement("tbody");
      holder.innerHTML = topRow;
      body.insertBefore(holder.firstElementChild, body.firstChild);
    }
    var row1 = body.querySelector('tr[data-row="1"]');
    if (row1) row1.classList.toggle("o-frozen", frozen);
    if (active) select(active.r, active.c, focused ? "focus" : false);
  }

  function select(r, c, scroll) {
    r = Math.max(1, Math.min(rows, r));
    c = Math.max(1, Math.min(cols, c));
    active = { r: r, c: c };
    /* a redraw (rows arrived) keeps what is being typed into the Name Box or the formula bar, and the range */
    var redraw = scroll === false || scroll === "focus", typing = document.activeElement;
    if (!redraw) extent = null;
    paint();
    body.querySelectorAll('td[aria-selected="true"]').forEach(function (td) { td.setAttribute("aria-selected", "false"); td.tabIndex = -1; });
    if (!(redraw && typing === nameBox)) nameBox.value = addr(r, c);
    var td = cellAt(addr(r, c));
    if (!td) {
      if (scroll === true || scroll === undefined || scroll === "view") load(r - 5).then(function () {
        var t = cellAt(addr(r, c));
        if (t) { if (scroll !== "view") t.focus(); t.scrollIntoView({ block: "nearest" }); }
      });
      return;
    }
    /* a jump to a cell already drawn: rows still on their way for an earlier scroll position are stale */
    if (scroll === true || scroll === undefined || scroll === "view") loads++;
    td.setAttribute("aria-selected", "true");
    td.tabIndex = 0;
    if (!(redraw && typing === bar)) bar.value = td.getAttribute("data-raw");
    showFormat(td.getAttribute("data-fmt"));
    if (scroll !== false && scroll !== "view") td.focus({ preventScroll: true });
    if (scroll === true || scroll === undefined || scroll === "view") td.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
  function move(dr, dc) { if (active) select(active.r + dr, active.c + dc); }

  /* The selected range (the active cell to `extent`, Shift+arrows or Shift+click): its cells tinted, the
     row numbers and column letters it spans highlighted, and the status bar's Average / Count / Sum of
     the cells drawn (Count: cells not empty; Average and Sum: the numbers; shown for two cells or more). */
  function paint() {
    body.querySelectorAll("td.o-inrange").forEach(function (td) { td.classList.remove("o-inrange"); });
    grid.querySelectorAll("th.o-hl").forEach(function (th) { th.classList.remove("o-hl"); });
    if (!active) return;
    var end = extent || active;
    var r1 = Math.min(active.r, end.r), r2 = Math.max(active.r, end.r);
    var c1 = Math.min(active.c, end.c), c2 = Math.max(active.c, end.c);
    for (var c = c1; c <= c2; c++) if (heads[c]) heads[c].classList.add("o-hl");
    var count = 0, numbers = 0, sum = 0;
    body.querySelectorAll("tr[data-row]").forEach(function (tr) {
      var r = +tr.getAttribute("data-row");
      if (r < r1 || r > r2) return;
      tr.querySelector("th").classList.add("o-hl");
      for (var c = c1; c <= c2; c++) {
        var td = cellAt(addr(r, c));
        if (!td) continue;
        if (extent) td.classList.add("o-inrange");
        if (td.textContent.trim() !== "") count++;
        if (td.hasAttribute("data-n")) { numbers++; sum += +td.getAttribute("data-n"); }
      }
    });
    var show = function (v) { return (+v.toPrecision(12)).toLocaleString("en-US", { maximumFractionDigits: 10 }); };
    var many = (r2 - r1 + 1) * (c2 - c1 + 1) > 1 && count > 1;
    stats.textContent = !many ? "" : numbers
      ? "Average: " + show(sum / numbers) + "  Count: " + count + "  Sum: " + show(sum) : "Count: " + count;
    grid.dispatchEvent(new CustomEvent("o-selection"));  /* Home's Font and Alignment show the active cell's */
  }
  function extend(dr, dc) {
    if (!active) return;
    var end = extent || active;
    extent = { r: Math.max(1, Math.min(rows, end.r + dr)), c: Math.max(1, Math.min(cols, end.c + dc)) };
    paint();
    var td = cellAt(addr(extent.r, extent.c));
    if (td) td.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

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
    /* a format picked for an empty cell goes with its first value (Excel keeps an empty cell's format) */
    var fmt = e.td.getAttribute("data-raw") === "" ? e.td.getAttribute("data-fmt") : null;
    if (save && value !== e.before) commit(e.td.getAttribute("data-a"), value, fmt && fmt !== "General" ? fmt : null);
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
    if (ev.shiftKey && active) { extent = p; paint(); } else select(p.r, p.c);
  });
  body.addEventListener("dblclick", function (ev) {
    var td = ev.target.closest("td[role=gridcell]");
    if (td && !editor) startEdit(td.getAttribute("data-raw"), true);
  });
  grid.addEventListener("keydown", function (ev) {
    if (editor || !active || ev.target.tagName === "INPUT") return;
    var k = ev.key, moves = { ArrowDown: [1, 0], ArrowUp: [-1, 0], ArrowRight: [0, 1], ArrowLeft: [0, -1] };
    if ((ev.ctrlKey || ev.metaKey) && (k === "Home" || k === "End")) {
      ev.preventDefault();
      if (k === "Home") select(1, 1); else select(Math.max(1, usedRows), Math.max(1, usedCols));
    }
    else if ((ev.ctrlKey || ev.metaKey) && moves[k]) { ev.preventDefault(); jump(k.slice(5).toLowerCase()); }
    else if (moves[k] && ev.shiftKey) { ev.preventDefault(); extend(moves[k][0], moves[k][1]); }
    else if (moves[k]) { ev.preventDefault(); move(moves[k][0], moves[k][1]); }
    else if (k === "Enter") { ev.preventDefault(); move(ev.shiftKey ? -1 : 1, 0); }
    else if (k === "Tab") { ev.preventDefault(); move(0, ev.shiftKey ? -1 : 1); }
    else if (k === "F2") { ev.preventDefault(); startEdit(cellAt(addr(active.r, active.c)).getAttribute("data-raw"), true); }
    else if ((k === "Delete" || k === "Backspace") && cellUrl) { ev.preventDefault(); commit(addr(active.r, active.c), ""); }
    else if (k.length === 1 && !ev.ctrlKey && !ev.metaKey && !ev.altKey && cellUrl) { ev.preventDefault(); startEdit(k, false); }
  });

  /* POST `data` to `url` (busy meanwhile); resolves to [ok, json]. */
  function ask(url, data) {
    busy(1);
    return fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
      body: JSON.stringify(data) })
      .then(function (r) { return r.json().then(function (json) { return [r.ok, json]; }); })
      .catch(function () { return [false, { error: "The server did not answer." }]; })
      .finally(function () { busy(-1); });
  }
  /* Ctrl+arrow: to the edge of the data region in `direction` (the edge route reads the line by range). */
  function jump(direction) {
    var from = addr(active.r, active.c);
    ask(edgeUrl, { worksheet: worksheet, address: from, direction: direction }).then(function (res) {
      var p = res[0] && parse(res[1].address);
      if (p) select(p.r, p.c); else say(res[1].error || "Could not move.");
    });
  }
  function openFind() {
    findBar.hidden = false;
    findToggle.setAttribute("aria-expanded", "true");
    findBox.focus();
    findBox.select();
  }
  function closeFind() {
    findBar.hidden = true;
    findToggle.setAttribute("aria-expanded", "false");
    if (active) select(active.r, active.c);
  }
  /* The next (or previous) cell containing the Find box's text, after the active cell, wrapping. */
  function findNext(backward) {
    var text = findBox.value.trim();
    if (!text) { say("Type what to find."); findBox.focus(); return; }
    ask(findUrl, { worksheet: worksheet, text: text, after: addr(active ? active.r : 1, active ? active.c : 1), backward: !!backward })
      .then(function (res) {
        var p = res[0] && parse(res[1].address);
        if (!p) { say(res[1].error || "We couldn't find what you were looking for."); return; }
        select(p.r, p.c, "view");
        say("Found \u201c" + text + "\u201d in " + res[1].address + ".");
      });
  }
  document.getElementById("workbook").addEventListener("keydown", function (ev) {
    if ((ev.ctrlKey || ev.metaKey) && !ev.altKey && (ev.key === "f" || ev.key === "F")) { ev.preventDefault(); if (editor) finish(true, 0, 0); openFind(); }
  });
  findToggle.addEventListener("click", function () { if (findBar.hidden) openFind(); else closeFind(); });
  findBox.addEventListener("keydown", function (ev) {
    if (ev.key === "Enter") { ev.preventDefault(); findNext(ev.shiftKey); }
    else if (ev.key === "Escape") { ev.preventDefault(); closeFind(); }
  });
  document.getElementById("find-next").addEventListener("click", function () { findNext(false); });
  document.getElementById("find-previous").addEventListener("click", function () { findNext(true); });
  document.getElementById("find-close").addEventListener("click", closeFind);
  freezer.addEventListener("click", function () {
    frozen = !frozen;
    freezer.setAttribute("aria-pressed", frozen ? "true" : "false");
    var at = first;
    first = 0;
    load(at).then(function () { say(frozen ? "Row 1 stays on top while you scroll." : "Panes unfrozen."); });
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
  /* Home > Number: a format from the list or its quick buttons (Accounting, Percent, Comma style), or one
     decimal place more or less of the active cell's format, applied to the active cell (update_cell) */
  function applyFormat(code) {
    if (!active) return;
    var td = cellAt(addr(active.r, active.c));
    if (td && td.getAttribute("data-raw") !== "") commit(addr(active.r, active.c), td.getAttribute("data-raw"), code);
    if (td) td.setAttribute("data-fmt", code);
    showFormat(code);
  }
  /* the format list shows the cell's format by its name, or Custom (Excel's word for any other code) */
  function showFormat(code) {
    if (!formatPicker) return;
    formatPicker.value = code || "General";
    if (formatPicker.selectedIndex < 0) formatPicker.querySelector("[data-custom]").selected = true;
  }
  function decimals(code, step) {
    if (!code || code === "General") code = "0";
    var m = /^(.*?0)(\.0*)?(.*)$/.exec(code);
    if (!m) return code;
    var places = Math.max(0, (m[2] ? m[2].length - 1 : 0) + step);
    return m[1] + (places ? "." + new Array(places + 1).join("0") : "") + m[3];
  }
  if (formatPicker) formatPicker.addEventListener("change", function () { applyFormat(formatPicker.value); });
  document.querySelectorAll("#workbook [data-format], #workbook [data-decimals]").forEach(function (b) {
    b.addEventListener("mousedown", function (e) { e.preventDefault(); });  /* the cell keeps the focus */
    b.addEventListener("click", function () {
      if (b.hasAttribute("data-format")) return applyFormat(b.getAttribute("data-format"));
      var td = active && cellAt(addr(active.r, active.c));
      applyFormat(decimals(td ? td.getAttribute("data-fmt") : "General", +b.getAttribute("data-decimals")));
    });
  });

  var lastTop = scroller.scrollTop;
  /* Rows for where the grid was scrolled to; while a read is on its way (a jump) the scroll position is
     the old one, so wait for it to be drawn and look again. */
  function scrolled() {
    if (loading) { scrollTimer = setTimeout(scrolled, 120); return; }
    if (scroller.scrollTop === lastTop) return;  /* a sideways scroll (to a column): the same rows */
    lastTop = scroller.scrollTop;
    var top = Math.floor(scroller.scrollTop / ROW_H) + 1;
    var above = top < first + 5 && first > 1, below = top + 20 > first + size - 1 && first + size - 1 < rows;
    if (above || below) { if (editor) finish(true, 0, 0); load(top - 15); }
  }
  scroller.addEventListener("scroll", function () {
    clearTimeout(scrollTimer);
    scrollTimer = setTimeout(scrolled, 120);
  });

  first = 0;
  draw(1, body.innerHTML);
  var opened = (grid.getAttribute("data-active") || "").split(":");  /* ?cell=D7, or a range D2:D9 selected */
  var start = parse(opened[0]) || { r: 1, c: 1 }, end = opened[1] && parse(opened[1]);
  select(start.r, start.c, false);
  if (end) { extent = { r: Math.min(rows, end.r), c: Math.min(cols, end.c) }; paint(); }
  if (cellAt(addr(active.r, active.c))) cellAt(addr(active.r, active.c)).tabIndex = 0;
  window.saasgymSheet = {  /* for sheet_home.js (Clipboard, AutoSum) and sheet_font.js (Font, Alignment) */
    active: function () { return editor ? null : active; }, addr: addr, parse: parse, cellAt: cellAt, commit: commit, say: say, grid: grid, trace: trace, worksheet: worksheet, busy: busy,
    redraw: redraw, shown: function () { return { first: first, last: first + size - 1 }; },
    range: function () {  /* the selected range as A1:B2 (the active cell alone as A1) */
      var end = extent || active, a = active && addr(Math.min(active.r, end.r), Math.min(active.c, end.c));
      return !active || editor ? null : a + (extent ? ":" + addr(Math.max(active.r, end.r), Math.max(active.c, end.c)) : "");
    } };
})();
