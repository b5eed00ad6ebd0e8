// Traveller entry (duplicate): in the card-point boxes a trump letter picks the trump
// (the language's own letters, from data-keys), and East-West's points fill in as 60 minus
// North-South's until typed by hand. Enter submits the form as usual.
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
  var filled = ew && ew.value === "";
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
      var value = parseInt(ns.value, 10);
      if (filled || ew.value === "") {
        ew.value = isNaN(value) || value < 0 || value > 60 ? "" : String(60 - value);
        filled = true;
      }
    });
    ew.addEventListener("input", function () { filled = false; });
  }
}());
