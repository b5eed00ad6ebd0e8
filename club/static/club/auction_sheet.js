/* Troef auction sheet: live figures for the entry row (the server's preview, scored by the
   same code as a save) and the cursor where the next deal starts. Without JavaScript the
   form still posts and the server answers with the sheet or the refusal by the field. */
(function () {
  "use strict";
  document.querySelectorAll("[data-confirm]").forEach(function (button) {
    button.addEventListener("click", function (event) {
      if (!window.confirm(button.dataset.confirm)) event.preventDefault();
    });
  });
  var form = document.getElementById("entry-form");
  if (!form) return;
  var out = document.getElementById("entry-score");
  var timer = null, sequence = 0;
  var first = form.elements.declarer;
  if (first) first.focus({ preventScroll: location.hash !== "#entry" && form.dataset.number === "0" });

  function query() {
    var params = new URLSearchParams(new FormData(form));
    params.delete("csrfmiddlewaretoken");
    params.delete("key");
    params.set("number", form.dataset.number);
    return params.toString();
  }
  function show(answer) {
    form.querySelectorAll(".live-error").forEach(function (el) { el.remove(); });
    form.querySelectorAll("[aria-invalid]").forEach(function (el) { el.removeAttribute("aria-invalid"); });
    if (!answer.ok) {
      out.textContent = "";
      Object.keys(answer.errors || {}).forEach(function (name) {
        var field = form.elements[name];
        var text = answer.errors[name].join(" ");
        // a field not typed yet is not wrong yet: its refusal waits for Enter
        if (field && field.value === "" && field.type !== "checkbox") return;
        var note = document.createElement("span");
        note.className = "field-error live-error";
        note.textContent = text;
        if (field && field.closest) {
          field.setAttribute("aria-invalid", "true");
          field.closest("label").appendChild(note);
        } else {
          out.textContent = text;
        }
      });
      return;
    }
    var words = answer.outcome === "made" ? form.dataset.tMade
      : answer.outcome === "lost" ? form.dataset.tLost : form.dataset.tThrown;
    out.textContent = words + " · " + answer.points.map(function (p) {
      return (p > 0 ? "+" : "") + p;
    }).join(" / ") + " → " + answer.totals.join(" / ");
  }
  function preview() {
    var mine = ++sequence;
    fetch(form.dataset.preview + "?" + query(), { headers: { Accept: "application/json" } })
      .then(function (r) { return r.json(); })
      .then(function (answer) { if (mine === sequence) show(answer); })
      .catch(function () {});
  }
  // The trump by its letter, as on the partnership sheet (the page language's own letters).
  var keys = JSON.parse(form.dataset.keys || '{"c":"c","d":"d","h":"h","s":"s","n":"n"}');
  var trump = form.elements.trump;
  if (trump) trump.addEventListener("keydown", function (event) {
    var choice = keys[(event.key || "").toLowerCase()];
    if (!choice || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    trump.value = choice;
    trump.dispatchEvent(new Event("change", { bubbles: true }));
  });
  form.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(preview, 250);
  });
  form.addEventListener("change", function () {
    clearTimeout(timer);
    timer = setTimeout(preview, 100);
  });
})();
