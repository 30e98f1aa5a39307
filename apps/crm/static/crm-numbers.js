/* Lightning's currency and percent inputs: a number shows formatted ("$1,250,000.00", "15%"); what is
   typed ("1250000", "1,250,000", "$1,250,000") stays as typed until the field is left, then shows
   formatted. The text is never swapped under the caret (select-then-type keeps working); the server reads
   "$", "," and "%" the same way. */
(function () {
  "use strict";
  function plain(text) { return text.replace(/[$,%\s]/g, ""); }
  function shown(input) {
    var raw = plain(input.value);
    if (raw === "" || isNaN(Number(raw))) return input.value;
    var n = Number(raw);
    if (input.dataset.format === "currency") {
      return "$" + n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    return n.toLocaleString("en-US", { maximumFractionDigits: 2, useGrouping: false }) + "%";
  }
  function format(input) {
    var text = shown(input);
    if (document.activeElement !== input && text !== input.value) input.value = text;
  }
  Array.prototype.forEach.call(document.querySelectorAll("input[data-format]"), function (input) {
    format(input);
    input.addEventListener("blur", function () { format(input); });
    /* a value set by a script (Stage sets Probability) is shown formatted too */
    input.addEventListener("change", function () { format(input); });
  });
  window.crmFormatNumber = format;
})();
