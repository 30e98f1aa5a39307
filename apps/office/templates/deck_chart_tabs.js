/* A selected chart's Chart Design and Format tabs (deck_chart_ribbon.html) act through the chart's panes:
   Change Chart Type applies the type picked (its own form: one update_chart), Edit Data opens the Chart Data
   pane at its first value (deck_chart_data.js), Chart Title opens the Format pane at the chart's title, Size &
   Position at its first field, Height and Width set the pane's and apply them, Selection Pane goes to the
   selected shape in the Selection pane. */
(function () {
  "use strict";
  var KEEP = "saasgym-deck-tab";  /* the tab a command was given from, shown again once the page reloads */
  var kept = sessionStorage.getItem(KEEP), keptTab = kept && document.getElementById(kept);
  sessionStorage.removeItem(KEEP);
  if (keptTab) keptTab.click();
  function keepTab(control) {
    var panel = control.closest("[role=tabpanel]");
    if (panel) sessionStorage.setItem(KEEP, panel.getAttribute("aria-labelledby"));
  }
  var SHOWN = "saasgym-deck-format";  /* the chart whose Format pane was opened: open again after a reload */
  var formatPane = document.querySelector("[data-format-pane]");
  if (formatPane && sessionStorage.getItem(SHOWN) === formatPane.getAttribute("data-format-pane")) formatPane.hidden = false;
  var typeButton = document.getElementById("chart-type-button");
  var chartForm = document.getElementById("f-chart-type");
  if (!typeButton || !chartForm) return;
  officeMenuButton(typeButton, function (item) {
    keepTab(typeButton);
    chartForm.querySelector("#chart-type").value = item.getAttribute("data-chart-type");
    chartForm.requestSubmit();
  });
  function open(form) {  /* the pane and section holding `form`, opened (a chart's Format pane waits hidden) */
    var pane = form && form.closest("[data-format-pane]"), section = form && form.closest("details");
    if (pane) { pane.hidden = false; sessionStorage.setItem(SHOWN, pane.getAttribute("data-format-pane")); }
    if (section) section.open = true;
    return form;
  }
  var targets = {
    "chart-title": function () { var f = open(document.querySelector("form[aria-label='Format chart title']")); return f && f.querySelector("#chart-title"); },
    "chart-data": function () { return window.saasgymChartData ? window.saasgymChartData.open() : null; },
    "size": function () { var f = open(document.querySelector("form[aria-label='Size and position']")); return f && f.querySelector("input:not([type=hidden])"); },
    "selection": function () { return document.querySelector(".d-selection a[aria-current]") || document.querySelector(".d-selection a"); }
  };
  Array.prototype.forEach.call(document.querySelectorAll("[data-mirror]"), function (field) {  /* Height, Width */
    field.addEventListener("change", function () {
      var mirrored = document.getElementById(field.getAttribute("data-mirror"));
      if (!mirrored || !field.checkValidity()) { field.reportValidity(); return; }
      keepTab(field);
      mirrored.value = field.value;
      mirrored.dispatchEvent(new Event("change", { bubbles: true }));  /* the pane's live form applies it */
    });
  });
  Array.prototype.forEach.call(document.querySelectorAll("[data-chart-go]"), function (button) {
    button.addEventListener("click", function () {
      var target = targets[button.getAttribute("data-chart-go")]();
      if (!target) return;
      target.scrollIntoView({ block: "nearest" });
      target.focus();
      if (target.select) target.select();
    });
  });
})();
