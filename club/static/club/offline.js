/* Troef: the score sheet when the connection drops (docs/offline.md).

   - Registers the service worker (/offline/sw.js), which keeps the sheet page and its files
     so the page opens without a connection, and the web manifest (an app on a phone).
   - A new deal entered while the browser is offline, or while deals are already waiting, is
     not posted: it goes into the queue in IndexedDB (offline-store.js) with a random
     Idempotency-Key and the sheet's version, and shows on the sheet as "waiting to send".
   - When the connection is back (and at each load, and every 20 s while deals wait) the
     queue is sent in typing order through the API (POST .../deals/ with its key). Each
     answer gives the sheet's next version, on which the next deal is sent. A deal the
     server already stored answers as the first time (the same key), so nothing is stored
     twice. A refusal stays on the sheet with the server's words until the scorer drops it.
   - A stale version (409: someone else changed the sheet) stops the queue: the scorer sees
     each waiting deal next to the deal with its number on the sheet now and chooses keep
     mine (a correction of theirs), keep theirs (mine dropped) or keep both. Nothing is
     dropped without that choice.
   The strings come from the page (#offline-sheet's data-t-*, translated by Django). */
(function () {
  "use strict";
  var root = document.getElementById("offline-sheet");
  var Q = window.TroefQueue;
  if (!root || !Q || !window.TroefDeals || !window.indexedDB) return;
  var t = root.dataset;
  var sheet = root.dataset.sheet;
  var nextNumber = parseInt(root.dataset.nextNumber, 10) || 1;
  var who = root.dataset.who;  // the table's code, or the logged-in user: who sends them
  var form = document.getElementById("entry-form");
  var editing = form && form.dataset.number !== "0";
  var wrap = document.querySelector(".sheet-wrap");
  // stale: the sheet on the page is older than the server's (a conflict was resolved)
  var sending = false, retryTimer = null, sentCount = 0, stale = false;
  var deals = window.TroefDeals({ t: t, form: form, queue: Q, sheet: sheet,
    place: function (panel) { state.parentNode.insertBefore(panel, state.nextSibling); },
    resolved: function () { stale = true; return render().then(flush); },
    failed: function () { say(t.tRetry, "error"); retryLater(); } });
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
  function pendingRow(record) {
    var f = facts(record.fields);
    var row = element("tr", { class: "deal pending" + (record.state === "refused" ? " refused" : ""),
                              "data-key": record.key });
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
    notes.appendChild(element("span", { class: "tag waiting" }, t.tWaiting));
    if (record.state === "refused") {
      notes.appendChild(element("span", { class: "tag bad" }, t.tRefused + " " + record.message));
      var drop = element("button", { type: "button", class: "secondary drop" }, t.tDrop);
      drop.addEventListener("click", function () {
        if (window.confirm(t.tDropConfirm)) dropRecord(record).then(render).then(flush);
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
    return Q.list(sheet).then(function (records) {
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
    return Q.list(sheet).then(function (records) {
      var work = Promise.resolve();
      records.forEach(function (record, index) {
        if (record.number === null || record.number === undefined) {
          record.number = nextNumber + index;  // queued by the worker: numbered here
          record.who = who;
          work = work.then(function () { return Q.put(record); });
        }
      });
      return work.then(function () { return records; });
    }).then(function (records) {
      document.querySelectorAll(".sheet tr.pending").forEach(function (row) { row.remove(); });
      var entry = document.querySelector(".sheet tr.entry:not(.editing)");
      var body = document.querySelector(".sheet tbody");
      records.forEach(function (record) {
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
    return Q.list(sheet).then(function (records) { pendingCount = records.length; return records; });
  }
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
      if (!offline && !pendingCount && !correcting) return;  // the page posts it as always
      event.preventDefault();
      var fields = Q.fieldsOf(new FormData(form));
      var typed = ["points", "points_other", "renonce", "cancelled"].some(function (name) {
        return fields[name] !== undefined && fields[name] !== "";
      });
      if (!typed) {
        say(t.tEmpty, "error");
        return;
      }
      var added = !correcting;
      (correcting ? corrected(fields) : Q.list(sheet).then(function (records) {
        var head = records[0];
        // the version it was typed on: the sheet's, after the deals waiting before it
        return Q.add(sheet, fields, { number: nextNumber + records.length, who: who,
                                      version: head ? head.version : parseInt(fields.version, 10) });
      })).then(function () {
        if (added) pendingCount += 1;
        var dealer = form.elements.dealer && form.elements.dealer.value;
        form.reset();
        if (form.elements.key) form.elements.key.value = Q.uuid();  // the next deal's own key
        if (dealer !== undefined && form.elements.dealer) form.elements.dealer.value = dealer;
        var out = document.getElementById("entry-score");
        if (out) out.textContent = "";
        say("");
        form.dispatchEvent(new Event("change", { bubbles: true }));
        return render();
      }).then(function () {
        var points = form.elements.points;
        if (points && !points.disabled) points.focus();
        if (navigator.onLine) flush();
      });
    });
  }

  // -- sending the queue ---------------------------------------------------------------------------
  function csrfToken() {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    if (match) return decodeURIComponent(match[1]);
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }
  function send(record) {
    return fetch(record.api, {
      method: record.method, credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json",
                 "Idempotency-Key": record.send, "X-CSRFToken": csrfToken() },
      body: JSON.stringify(Q.body(record)),
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        return { status: response.status, data: data };
      });
    });
  }
  function messageOf(data) {
    return ((data && data.errors) || []).map(function (e) { return e.message; }).join(" ");
  }
  function locked(work) {
    if (navigator.locks && navigator.locks.request) {
      return navigator.locks.request("troef-send " + sheet, work);
    }
    return work();
  }
  function retryLater() {
    window.clearTimeout(retryTimer);
    retryTimer = window.setTimeout(flush, 20000);
  }

  function flush() {
    if (sending) return Promise.resolve();
    sending = true;
    return locked(function () {
      return Q.list(sheet).then(function (records) {
        if (!records.length) return "empty";
        if (records[0].state !== "waiting") return "blocked";
        if (records[0].who && records[0].who !== who) {
          // typed under another login on this device: sent only as that person
          say(t.tOtherLogin, "error");
          return "login";
        }
        say(t.tSending);
        return sendFrom(records, 0);
      });
    }).then(function (outcome) {
      sending = false;
      return countPending().then(function (records) {
        if ((outcome === "done" || outcome === "empty") && !records.length && (sentCount || stale)) {
          if (pristine()) {
            window.location.assign(sheet);  // the sheet as the server scored it
            return;
          }
          say("");
        }
        // no answer, or not logged in: try again; a conflict or a refusal waits for the scorer
        if (records.length && (outcome === "later" || outcome === "login")) retryLater();
        return render();
      });
    }, function () {
      sending = false;
      say(t.tRetry, "error");
      retryLater();
    });
  }
  function sendFrom(records, index) {
    var record = records[index];
    if (!record) return Promise.resolve("done");
    if (record.state !== "waiting") return Promise.resolve("blocked");
    record.sent = true;
    return Q.put(record).then(function () { return send(record); }).then(function (answer) {
      var status = answer.status;
      if (status >= 200 && status < 300) {
        sentCount += 1;
        var next = records[index + 1];
        var work = Q.remove(record.key);
        if (next && !next.sent && answer.data && typeof answer.data.version === "number") {
          next.version = answer.data.version;  // on the sheet as this deal left it
          work = work.then(function () { return Q.put(next); });
        }
        return work.then(function () { say(""); return sendFrom(records, index + 1); });
      }
      if (status === 409) {
        var rest = records.slice(index);
        rest.forEach(function (r) { r.state = "conflict"; });
        return Promise.all(rest.map(Q.put)).then(function () { say(""); return "conflict"; });
      }
      if (status === 401 || status === 403) {
        say(t.tLogin, "error");
        return "login";
      }
      if (status === 429 || status >= 500) {
        say(t.tRetry, "error");
        return "later";
      }
      record.state = "refused";  // 400, 404, 422: the server's words, kept with the deal
      record.message = messageOf(answer.data) || String(status);
      return Q.put(record).then(function () { say(""); return "refused"; });
    }, function () {
      say(t.tRetry, "error");  // no answer: maybe stored; the same key is sent again
      return "later";
    });
  }

  // -- when to send --------------------------------------------------------------------------------
  window.addEventListener("online", function () { say(""); flush(); });
  window.addEventListener("offline", function () { showState(pendingCount); });
  countPending().then(render).then(function () {
    if (navigator.onLine && pendingCount) flush();
  });
  window.TroefOffline = { flush: flush, render: render };
})();
