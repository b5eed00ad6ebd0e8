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
  // After a save (the number typed, kept for the page that answers it): the status line says
  // the saved deal in words, and when it ended the game or the match the cursor goes to the
  // result, which is said too. Offline (the queue's page) the deal is not on the sheet yet:
  // nothing is said here.
  var said = document.getElementById("sheet-said");
  var sentKey = "troef-sent:" + location.pathname;
  var sent = window.sessionStorage ? sessionStorage.getItem(sentKey) : null;
  if (sent !== null) sessionStorage.removeItem(sentKey);
  var justSaved = said && sent !== null && sent === said.dataset.number &&
    !document.querySelector("#entry-live-error .error, .errors[role=alert]");
  function result() {
    if (!justSaved) return null;
    if (!form) return document.getElementById("match-state");
    var end = document.querySelector("#deal-" + said.dataset.number + " + tr.game-end td");
    if (end) end.setAttribute("tabindex", "-1");
    return end;
  }
  var ended = result();
  function sayAndFocus() {
    if (!justSaved) return;
    said.textContent = said.dataset.said + (ended ? " " + ended.textContent.replace(/\s+/g, " ").trim() : "");
    if (ended) ended.focus({ preventScroll: false });
  }
  window.addEventListener("load", sayAndFocus);
  if (!form) {
    // a corrected deal on a sheet that takes no more deals: the cursor on its row's link
    var corrected = /^#deal-\d+$/.test(location.hash) && document.querySelector(location.hash + " td.act a");
    if (corrected) corrected.focus({ preventScroll: true });
    return;
  }
  form.addEventListener("submit", function () {
    if (form.dataset.number === "0" && window.sessionStorage) {
      sessionStorage.setItem(sentKey, form.querySelector(".e-num").textContent.trim());
    }
  });
  var points = form.elements.points, other = form.elements.points_other;
  var inPlay = parseInt(form.dataset.inPlay || "", 10);
  var out = document.getElementById("entry-score");
  var live = document.getElementById("entry-live-error");
  // Letters that name a trump, in the page's language (the server's list: the language's own
  // initials, and the English letters where they do not clash).
  var keys = JSON.parse(form.dataset.keys || '{"c":"c","d":"d","h":"h","s":"s","n":"n"}');
  var timer = null, sequence = 0, touched = false, typed = false;

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
  // The other side's points follow the box being typed in (the points in play minus it) until
  // the scorer types in that other box itself in this page view: a value the scorer typed is
  // never overwritten (typing 40, Tab, 30 must be refused as 40 + 30, not saved as a 30-30
  // nobody typed). The mark comes from the box's own input events only, never from a value
  // the page came with (a refused save shown again, a deal being corrected) nor from a fill
  // made here. A value above the points in play (or not a number) empties the other box
  // rather than filling it with a wrong figure. The trump letter typed first never reaches
  // the box (see the keydown handler), so "k61" is 61.
  var typedBy = new WeakSet();
  function complement(source, target) {
    typedBy.add(source);  // the scorer typed here: it is theirs now
    if (isNaN(inPlay) || typedBy.has(target)) return;
    var value = source.value.trim();
    target.value = /^\d+$/.test(value) && +value <= inPlay ? String(inPlay - value) : "";
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
  function schedule(event) {
    touched = true;
    if (event) typed = true;
    window.clearTimeout(timer);
    timer = window.setTimeout(preview, 120);
  }
  // The entry's errors have one place, the live region under the entry line (role=status):
  // the server's refusal when the page comes back, then what the preview finds once the
  // scorer changes something. Each field at fault is marked aria-invalid and points at its
  // message (aria-describedby), as the server marks it.
  function field(name) {
    return form.querySelector('[data-field="' + name + '"][role=radiogroup]') || form.elements[name];
  }
  // What describes a field besides its error (the points box: the keys legend), kept.
  function described(element, error) {
    var base = (element.getAttribute("aria-describedby") || "").split(/\s+/).filter(function (id) {
      return id && !/_error$/.test(id);
    });
    if (error) base.push(error);
    if (base.length) element.setAttribute("aria-describedby", base.join(" "));
    else element.removeAttribute("aria-describedby");
  }
  function mark(errors) {
    form.querySelectorAll("[aria-invalid=true]").forEach(function (element) {
      if (element.name === "reason") return;  // the server's, next to the reason box
      element.removeAttribute("aria-invalid");
      described(element, null);
    });
    live.textContent = "";
    Object.keys(errors).forEach(function (name) {
      var line = document.createElement("p");
      line.className = "error";
      line.dataset.for = name;
      line.id = "id_" + name + "_error";
      line.textContent = errors[name].join(" ");
      live.appendChild(line);
      var box = form.querySelector('[data-field="' + name + '"]');
      if (box) box.classList.add("has-error");
      var target = field(name);
      if (target && target.setAttribute) {
        target.setAttribute("aria-invalid", "true");
        described(target, line.id);
      }
    });
    form.querySelectorAll(".has-error[data-field]").forEach(function (box) {
      if (!errors[box.dataset.field]) box.classList.remove("has-error");
    });
  }
  function show(result) {
    if (calling) return;  // the prompt for a caller's number stays until it is typed
    if (!typed && live.querySelector(".error")) {
      // the server's refusal stays until the scorer changes something: shown once
      if (result.ok) out.textContent = "";
      return;
    }
    if (!result.ok) {
      out.textContent = "";
      var ready = points.value !== "" || decided();
      var errors = {};
      Object.keys(result.errors).forEach(function (name) {
        if ((name === "trump" || name === "points") && !ready) return;
        errors[name] = result.errors[name];
      });
      mark(errors);
      return;
    }
    mark({});
    // the deal in words first (the trump by its name, the multiplier), then one figure per
    // column of the sheet: two sides, or three players at a table of three
    var chosen = form.querySelector("input[name=trump]:checked");
    var words = [];
    var cancelled = form.elements.cancelled && form.elements.cancelled.checked;
    if (chosen && !cancelled) words.push(chosen.parentNode.querySelector(".vh").textContent);
    if (result.multiplier > 1 && !cancelled) words.push("×" + result.multiplier);
    var text = (words.length ? words.join(", ") + " " : "") + "→ " + result.points.join(" – ") + " · " +
      form.dataset.tTotal + " " + result.totals.join(" – ");
    if (result.outcome === "tie") {
      // the pending multiplier as the rule set makes it (its tie multiplier, stacked or not)
      text += " · " + (result.tie || (result.pending > 1
        ? form.dataset.tTie.replace("%(multiplier)s", result.pending) : form.dataset.tTieLast));
    }
    if (result.game_over) text += " · " + form.dataset.tGameOver;
    if (result.match_over) text += " · " + form.dataset.tMatchOver;
    out.textContent = text;
  }
  function preview() {
    if (!touched) return;
    var data = new FormData(form);
    data.delete("csrfmiddlewaretoken");
    data.delete("key");
    data.set("number", form.dataset.number);
    var mine = ++sequence;
    fetch(form.dataset.preview + "?" + new URLSearchParams(data).toString(), {
      headers: { Accept: "application/json" }, credentials: "same-origin",
    }).then(function (response) { return response.json(); })
      .then(function (result) { if (mine === sequence) show(result); })
      .catch(function () { out.textContent = ""; });
  }

  // Who doubled, by keyboard (issue 29): x (or *), then the caller's number as each list
  // shows it ("2 Bob"), or 0 for "not recorded"; x again for the next call (tegen, a knock
  // back ...). Escape leaves it; Backspace right after x takes the last call back. The
  // lists offer only who may make each call under the dealer (club.sheet_callers): a
  // change of dealer offers that dealer's.
  var callers = JSON.parse(form.dataset.callers || "null");
  var calls = Array.prototype.slice.call(form.querySelectorAll("[data-call] select"));
  var seatNames = {};
  if (form.elements.dealer && form.elements.dealer.options) {
    Array.prototype.forEach.call(form.elements.dealer.options, function (o) { seatNames[o.value] = o.text; });
  }
  var calling = null;  // x was typed: {select: the call list waiting for its caller's number}
  function offerCallers() {
    if (!callers || !form.elements.dealer) return;
    var allowed = callers[form.elements.dealer.value];
    if (!allowed) return;
    calls.forEach(function (select, index) {
      var keep = select.value;
      var options = Array.prototype.slice.call(select.options);
      var first = options[0], last = options[options.length - 1];  // "–" and "not recorded"
      options.slice(1, -1).forEach(function (o) { o.remove(); });
      allowed[index].forEach(function (seat) {
        var option = new Option((seat + 1) + " " + (seatNames[seat] || ""), String(seat));
        select.insertBefore(option, last);
      });
      select.value = keep;
      if (select.value !== keep) select.value = first.value;
    });
  }
  function setDoubling(count) {
    var value = String(Math.pow(2, count));
    if (radios("doubling").length) setRadio("doubling", value);
    else if (form.elements.doubling) form.elements.doubling.value = value;
  }
  function callsMade() {
    var made = 0;
    calls.forEach(function (select, index) { if (select.value !== "") made = index + 1; });
    return made;
  }
  function prompt(select) {
    var label = select.closest("[data-call]").querySelector(".lbl").textContent;
    var choices = Array.prototype.slice.call(select.options, 1).map(function (o) {
      return o.value === "?" ? "0 " + o.text : o.text;
    });
    out.textContent = label + ": " + choices.join(", ");
  }
  function callKey(key, event) {
    var select = calling.select;
    if (key === "escape") { calling = null; out.textContent = ""; schedule(); return true; }
    if (key === "backspace") {
      var made = callsMade();
      if (made) { calls[made - 1].value = ""; setDoubling(made - 1); }
      calling = null; schedule(event); return true;
    }
    if (event.key.length !== 1) return false;
    if (key === "x" || key === "*") return true;  // still waiting
    if (!select) { out.textContent = form.dataset.tNoMoreCalls; return true; }
    var value = key === "0" || key === "?" ? "?" : /^[1-9]$/.test(key) ? String(key - 1) : null;
    if (value === null) return true;
    var found = Array.prototype.some.call(select.options, function (o) { return o.value === value; });
    if (!found) {
      var keys = Array.prototype.slice.call(select.options, 1, -1).map(function (o) { return +o.value + 1; });
      out.textContent = form.dataset.tNotCaller.replace("%(seat)s", seatNames[value] || key)
        .replace("%(keys)s", keys.join(", "));
      return true;
    }
    select.value = value;
    setDoubling(calls.indexOf(select) + 1);
    calling = null;
    schedule(event);
    return true;
  }
  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var key = event.key.toLowerCase();
    if (calling && callKey(key, event)) { event.preventDefault(); return; }
    if (event.key.length !== 1) return;
    if (Object.prototype.hasOwnProperty.call(keys, key) && keys[key]) {
      setRadio("trump", keys[key]);
      event.preventDefault();
      schedule(event);
    } else if ((key === "x" || key === "*") && calls.length) {
      event.preventDefault();
      calling = { select: calls[callsMade()] || null };
      if (calling.select) prompt(calling.select); else out.textContent = form.dataset.tNoMoreCalls;
    } else if (key === "x" || key === "*") {
      cycleRadio("doubling");
      event.preventDefault();
      schedule(event);
    } else if (!/[0-9]/.test(key)) {
      event.preventDefault();
    }
  }
  [points, other].forEach(function (input) {
    input.addEventListener("keydown", onKey);
    input.addEventListener("blur", function () { calling = null; });
  });
  if (form.elements.dealer) form.elements.dealer.addEventListener("change", offerCallers);
  // the cursor on a finished game's result (after a save): typing goes on in the points box
  if (ended && ended.tagName === "TD") ended.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
    points.focus();
    onKey(event);
  });
  points.addEventListener("input", function (event) { complement(points, other); schedule(event); });
  other.addEventListener("input", function (event) { complement(other, points); schedule(event); });
  form.addEventListener("change", function (event) { sync(); schedule(event); });
  sync();

  var target = document.getElementById("entry");
  // Where the cursor waits: in the first field the server refused (a radio group: its
  // chosen button), else in the points box: for the next deal after a save and after a
  // correction (the corrected row stays in view: #deal-N), or in the deal being corrected.
  function firstAtFault() {
    var element = form.querySelector("[aria-invalid=true]");
    if (element && element.getAttribute("role") === "radiogroup") {
      element = element.querySelector("input:checked") || element.querySelector("input");
    }
    return element && !element.disabled ? element : null;
  }
  function focusEntry() {
    if (document.activeElement && document.activeElement !== document.body) return;
    var element = firstAtFault() || (points.disabled ? null : points);
    if (!element) return;
    element.focus({ preventScroll: location.hash !== "#entry" });
    if (element.select) element.select();
  }
  if (target && (location.hash === "#entry" || form.dataset.number !== "0" || !location.hash ||
                 /^#deal-\d+$/.test(location.hash))) {
    focusEntry();
    // After saving, the browser settles the page (the #entry fragment, the restored focus)
    // once loaded, which can drop the focus again: put the cursor back for the next deal.
    window.addEventListener("load", focusEntry);
  }
  if (live.querySelector(".error") || points.value !== "") schedule();
})();
