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
  if (!root || !Q || !window.indexedDB) return;
  var t = root.dataset;
  var sheet = root.dataset.sheet;
  var nextNumber = parseInt(root.dataset.nextNumber, 10) || 1;
  var form = document.getElementById("entry-form");
  var editing = form && form.dataset.number !== "0";
  var wrap = document.querySelector(".sheet-wrap");
  var sending = false, retryTimer = null, sentCount = 0;

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(root.dataset.worker, { scope: root.dataset.scope })
      .catch(function () { /* no worker (private window, old browser): the queue still works */ });
  }
  var manifest = document.createElement("link");
  manifest.rel = "manifest";
  manifest.href = root.dataset.manifest;
  document.head.appendChild(manifest);

  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (all, name) { return values[name]; });
  }
  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  // -- the state line above the sheet ------------------------------------------------------
  var state = element("div", { class: "offline-state", role: "status", id: "offline-state" });
  state.hidden = true;
  if (wrap) wrap.parentNode.insertBefore(state, wrap);
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

  // -- how a deal reads: from the form's own labels ------------------------------------------
  function dealerName(value) {
    var select = form && form.elements.dealer;
    if (select && select.options) {
      for (var i = 0; i < select.options.length; i++) {
        if (select.options[i].value === String(value)) return select.options[i].textContent;
      }
    }
    return String(Number(value) + 1);
  }
  function trumpLabel(value) {
    if (value === null || value === undefined || value === "") value = "n";
    var radio = form && form.querySelector('input[name="trump"][value="' + value + '"]');
    var label = radio && radio.closest("label");
    var shown = label && label.querySelector("span[aria-hidden]");
    return shown ? shown.textContent : value;
  }
  function isOn(value) { return value === true || value === "on" || value === "true"; }
  function facts(fields) {
    return {
      dealer: fields.dealer, trump: isOn(fields.cancelled) ? "" : (fields.trump || ""),
      points: fields.points === undefined ? "" : fields.points,
      points_other: fields.points_other === undefined ? "" : fields.points_other,
      renonce: fields.renonce === undefined ? "" : fields.renonce,
      cancelled: isOn(fields.cancelled), doubling: fields.doubling || "1",
    };
  }
  function theirFacts(deal) {
    var copy = {};
    Object.keys(deal).forEach(function (name) {
      var value = deal[name];
      copy[name] = value === null || value === undefined ? "" : (typeof value === "boolean" ? value : String(value));
    });
    if (copy.trump === "" && !deal.cancelled) copy.trump = "n";
    return facts(copy);
  }
  function describe(f) {
    var text = dealerName(f.dealer) + " · " + (f.cancelled ? "–" : trumpLabel(f.trump));
    if (f.doubling && f.doubling !== "1") text += " ×" + f.doubling;
    if (f.points !== "" || f.points_other !== "") text += " · " + f.points + "–" + f.points_other;
    if (f.cancelled) text += " · " + t.tCancelled;
    if (f.renonce !== "") text += " · " + t.tRenonce + " " + (f.renonce === "0" ? "A" : "B");
    return text;
  }
  function same(a, b) {
    var keys = ["dealer", "trump", "points", "renonce", "cancelled", "doubling"];
    if (a.points_other !== "" && b.points_other !== "") keys.push("points_other");
    return keys.every(function (k) { return String(a[k]) === String(b[k]); });
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
    var notes = element("td", { class: "notes" });
    notes.appendChild(element("span", { class: "tag waiting" }, t.tWaiting));
    if (record.state === "refused") {
      notes.appendChild(element("span", { class: "tag bad" }, t.tRefused + " " + record.message));
      var drop = element("button", { type: "button", class: "secondary drop" }, t.tDrop);
      drop.addEventListener("click", function () {
        if (window.confirm(t.tDropConfirm)) dropRecord(record).then(render);
      });
      notes.appendChild(drop);
    }
    row.appendChild(notes);
    var headCells = document.querySelectorAll(".sheet thead tr:first-child th");
    var used = row.children.length, span = 0;
    headCells.forEach(function (th) { span += parseInt(th.getAttribute("colspan") || "1", 10); });
    if (span > used) row.appendChild(element("td", { colspan: String(span - used) }));
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
      if (conflicts.length) showConflict(conflicts); else hideConflict();
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
      if (!offline && !pendingCount) return;  // the page posts it as always
      event.preventDefault();
      var fields = Q.fieldsOf(new FormData(form));
      var typed = ["points", "points_other", "renonce", "cancelled"].some(function (name) {
        return fields[name] !== undefined && fields[name] !== "";
      });
      if (!typed) {
        say(t.tEmpty, "error");
        return;
      }
      Q.list(sheet).then(function (records) {
        var head = records[0];
        // the version it was typed on: the sheet's, after the deals waiting before it
        return Q.add(sheet, fields, { number: nextNumber + records.length,
                                      version: head ? head.version : parseInt(fields.version, 10) });
      }).then(function () {
        pendingCount += 1;
        var dealer = form.elements.dealer && form.elements.dealer.value;
        form.reset();
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
        say(t.tSending);
        return sendFrom(records, 0);
      });
    }).then(function (outcome) {
      sending = false;
      return countPending().then(function (records) {
        if (outcome === "done" && !records.length && sentCount) {
          if (pristine()) {
            window.location.assign(sheet);  // the sheet as the server scored it
            return;
          }
          say("");
        }
        if (records.length && outcome !== "conflict" && outcome !== "refused") retryLater();
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

  // -- someone else changed the sheet: the scorer chooses ----------------------------------------
  var panel = null;
  function hideConflict() {
    if (panel) panel.remove();
    panel = null;
  }
  function showConflict(conflicts) {
    return fetch(Q.apiOf(sheet), { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      }).then(function (current) {
        hideConflict();
        panel = element("form", { class: "conflict-choices", id: "offline-conflict", novalidate: "" });
        panel.appendChild(element("p", { role: "alert" }, t.tConflict));
        conflicts.forEach(function (record) {
          var theirs = (current.deals || []).filter(function (d) { return d.number === record.number; })[0];
          var mine = facts(record.fields);
          var set = element("fieldset", { "data-key": record.key, "data-number": String(record.number) });
          set.appendChild(element("legend", {}, fill(t.tDeal, { number: record.number })));
          var pair = element("dl", { class: "pair" });
          pair.appendChild(element("dt", {}, t.tMine));
          pair.appendChild(element("dd", { class: "mine" }, describe(mine)));
          pair.appendChild(element("dt", {}, t.tTheirs));
          var equal = theirs && same(mine, theirFacts(theirs));
          pair.appendChild(element("dd", { class: "theirs" }, theirs
            ? describe(theirFacts(theirs)) + (equal ? " (" + t.tSame + ")" : "") : t.tNone));
          set.appendChild(pair);
          var choices = theirs ? [["mine", t.tKeepMine], ["theirs", t.tKeepTheirs], ["both", t.tKeepBoth]]
                               : [["add", t.tAdd], ["drop", t.tDropMine]];
          choices.forEach(function (choice) {
            var label = element("label");
            var radio = element("input", { type: "radio", name: "choice-" + record.key, value: choice[0] });
            if ((equal && choice[0] === "theirs") || (!theirs && choice[0] === "add")) radio.checked = true;
            label.appendChild(radio);
            label.appendChild(document.createTextNode(" " + choice[1]));
            set.appendChild(label);
          });
          panel.appendChild(set);
        });
        var problem = element("p", { class: "problem", role: "alert" });
        panel.appendChild(problem);
        panel.appendChild(element("button", { type: "submit" }, t.tApply));
        panel.addEventListener("submit", function (event) {
          event.preventDefault();
          var chosen = {};
          var missing = conflicts.filter(function (record) {
            var radio = panel.querySelector('input[name="choice-' + record.key + '"]:checked');
            if (radio) chosen[record.key] = radio.value;
            return !radio;
          });
          if (missing.length) {
            problem.textContent = t.tChoose;
            var first = panel.querySelector('fieldset[data-key="' + missing[0].key + '"] input');
            if (first) first.focus();
            return;
          }
          resolve(conflicts, chosen, current.version).then(render).then(flush);
        });
        if (state.nextSibling) state.parentNode.insertBefore(panel, state.nextSibling);
      }).catch(function () {
        say(t.tRetry, "error");
        retryLater();
      });
  }
  /* The choices become requests: keep mine a correction of the deal there (PUT), both or
     add a new deal (POST), theirs or drop: removed. Each with a new key (another request);
     the first kept one on the sheet's current version. */
  function resolve(conflicts, chosen, version) {
    var work = Promise.resolve(), first = true;
    conflicts.forEach(function (record) {
      var choice = chosen[record.key];
      if (choice === "theirs" || choice === "drop") {
        work = work.then(function () { return Q.remove(record.key); });
        return;
      }
      record.method = choice === "mine" ? "PUT" : "POST";
      record.api = Q.apiOf(sheet) + "deals/" + (choice === "mine" ? record.number + "/" : "");
      record.send = Q.uuid();
      record.sent = false;
      record.state = "waiting";
      record.message = "";
      if (first) record.version = version;
      first = false;
      work = work.then(function () { return Q.put(record); });
    });
    return work;
  }

  // -- when to send --------------------------------------------------------------------------------
  window.addEventListener("online", function () { say(""); flush(); });
  window.addEventListener("offline", function () { showState(pendingCount); });
  countPending().then(render).then(function () {
    if (navigator.onLine && pendingCount) flush();
  });
  window.TroefOffline = { flush: flush, render: render };
})();
