/* Troef: the score sheet when the connection drops (docs/offline.md).

   - Registers the service worker (/offline/sw.js), which keeps the sheet page and its files
     so the page opens without a connection, and the web manifest (an app on a phone).
   - A new deal entered while the browser is offline, or while deals are already waiting, is
     not posted: it goes into the queue in IndexedDB (offline-store.js) with a random
     Idempotency-Key and the sheet's version, and shows on the sheet as "waiting to send".
   - A deal the form posted that has no answer after 8 seconds (a network that accepts and
     goes silent) is given up on the page (the post stopped) and queued under the form's
     own key: the row "waiting to send" shows at once, and the queue sends it again with
     that key (offline-send.js), so the server stores it once whichever request arrives.
   - When the connection is back (and at each load, and soon after a failure, then every
     20 s while deals wait) the queue is sent in typing order (offline-send.js). A deal the
     server already stored answers as the first time (the same key), so nothing is stored
     twice. A refusal stays on the sheet with the server's words until the scorer drops it.
     A deal that reached a closed round stays on the sheet as "received after the round
     closed: the organiser decides" (kept as "late" in IndexedDB) until dismissed; one the
     scorer sent to the organiser, as "sent to the organiser: the organiser decides".
   - A stale version (409: someone else changed the sheet) stops the queue: the scorer sees
     the deals stored meanwhile and each waiting deal beside the deal with its number, and
     chooses among what keeps the dealers in turn (offline-deals.js). Nothing is dropped
     without that choice.
   When the queue is empty the sheet is reloaded as the server scored it and says which
   deals were saved. The strings come from the page (#offline-sheet's data-t-*, translated
   by Django). */
