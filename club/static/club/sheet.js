/* Troef score sheet: fast keyboard entry and live figures for the entry row.
   The server is the authority: the figures come from its preview endpoint, which scores the
   candidate deal with the same code as a save (scoring). Without JavaScript the form still
   posts and the server answers with the scored sheet or the refusal next to the field. */
(function () {
  "use strict";
  document.querySelectorAll("[data-confirm]").forEach(function (button) {
    button.addEventListener("click", function (event) {
      if (!window.confirm(button.dataset.confirm)) event.preventDefault();
    });
  });

  var form = document.getElementById("entry-form");
  if (!form) return;
  var points = form.elements.points, other = form.elements.points_other;
  var inPlay = parseInt(form.dataset.inPlay || "", 10);
  var out = document.getElementById("entry-score");
  var live = document.getElementById("entry-live-error");
  // Letters that name a trump, in the page's language (the server's list: the language's own
  // initials, and the English letters where they do not clash).
  var keys = JSON.parse(form.dataset.keys || '{"c":"c","d":"d","h":"h","s":"s","n":"n"}');
  var timer = null, sequence = 0, touched = false;

  function radios(name) {
    var list = form.querySelectorAll('input[type=radio][name="' + name + '"]');
    return Array.prototype.slice.call(list);
  }
  function checked(name) {
    var found = radios(name).filter(function (r) { return r.checked; })[0];
    return found ? found.value : "";
  }
  function setRadio(name, value) {
    radios(name).forEach(function (r) { r.checked = r.value === value; });
  }
  function cycleRadio(name) {
    var list = radios(name);
    if (!list.length) {
      var select = form.elements[name];
      if (select && select.options) select.selectedIndex = (select.selectedIndex + 1) % select.options.length;
      return;
    }
    var index = list.findIndex(function (r) { return r.checked; });
    list[(index + 1) % list.length].checked = true;
  }
  // The other side's points fill themselves in, but only into a box that is empty or that
  // was filled this way: a value the scorer typed is never overwritten (typing 40, Tab, 30
  // must be refused as 40 + 30, not saved as a 30-30 nobody typed).
  var filled = new WeakSet();
  function complement(source, target) {
    filled.delete(source);  // the scorer typed here: it is theirs now
    if (isNaN(inPlay) || (target.value !== "" && !filled.has(target))) return;
    if (/^\d+$/.test(source.value) && +source.value <= inPlay) {
      target.value = inPlay - source.value;
      filled.add(target);
    } else if (source.value === "") {
      target.value = "";
      filled.delete(target);
    }
  }
  function decided() {
    var cancelled = form.elements.cancelled;
    return checked("renonce") !== "" || (cancelled && cancelled.checked);
  }
  function sync() {
    var off = decided();
    [points, other].forEach(function (input) {
      input.disabled = off;
      if (off) input.value = "";
    });
  }
  function schedule() {
    touched = true;
    window.clearTimeout(timer);
    timer = window.setTimeout(preview, 120);
  }
  function show(result) {
    if (!result.ok) {
      out.textContent = "";
      var ready = points.value !== "" || decided();
      var messages = [];
      Object.keys(result.errors).forEach(function (field) {
        if (field === "trump" && !ready) return;
        if (field === "points" && !ready) return;
        messages = messages.concat(result.errors[field]);
      });
      live.hidden = messages.length === 0;
      live.textContent = messages.join(" ");
      return;
    }
    live.hidden = true;
    // one figure per column of the sheet: two sides, or three players at a table of three
    var text = "→ " + result.points.join(" – ") + " · " +
      form.dataset.tTotal + " " + result.totals.join(" – ");
    if (result.outcome === "tie") {
      // the pending multiplier as the rule set makes it (its tie multiplier, stacked or not)
      text += " · " + (result.pending > 1
        ? form.dataset.tTie.replace("%(multiplier)s", result.pending) : form.dataset.tTieLast);
    }
    if (result.game_over) text += " · " + form.dataset.tGameOver;
    if (result.match_over) text += " · " + form.dataset.tMatchOver;
    out.textContent = text;
  }
  function preview() {
    if (!touched) return;
    var data = new FormData(form);
    data.delete("csrfmiddlewaretoken");
    data.set("number", form.dataset.number);
    var mine = ++sequence;
    fetch(form.dataset.preview + "?" + new URLSearchParams(data).toString(), {
      headers: { Accept: "application/json" }, credentials: "same-origin",
    }).then(function (response) { return response.json(); })
      .then(function (result) { if (mine === sequence) show(result); })
      .catch(function () { out.textContent = ""; });
  }

  [points, other].forEach(function (input) {
    input.addEventListener("keydown", function (event) {
      if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
      var key = event.key.toLowerCase();
      if (Object.prototype.hasOwnProperty.call(keys, key) && keys[key]) {
        setRadio("trump", keys[key]);
        event.preventDefault();
        schedule();
      } else if (key === "x" || key === "*") {
        cycleRadio("doubling");
        event.preventDefault();
        schedule();
      } else if (!/[0-9]/.test(key)) {
        event.preventDefault();
      }
    });
  });
  points.addEventListener("input", function () { complement(points, other); schedule(); });
  other.addEventListener("input", function () { complement(other, points); schedule(); });
  form.addEventListener("change", function () { sync(); schedule(); });
  sync();

  var target = document.getElementById("entry");
  function focusEntry() {
    if (points.disabled || (document.activeElement && document.activeElement !== document.body)) return;
    points.focus({ preventScroll: location.hash !== "#entry" });
    points.select();
  }
  if (target && (location.hash === "#entry" || form.dataset.number !== "0" || !location.hash)) {
    focusEntry();
    // After saving, the browser settles the page (the #entry fragment, the restored focus)
    // once loaded, which can drop the focus again: put the cursor back for the next deal.
    window.addEventListener("load", focusEntry);
  }
  if (form.querySelector(".error:not(.live)") || points.value !== "") schedule();
})();
