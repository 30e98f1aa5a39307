/* Excel for the web's Home > Clipboard and Editing > AutoSum, on the grid of sheet_grid.js (every change is
   update_cell through its commit). Copy (or Ctrl+C) keeps the active cell's input and number format and marks
   the cell; Paste (or Ctrl+V) puts them into the active cell, a formula's relative references moved as far as
   the cell moved ($-anchored parts stay, Excel's rule); Cut (Ctrl+X) then Paste moves the cell: its formula as
   it was, the source cleared. Text copied elsewhere is pasted as typed input. AutoSum (Alt+=) enters =SUM( )
   of the numbers just above the active cell, or else just left of it. */
(function () {
  "use strict";
  var sheet = window.saasgymSheet, grid = sheet.grid;
  var held = null;  // what was copied or cut here: { raw, fmt, text, from: {r, c}, cut }

  function column(c) { return sheet.addr(1, c).replace(/[0-9]+$/, ""); }
  function here() { var a = sheet.active(); return a && { r: a.r, c: a.c, a: sheet.addr(a.r, a.c) }; }

  /* `formula` with its relative A1 references moved by (dr, dc); quoted text and sheet names left alone. */
  function shift(formula, dr, dc) {
    var ref = /(^|[^A-Za-z0-9_.])(\$?)([A-Z]{1,3})(\$?)([0-9]+)(?![A-Za-z0-9_(])/g;
    return formula.split(/("(?:[^"]|"")*"|'(?:[^']|'')*')/).map(function (part, i) {
      if (i % 2) return part;
      return part.replace(ref, function (all, pre, colFixed, col, rowFixed, row) {
        var c = sheet.parse(col + "1").c + (colFixed ? 0 : dc), r = +row + (rowFixed ? 0 : dr);
        return pre + (c < 1 || r < 1 ? "#REF!" : colFixed + column(c) + rowFixed + r);
      });
    }).join("");
  }

  function mark(on) {
    var old = grid.querySelector("td.o-copied");
    if (old) old.classList.remove("o-copied");
    var td = on && held && sheet.cellAt(sheet.addr(held.from.r, held.from.c));
    if (td) td.classList.add("o-copied");
  }

  /* Copy or cut the active cell; returns the text it shows (for the browser's clipboard). */
  function take(cut) {
    var at = here();
    if (!at) return null;
    var td = sheet.cellAt(at.a);
    held = { raw: td ? td.getAttribute("data-raw") : "", fmt: td ? td.getAttribute("data-fmt") : "General",
      text: td ? td.textContent : "", from: at, cut: cut };
    mark(true);
    sheet.say((cut ? "Cut " : "Copied ") + at.a + ". Select where it goes, then Paste (Ctrl+V).");
    return held.text;
  }

  /* Paste what was copied here, or `text` copied elsewhere (typed into the cell as it is). */
  function put(text) {
    var at = here();
    if (!at) return;
    if (held && (text === null || text === held.text)) {
      var raw = held.raw;
      if (!held.cut && raw.charAt(0) === "=") raw = shift(raw, at.r - held.from.r, at.c - held.from.c);
      sheet.commit(at.a, raw, held.fmt && held.fmt !== "General" ? held.fmt : null);
      if (held.cut && held.from.a !== at.a) sheet.commit(held.from.a, "");
      if (held.cut) { mark(false); held = null; }
    } else if (text) {
      sheet.commit(at.a, text.replace(/[\r\n]+$/, "").split(/\t|\r?\n/)[0]);
    } else {
      sheet.say("Your browser doesn't let Excel read the clipboard here: use Ctrl+V to paste.");
    }
  }

  function autosum() {
    var at = here();
    if (!at) return;
    function number(r, c) { var td = sheet.cellAt(sheet.addr(r, c)); return td && td.hasAttribute("data-n"); }
    var r = at.r - 1, c = at.c - 1, range = null;
    while (r >= 1 && number(r, at.c)) r--;
    if (r < at.r - 1) range = sheet.addr(r + 1, at.c) + ":" + sheet.addr(at.r - 1, at.c);
    else {
      while (c >= 1 && number(at.r, c)) c--;
      if (c < at.c - 1) range = sheet.addr(at.r, c + 1) + ":" + sheet.addr(at.r, at.c - 1);
    }
    if (!range) return sheet.say("AutoSum adds the numbers just above the cell or to its left: there are none.");
    sheet.commit(at.a, "=SUM(" + range + ")");
  }

  document.querySelectorAll("#workbook [data-clip], #autosum").forEach(function (b) {
    b.addEventListener("mousedown", function (e) { e.preventDefault(); });  /* the cell keeps the focus */
  });
  ["copy", "cut"].forEach(function (kind) {
    document.querySelector("#workbook [data-clip=" + kind + "]").addEventListener("click", function () {
      var text = take(kind === "cut");
      if (text !== null && navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).catch(function () {});
    });
  });
  document.querySelector("#workbook [data-clip=paste]").addEventListener("click", function () {
    var read = navigator.clipboard && navigator.clipboard.readText ? navigator.clipboard.readText() : Promise.reject();
    read.then(function (text) { put(text || null); }, function () { put(null); });
  });
  document.getElementById("autosum").addEventListener("click", autosum);

  /* the keyboard: the browser's copy, cut and paste on a selected cell (never while typing in one) */
  function onCell(e) { return e.target.closest && e.target.closest("td[role=gridcell]") && here(); }
  ["copy", "cut"].forEach(function (kind) {
    grid.addEventListener(kind, function (e) {
      if (!onCell(e)) return;
      e.preventDefault();
      e.clipboardData.setData("text/plain", take(kind === "cut"));
    });
  });
  grid.addEventListener("paste", function (e) {
    if (!onCell(e)) return;
    e.preventDefault();
    put(e.clipboardData.getData("text/plain") || null);
  });
  grid.addEventListener("keydown", function (e) {
    if (e.altKey && e.key === "=" && onCell(e)) { e.preventDefault(); autosum(); }
    else if (e.key === "Escape" && held && onCell(e)) { mark(false); held = null; }
  });
})();
