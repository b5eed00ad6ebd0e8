// Traveller entry (duplicate): in the card-point boxes a trump letter picks the trump
// (the language's own letters, from data-keys), and East-West's points follow North-South's
// (the points in play minus them, data-in-play; empty above them) until East-West's box is
// typed in itself in this page view, as on the score sheet. Enter submits the form as usual.
(function () {
  "use strict";
  document.querySelectorAll("[data-confirm]").forEach(function (button) {
    button.addEventListener("click", function (event) {
      if (!window.confirm(button.dataset.confirm)) { event.preventDefault(); }
    });
  });
  var form = document.getElementById("dup-entry");
  if (!form) { return; }
  var keys = {};
  try { keys = JSON.parse(form.getAttribute("data-keys") || "{}"); } catch (e) { keys = {}; }
  var ns = form.querySelector("[name=points]");
  var ew = form.querySelector("[name=points_other]");
  var inPlay = parseInt(form.dataset.inPlay || "", 10);
  var typed = false;  // East-West's box typed in by hand since the page was shown
  function pick(choice) {
    var radio = form.querySelector("input[name=trump][value='" + choice + "']");
    if (radio) { radio.checked = true; radio.dispatchEvent(new Event("change", {bubbles: true})); }
  }
  [ns, ew].forEach(function (box) {
    if (!box) { return; }
    box.addEventListener("keydown", function (event) {
      var letter = (event.key || "").toLowerCase();
      if (letter.length === 1 && Object.prototype.hasOwnProperty.call(keys, letter)) {
        event.preventDefault();
        pick(keys[letter]);
      }
    });
  });
  if (ns && ew) {
    ns.addEventListener("input", function () {
      if (typed || isNaN(inPlay)) { return; }
      var value = ns.value.trim();
      ew.value = /^\d+$/.test(value) && +value <= inPlay ? String(inPlay - value) : "";
    });
    ew.addEventListener("input", function () { typed = true; });
  }
}());