(function () {
  "use strict";
  var root = document.getElementById("offline-sheet");
  var Q = window.TroefQueue;
  if (!root || !Q || !window.TroefDeals || !window.TroefSender || !window.indexedDB) return;
  var NO_ANSWER = 8000;  // ms: a posted deal with no answer by then waits on this device
  var t = root.dataset;
  var sheet = root.dataset.sheet;
  var nextNumber = parseInt(root.dataset.nextNumber, 10) || 1;
  var who = root.dataset.who;  // the table's code, or the logged-in user: who sends them
  var form = document.getElementById("entry-form");
  var editing = form && form.dataset.number !== "0";
  var wrap = document.querySelector(".sheet-wrap");
  // stale: the sheet on the page is older than the server's (a conflict was resolved);
  // savedNumbers: the deals this page sent and the server stored, said after the reload
  var stale = false, savedNumbers = [];
  var deals = window.TroefDeals({ t: t, form: form, queue: Q, sheet: sheet,
    place: function (panel) { state.parentNode.insertBefore(panel, state.nextSibling); },
    waiting: function () { return pendingCount; },
    resolved: function () { stale = true; return render().then(flush); },
    failed: function () { say(t.tRetry, "error"); sender.retryLater(); } });
  var fill = deals.fill, element = deals.element, facts = deals.facts;
  var dealerName = deals.dealerName, trumpLabel = deals.trumpLabel;

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(root.dataset.worker, { scope: root.dataset.scope })
      .catch(function () { /* no worker (private window, old browser): the queue still works */ });
    if (!navigator.serviceWorker.controller && window.caches && navigator.onLine) {
      // the first visit is not the worker's yet: keep this sheet for a reload without network
      window.caches.open("troef-sheets").then(function (cache) { return cache.add(sheet); })
        .catch(function () {});
    }
  }
  var manifest = document.createElement("link");
  manifest.rel = "manifest";
  manifest.href = root.dataset.manifest;
  document.head.appendChild(manifest);

  // -- the state line above the sheet ------------------------------------------------------
  var state = element("div", { class: "offline-state", role: "status", id: "offline-state" });
  state.hidden = true;
  if (wrap) wrap.parentNode.insertBefore(state, wrap);
  else document.querySelector("main").appendChild(state);
  var stateMessage = "";
  function say(text, kind) {
    stateMessage = text || "";
    state.dataset.kind = kind || "";
    showState();
  }
  function showState(count) {
    var parts = [];
    if (!navigator.onLine) parts.push(t.tOffline);
    if (stateMessage) parts.push(stateMessage);
    if (count) parts.push(fill(t.tPending, { count: count }));
    state.textContent = parts.join(" ");
    state.hidden = !parts.length;
  }

  // -- the waiting deals on the sheet ----------------------------------------------------------
  function isLate(record) { return record.state === "late"; }
  function waiting(records) { return records.filter(function (r) { return !isLate(r); }); }
  /* A deal on this device, as a row of the sheet: waiting (or refused), or late: received
     after the round closed, kept by the server for the organiser. */
  function pendingRow(record) {
    var f = facts(record.fields);
    var kind = isLate(record) ? "deal late" : "deal pending" + (record.state === "refused" ? " refused" : "");
    var row = element("tr", { class: kind, "data-key": record.key });
    row.appendChild(element("td", { class: "n" }, record.number));
    row.appendChild(element("td", { class: "dealer" }, dealerName(f.dealer)));
    row.appendChild(element("td", { class: "trump suit-" + (f.trump || "nt") }, f.cancelled ? "–" : trumpLabel(f.trump)));
    if (document.querySelector(".sheet th.dbl")) {
      row.appendChild(element("td", { class: "dbl" }, f.doubling !== "1" ? "×" + f.doubling : ""));
    }
    row.appendChild(element("td", { class: "s0 num" }, f.points));
    row.appendChild(element("td", { class: "s1 num" }, f.points_other));
    row.appendChild(element("td", { class: "notes" }));
    // the state where a phone shows it too (it hides the notes): over the game points
    var notes = element("td", { class: "pending-state" });
    if (isLate(record)) {
      notes.appendChild(element("span", { class: "tag late" }, record.organiser ? t.tSentOrganiser : t.tLate));
      var seen = element("button", { type: "button", class: "secondary drop" }, t.tLateRemove);
      seen.addEventListener("click", function () { Q.remove(record.key).then(render); });
      notes.appendChild(seen);
    } else {
      notes.appendChild(element("span", { class: "tag waiting" }, t.tWaiting));
    }
    if (record.state === "refused") {
      notes.appendChild(element("span", { class: "tag bad" }, t.tRefused + " " + record.message));
      var drop = element("button", { type: "button", class: "secondary drop" }, t.tDrop);
      drop.addEventListener("click", function () {
        if (window.confirm(t.tDropConfirm)) dropRecord(record).then(render).then(sender.flush);
      });
      notes.appendChild(drop);
      if (form && !editing) {
        var fix = element("button", { type: "button", class: "secondary drop correct" }, t.tCorrect);
        fix.addEventListener("click", function () { correct(record); });
        notes.appendChild(fix);
      }
    }
    var headCells = document.querySelectorAll(".sheet thead tr:first-child th");
    var span = 0;
    headCells.forEach(function (th) { span += parseInt(th.getAttribute("colspan") || "1", 10); });
    notes.setAttribute("colspan", String(Math.max(1, span - row.children.length)));
    row.appendChild(notes);
    return row;
  }
  /* Dropping a deal from the queue: the one after it is sent on the version it would have
     used. */
  function dropRecord(record) {
    return Q.list(sheet).then(waiting).then(function (records) {
      var index = records.findIndex(function (r) { return r.key === record.key; });
      var next = records[index + 1];
      var work = Q.remove(record.key);
      if (next && index === 0 && !next.sent) {
        next.version = record.version;
        work = work.then(function () { return Q.put(next); });
      }
      return work;
    });
  }

  function render() {
    return Q.list(sheet).then(function (all) {
      var work = Promise.resolve();
      waiting(all).forEach(function (record, index) {
        if (record.number === null || record.number === undefined) {
          record.number = nextNumber + index;  // queued by the worker: numbered here
          record.who = who;
          work = work.then(function () { return Q.put(record); });
        }
      });
      return work.then(function () { return all; });
    }).then(function (all) {
      var records = waiting(all);
      document.querySelectorAll(".sheet tr.pending, .sheet tr.late").forEach(function (row) { row.remove(); });
      var entry = document.querySelector(".sheet tr.entry:not(.editing)");
      var body = document.querySelector(".sheet tbody");
      all.filter(isLate).concat(records).forEach(function (record) {
        if (record.state === "conflict") return;
        var row = pendingRow(record);
        if (entry) body.insertBefore(row, entry); else if (body) body.appendChild(row);
      });
      if (form && !editing) {
        var number = form.querySelector(".e-num");
        if (number) number.textContent = nextNumber + records.length;
        var last = records[records.length - 1];
        var dealer = form.elements.dealer;
        if (last && dealer && dealer.options && pristine()) {
          var at = Array.prototype.findIndex.call(dealer.options, function (o) {
            return o.value === String(last.fields.dealer);
          });
          if (at !== -1) dealer.selectedIndex = (at + 1) % dealer.options.length;
        }
      }
      showState(records.length);
      var conflicts = records.filter(function (r) { return r.state === "conflict"; });
      if (conflicts.length) deals.showConflict(conflicts); else deals.hideConflict();
      return records;
    });
  }
  function pristine() {
    if (!form) return true;
    return ["points", "points_other"].every(function (name) {
      var box = form.elements[name];
      return !box || box.value === "";
    });
  }

  // -- correcting a refused deal in its place: the entry row takes its fields ------------------
  var correcting = null;
  function correct(record) {
    correcting = record.key;
    Array.prototype.forEach.call(form.elements, function (box) {
      if (!box.name || box.name === "csrfmiddlewaretoken" || box.type === "submit") return;
      var value = record.fields[box.name];
      if (box.type === "radio") box.checked = value !== undefined && box.value === value;
      else if (box.type === "checkbox") box.checked = value !== undefined && value !== "";
      else if (value !== undefined) box.value = value;
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));
    var number = form.querySelector(".e-num");
    if (number) number.textContent = record.number;
    say(fill(t.tCorrecting, { number: record.number }));
    var points = form.elements.points;
    if (points && !points.disabled) { points.focus(); points.select(); }
  }
  function corrected(fields) {
    return Q.list(sheet).then(function (records) {
      var record = records.filter(function (r) { return r.key === correcting; })[0];
      correcting = null;
      if (!record) return;
      record.fields = fields;
      record.send = Q.uuid();  // another body: another key
      record.sent = false;
      record.state = "waiting";
      record.message = "";
      return Q.put(record);
    });
  }

  // -- entering a deal without the connection --------------------------------------------------
  var pendingCount = 0;
  function countPending() {
    return Q.list(sheet).then(waiting).then(function (records) {
      pendingCount = records.length;
      return records;
    });
  }
  /* The entry row ready for the next deal (the dealer left for render() to move on). */
  function nextEntry() {
    var dealer = form.elements.dealer && form.elements.dealer.value;
    form.reset();
    if (form.elements.key) form.elements.key.value = Q.uuid();  // the next deal's own key
    if (dealer !== undefined && form.elements.dealer) form.elements.dealer.value = dealer;
    var out = document.getElementById("entry-score");
    if (out) out.textContent = "";
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }
  function focusPoints() {
    var points = form.elements.points;
    if (points && !points.disabled) points.focus();
  }
  /* The form posts the deal; when no answer has come after NO_ANSWER, the post is stopped
     and the deal waits here under the form's key (the worker, when it controls the page,
     queues the same post under the same key: one record). */
  var noAnswer = null;
  function waitForAnswer(event) {
    var data;
    try { data = new FormData(form, event.submitter || undefined); } catch (e) { data = new FormData(form); }
    var fields = Q.fieldsOf(data), key = form.elements.key ? form.elements.key.value : "";
    var path = new URL(form.getAttribute("action") || sheet, window.location.href).pathname;
    window.setTimeout(function () {
      if (event.defaultPrevented) return;  // another script kept the page: no post left
      window.clearTimeout(noAnswer);
      noAnswer = window.setTimeout(function () {
        window.stop();
        Q.add(sheet, fields, { key: key || undefined, via: "page", page: path, number: nextNumber,
                               who: who, version: parseInt(fields.version, 10) })
          .then(function () {
            nextEntry();
            say(t.tNoAnswer, "error");
            return countPending();
          }).then(render).then(function () {
            focusPoints();
            sender.retryLater();
          });
      }, NO_ANSWER);
    }, 0);
  }
  window.addEventListener("pagehide", function () { window.clearTimeout(noAnswer); });
  if (form) {
    form.addEventListener("submit", function (event) {
      var offline = !navigator.onLine;
      var special = editing || (event.submitter && event.submitter.hasAttribute("formaction"));
      if (special) {
        if (offline) {
          event.preventDefault();
          say(t.tNeedsConnection, "error");
        }
        return;
      }
      if (!offline && !pendingCount && !correcting) {  // the page posts it as always
        waitForAnswer(event);
        return;
      }
      event.preventDefault();
      var fields = Q.fieldsOf(new FormData(form));
      var typed = ["points", "points_other", "renonce", "cancelled"].some(function (name) {
        return fields[name] !== undefined && fields[name] !== "";
      });
      if (!typed) {
        say(t.tEmpty, "error");
        return;
      }
      var key = form.elements.key ? form.elements.key.value : "";
      (correcting ? corrected(fields) : Q.list(sheet).then(waiting).then(function (records) {
        var head = records[0];
        // the version it was typed on: the sheet's, after the deals waiting before it
        return Q.add(sheet, fields, { key: key || undefined, number: nextNumber + records.length, who: who,
                                      version: head ? head.version : parseInt(fields.version, 10) });
      })).then(function () {
        nextEntry();
        say("");
        return countPending();
      }).then(render).then(function () {
        focusPoints();
        if (navigator.onLine) sender.flush();
      });
    });
  }

  // -- sending (offline-send.js), and saying what was saved --------------------------------------
  var saidKey = "troef-saved " + sheet;
  function savedText(numbers) {
    return numbers.length === 1 ? fill(t.tSavedOne, { number: numbers[0] })
      : fill(t.tSavedMany, { numbers: numbers.join(", ") });
  }
  var sender = window.TroefSender({ queue: Q, sheet: sheet, who: who, t: t, say: say,
    sent: function (outcome, numbers, roundClosed) {
      savedNumbers = savedNumbers.concat(numbers);
      return countPending().then(function (records) {
        if ((outcome === "done" || outcome === "empty") && !records.length && (savedNumbers.length || stale)) {
          // the round has closed since: its sheet is no longer served by the code, so the
          // page stays and says what was saved
          if (pristine() && !roundClosed) {
            try { window.sessionStorage.setItem(saidKey, JSON.stringify(savedNumbers)); } catch (e) { /* private mode */ }
            window.location.assign(sheet);  // the sheet as the server scored it
            return 0;
          }
          say(savedNumbers.length ? savedText(savedNumbers) : "");
          savedNumbers = [];
        }
        return render().then(function () { return records.length; });
      });
    } });
  var flush = sender.flush;
  try {
    var said = window.sessionStorage.getItem(saidKey);
    if (said) {
      window.sessionStorage.removeItem(saidKey);
      say(savedText(JSON.parse(said)));
    }
  } catch (e) { /* no session storage: the sheet shows the deals anyway */ }

  // -- when to send --------------------------------------------------------------------------------
  window.addEventListener("online", function () { say(""); flush(); });
  window.addEventListener("offline", function () { showState(pendingCount); });
  countPending().then(render).then(function () {
    if (navigator.onLine && pendingCount) flush();
  });
  window.TroefOffline = { flush: flush, render: render };
})();
