/* Troef: a list of checkboxes with a filter box (club.forms_fields.Checklist).
   Typing keeps the rows whose text holds every word typed (accents and case aside);
   "tick all shown" ticks the rows left; the count says how many are ticked and shown.
   Without this script the tools stay hidden and the plain checkboxes work. A big club's
   page lists only what its server-side search found (club.views.choices): the same
   filter then works on those rows. */
(function () {
  "use strict";
  function plain(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  document.querySelectorAll("[data-checklist]").forEach(function (list) {
    var tools = list.querySelector(".checklist-tools");
    var filter = list.querySelector(".checklist-filter");
    var all = list.querySelector(".checklist-all");
    var count = list.querySelector(".checklist-count");
    var rows = Array.prototype.slice.call(list.querySelectorAll(".checklist-items li"));
    var texts = rows.map(function (row) { return plain(row.textContent); });
    var boxes = rows.map(function (row) { return row.querySelector("input[type=checkbox]"); });
    var template = count.getAttribute("data-template");

    function update() {
      var ticked = 0, shown = 0;
      for (var i = 0; i < rows.length; i++) {
        if (boxes[i].checked) ticked++;
        if (!rows[i].hidden) shown++;
      }
      count.textContent = template.replace("%(ticked)s", ticked)
        .replace("%(shown)s", shown).replace("%(total)s", rows.length);
      all.disabled = shown === 0;
    }
    filter.addEventListener("input", function () {
      var words = plain(filter.value).split(/\s+/).filter(Boolean);
      for (var i = 0; i < rows.length; i++) {
        var text = texts[i];
        rows[i].hidden = !words.every(function (word) { return text.indexOf(word) !== -1; });
      }
      update();
    });
    filter.addEventListener("keydown", function (event) {
      if (event.key === "Enter") event.preventDefault();  // Enter filters; it never sends
    });
    all.addEventListener("click", function () {
      for (var i = 0; i < rows.length; i++) {
        if (!rows[i].hidden) boxes[i].checked = true;
      }
      update();
    });
    list.addEventListener("change", update);
    tools.hidden = rows.length === 0;  // nothing to filter (a big club before a search)
    update();
  });
})();
