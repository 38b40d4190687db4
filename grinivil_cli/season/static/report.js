// grinivil report: the season report's one script (season/report.py writes it inside the page,
// which loads nothing): a click on a table's header sorts its rows by that column, numbers as
// numbers, and says so in aria-sort. The page reads the same without it.
(function () {
  "use strict";
  function key(cell) {
    var text = cell.textContent.trim();
    var n = Number(text);
    return text !== "" && !isNaN(n) ? n : text;
  }
  function compare(a, b) {
    if (typeof a === "number" && typeof b === "number") { return a - b; }
    if (typeof a === "number") { return -1; }
    if (typeof b === "number") { return 1; }
    return a.localeCompare(b, undefined, {numeric: true, sensitivity: "base"});
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    var heads = table.querySelectorAll("thead th");
    heads.forEach(function (th, column) {
      th.addEventListener("click", function () {
        var down = th.getAttribute("aria-sort") === "ascending";
        heads.forEach(function (other) { other.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", down ? "descending" : "ascending");
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (r1, r2) {
          var order = compare(key(r1.cells[column]), key(r2.cells[column]));
          return down ? -order : order;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  });
})();
