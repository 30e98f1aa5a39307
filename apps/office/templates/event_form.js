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
        var list = document.getElementById(input.getAttribute("aria-controls"));
        var at = typed ? SLOTS.map(squash).indexOf(typed) : -1;
        if (all && at >= 0 && list.children[at]) {  /* the list opens at the time the box shows */
          list.scrollTop = list.children[at].offsetTop - list.children[at].offsetHeight;
        }
      }
    });
    input.addEventListener("focus", function () { input.select(); });  /* typing replaces the time */
    input.addEventListener("click", function () {
      input.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", altKey: true, bubbles: true }));
    });
  });
  /* as Outlook: moving the start moves the end with it, the meeting keeps its length */
  function minutes(dateBox, timeBox) {
    var d = window.officeDates.parse(document.getElementById(dateBox).value);
    var t = /^\s*(\d{1,2})(?::(\d{2}))?\s*([ap])?/i.exec(document.getElementById(timeBox).value);
    if (!d || !t) return null;
    var h = Number(t[1]) % (t[3] ? 12 : 24) + (t[3] && t[3].toLowerCase() === "p" ? 12 : 0);
    return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), h, Number(t[2] || 0)) / 60000;
  }
  function clock(m) {
    var h = Math.floor(m / 60) % 24, mm = m % 60;
    return (h % 12 || 12) + ":" + (mm < 10 ? "0" : "") + mm + " " + (h < 12 ? "AM" : "PM");
  }
  var was = minutes("start_date", "start_time"), length = null;
  function keepLength() {
    var now = minutes("start_date", "start_time"), end = minutes("end_date", "end_time");
    if (was !== null && end !== null) length = end - was;
    if (now !== null && length !== null && length >= 0) {
      var to = new Date((now + length) * 60000);  /* minutes as UTC: the form's wall clock */
      var day = new Date(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate());
      document.getElementById("end_date").value = window.officeDates.label(day);
      to = now + length;
      document.getElementById("end_time").value = clock(((to % 1440) + 1440) % 1440);
    }
    was = now;
  }
  ["start_date", "start_time"].forEach(function (id) {
    document.getElementById(id).addEventListener("change", keepLength);
  });
  var optional = document.querySelector(".o-optional-link");  /* Optional: the optional attendees' picker */
  if (optional) optional.addEventListener("click", function () {
    var row = document.getElementById("optional-row");
    row.hidden = !row.hidden;
    optional.setAttribute("aria-expanded", row.hidden ? "false" : "true");
    if (!row.hidden) row.querySelector("input[role=combobox]").focus();
  });
  var allDay = document.getElementById("all_day");
  function times() {
    Array.prototype.forEach.call(document.querySelectorAll(".o-when-time"), function (t) {
      t.hidden = allDay.checked;
      t.querySelector("input").required = !allDay.checked;
    });
  }
  if (allDay) {  /* the Scheduling Assistant's header has no All day */
    allDay.addEventListener("change", times);
    times();
  }
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
    var d = window.officeDates.parse(start.value);
    if (!d) return;
    var p = [d.getFullYear(), d.getMonth() + 1, d.getDate()];
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
