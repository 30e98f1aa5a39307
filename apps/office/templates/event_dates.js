/* The event form's date dropdowns, as Outlook's: the box shows "Mon 11/2/2026" (typing M/D/YYYY or
   YYYY-MM-DD also works: it is tidied when the box is left) and its button opens a month to pick a day from
   (arrow keys move a day or a week, PageUp/PageDown a month, Enter picks, Escape closes). A picked or
   tidied date fires "change" on the box. Without script the box takes a typed date and the server reads it. */
window.officeDates = (function () {
  "use strict";
  var DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                "October", "November", "December"];
  function parse(text) {  /* a Date (local midnight) from the box's text, or null */
    var t = (text || "").trim().replace(/^[a-z]+,?\s+/i, ""), m;
    if ((m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t))) return make(+m[1], +m[2], +m[3]);
    if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t))) return make(+m[3], +m[1], +m[2]);
    return null;
  }
  function make(y, mo, d) {
    var date = new Date(y, mo - 1, d);
    return date.getMonth() === mo - 1 && date.getDate() === d ? date : null;
  }
  function label(d) { return DAYS[d.getDay()] + " " + (d.getMonth() + 1) + "/" + d.getDate() + "/" + d.getFullYear(); }
  function same(a, b) { return a && b && a.toDateString() === b.toDateString(); }

  function attach(box) {
    var button = document.getElementById(box.id + "-open");
    var pop = document.getElementById(box.id + "-cal");
    var shown = null, focused = null;
    function set(d) { box.value = label(d); box.dispatchEvent(new Event("change", { bubbles: true })); }
    function close(refocus) {
      pop.hidden = true; box.setAttribute("aria-expanded", "false"); button.setAttribute("aria-expanded", "false");
      if (refocus) button.focus();
    }
    function draw() {
      var first = new Date(focused.getFullYear(), focused.getMonth(), 1);
      var start = new Date(first); start.setDate(1 - ((first.getDay() + 6) % 7));  /* Monday first */
      var picked = parse(box.value), today = new Date(box.getAttribute("data-today") + "T00:00");
      var html = '<div class="o-datepop-head"><button type="button" data-step="-1" aria-label="Previous month">‹</button>' +
        '<h2 id="' + box.id + '-cal-title" aria-live="polite">' + MONTHS[first.getMonth()] + " " + first.getFullYear() + "</h2>" +
        '<button type="button" data-step="1" aria-label="Next month">›</button></div>' +
        '<table role="grid" aria-labelledby="' + box.id + '-cal-title"><thead><tr>' +
        ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"].map(function (w) { return '<th scope="col">' + w + "</th>"; }).join("") +
        "</tr></thead><tbody>";
      for (var w = 0; w < 6; w++) {
        html += "<tr>";
        for (var i = 0; i < 7; i++) {
          var d = new Date(start); d.setDate(start.getDate() + 7 * w + i);
          var cls = (d.getMonth() !== first.getMonth() ? "o-dp-out " : "") + (same(d, today) ? "o-dp-today" : "");
          html += '<td role="gridcell"' + (same(d, picked) ? ' aria-selected="true"' : "") + '><button type="button" class="' + cls +
            '" data-day="' + d.getFullYear() + "-" + (d.getMonth() + 1) + "-" + d.getDate() + '" tabindex="' +
            (same(d, focused) ? "0" : "-1") + '" aria-label="' + label(d) + '">' + d.getDate() + "</button></td>";
        }
        html += "</tr>";
      }
      pop.innerHTML = html + "</tbody></table>";
      shown = first;
    }
    function focusDay(d) {
      focused = d; draw();
      var b = pop.querySelector('[tabindex="0"]'); if (b) b.focus();
    }
    function open() {
      focused = parse(box.value) || new Date(box.getAttribute("data-today") + "T00:00");
      pop.hidden = false; box.setAttribute("aria-expanded", "true"); button.setAttribute("aria-expanded", "true");
      focusDay(focused);
    }
    button.addEventListener("click", function () { if (pop.hidden) open(); else close(true); });
    box.addEventListener("keydown", function (e) {
      if (e.key === "ArrowDown" && e.altKey) { e.preventDefault(); open(); }
    });
    box.addEventListener("blur", function () {  /* typed M/D/YYYY or YYYY-MM-DD: shown as the dropdown shows it */
      var d = parse(box.value);
      if (d && box.value !== label(d)) set(d);
    });
    pop.addEventListener("click", function (e) {
      e.stopPropagation();  /* a redrawn month is still inside the popup */
      var t = e.target.closest("button");
      if (!t) return;
      if (t.hasAttribute("data-step")) {
        focusDay(new Date(shown.getFullYear(), shown.getMonth() + Number(t.getAttribute("data-step")), 1));
      } else if (t.hasAttribute("data-day")) {
        var p = t.getAttribute("data-day").split("-").map(Number);
        set(new Date(p[0], p[1] - 1, p[2])); close(true);
      }
    });
    pop.addEventListener("keydown", function (e) {
      if (e.key === "Escape") { e.preventDefault(); close(true); return; }
      if (!e.target.hasAttribute("data-day")) return;
      var step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[e.key], d = new Date(focused);
      if (step) d.setDate(d.getDate() + step);
      else if (e.key === "PageUp" || e.key === "PageDown") d.setMonth(d.getMonth() + (e.key === "PageUp" ? -1 : 1));
      else return;
      e.preventDefault(); focusDay(d);
    });
    document.addEventListener("click", function (e) {
      if (!pop.hidden && !pop.contains(e.target) && e.target !== button && !button.contains(e.target)) close(false);
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll("[data-datebox]"), attach);
  return { parse: parse, label: label };
})();
