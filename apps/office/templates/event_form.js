/* The event form: the time boxes (editable comboboxes over the day's half hours: typing filters them, a time
   that is one of them shows them all), All day (the times hidden), and Repeat's labels following the start
   date ("Weekly on Tuesday"). Without script the boxes take a typed time and the server reads it. */
(function () {
  "use strict";
  var SLOTS = {{ slots|tojson }};
  function squash(t) { return t.toLowerCase().replace(/[\s.]/g, ""); }
  Array.prototype.forEach.call(document.querySelectorAll("[data-times]"), function (input) {
    window.saasgymCombobox(input, {
      find: function (text, show) {
        var typed = squash(text);
        var all = !typed || SLOTS.some(function (s) { return squash(s) === typed; });
        show(SLOTS.filter(function (s) { return all || squash(s).indexOf(typed) === 0; })
          .map(function (s) { return { label: s, value: s }; }));
      }
    });
    input.addEventListener("focus", function () { input.select(); });  /* typing replaces the time */
    input.addEventListener("click", function () {
      input.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", altKey: true, bubbles: true }));
    });
  });
  var allDay = document.getElementById("all_day");
  function times() {
    Array.prototype.forEach.call(document.querySelectorAll(".o-when-time"), function (t) {
      t.hidden = allDay.checked;
      t.querySelector("input").required = !allDay.checked;
    });
  }
  allDay.addEventListener("change", times);
  times();
  var start = document.getElementById("start_date"), repeat = document.getElementById("repeat-listbox");
  if (!repeat) return;
  var chosen = document.querySelector("input[type=hidden][name=repeat]"), end = document.getElementById("repeat-end");
  function ending() { end.hidden = !chosen.value; }  /* End repeat: only for a meeting that repeats */
  chosen.addEventListener("change", ending);
  ending();
  var DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
  var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                "October", "November", "December"];
  start.addEventListener("change", function () {
    var p = start.value.split("-").map(Number);
    if (p.length !== 3 || !p[0]) return;
    var d = new Date(p[0], p[1] - 1, p[2]);
    var labels = { weekly: "Weekly on " + DAYS[d.getDay()], monthly: "Monthly on day " + p[2],
                   yearly: "Yearly on " + MONTHS[p[1] - 1] + " " + p[2] };
    Object.keys(labels).forEach(function (v) {
      var opt = repeat.querySelector('[data-value="' + v + '"]');
      opt.setAttribute("data-label", labels[v]);
      opt.querySelector(".slds-truncate").textContent = labels[v];
      opt.querySelector(".slds-truncate").title = labels[v];
      if (opt.getAttribute("aria-selected") === "true") {
        document.querySelector("#repeat [data-picklist-label]").textContent = labels[v];
      }
    });
  });
})();
