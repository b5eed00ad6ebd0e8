/* Troef: sending the deals waiting on this device (used by offline.js; docs/offline.md).

   The queue goes in typing order, one request at a time, through the API (POST .../deals/
   with the deal's Idempotency-Key and the sheet's version; the answer's version is the next
   deal's). Every request says how many deals wait here (header X-Troef-Waiting), so the
   organiser's closing page knows a phone still holds some. A request with no answer within
   10 s is given up and sent again later with the same key: soon (5 s, 10 s), then every
   20 s. Answers:
   - 2xx: stored (removed); a 202 {"late": true} reached a closed round, or was sent to the
     organiser (record.organiser: header X-Troef-To-Organiser: 1): kept by the server for
     the organiser, not stored: the record stays as "late" (shown, no longer waiting);
   - 409 for a deal the sheet's own form posted first (via "page"): that post may have been
     saved under the form's key, which the page's address keeps apart from the API's, so the
     page's address is asked with the same key and fields: it answers the first save (the
     deal is stored, once) or finds the sheet moved (a real conflict);
   - 409: the queue stops, the scorer chooses (offline-deals.js);
   - 401/403: log in again; 429, 5xx, no answer: later; 400, 404, 422: refused, in words. */
(function () {
  "use strict";
  var SEND_WAIT = 10000;
  var RETRY = [5000, 10000, 20000];

  window.TroefSender = function (env) {
    var Q = env.queue, sheet = env.sheet, t = env.t, say = env.say;
    var sending = false, retryTimer = null, failures = 0, saved = [], closed = false;

    function csrfToken() {
      var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
      if (match) return decodeURIComponent(match[1]);
      var input = document.querySelector("input[name=csrfmiddlewaretoken]");
      return input ? input.value : "";
    }
    /* A request given up after SEND_WAIT: {status, data} (data: the JSON, else {}). */
    function request(url, options) {
      var controller = window.AbortController ? new AbortController() : null, timer = null;
      if (controller) {
        options.signal = controller.signal;
        timer = window.setTimeout(function () { controller.abort(); }, SEND_WAIT);
      }
      return fetch(url, options).then(function (response) {
        return response.json().catch(function () { return {}; }).then(function (data) {
          window.clearTimeout(timer);
          return { status: response.status, data: data || {} };
        });
      }, function (error) {
        window.clearTimeout(timer);
        throw error;
      });
    }
    function headers(count, extra) {
      return Object.assign({ Accept: "application/json", "X-CSRFToken": csrfToken(),
                             "X-Troef-Waiting": String(count) }, extra);
    }
    function send(record, count) {
      var extra = { "Content-Type": "application/json", "Idempotency-Key": record.send };
      if (record.organiser) extra["X-Troef-To-Organiser"] = "1";  // kept for the organiser
      return request(record.api, {
        method: record.method, credentials: "same-origin",
        headers: headers(count, extra),
        body: JSON.stringify(Q.body(record)),
      });
    }
    /* The page's address, as its form posted the deal: the same key and fields. */
    function askPage(record, count) {
      var body = new URLSearchParams();
      Object.keys(record.fields).forEach(function (name) { body.append(name, record.fields[name]); });
      body.set("version", String(record.version));
      body.set("key", record.key);
      body.set("csrfmiddlewaretoken", csrfToken());
      return request(record.page || sheet, {
        method: "POST", credentials: "same-origin", redirect: "manual",
        headers: headers(count, { "Content-Type": "application/x-www-form-urlencoded" }),
        body: body.toString(),
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
      retryTimer = window.setTimeout(flush, RETRY[Math.min(failures, RETRY.length - 1)]);
      failures += 1;
    }

    function flush() {
      if (sending) return Promise.resolve();
      sending = true;
      window.clearTimeout(retryTimer);
      return locked(function () {
        return Q.list(sheet).then(function (all) {
          var records = all.filter(function (r) { return r.state !== "late"; });
          if (!records.length) return "empty";
          if (records[0].state !== "waiting") return "blocked";
          if (records[0].who && records[0].who !== env.who) {
            // typed under another login on this device: sent only as that person
            say(t.tOtherLogin, "error");
            return "login";
          }
          say(t.tSending);
          return sendFrom(records, 0);
        });
      }).then(function (outcome) {
        sending = false;
        var numbers = saved;
        saved = [];
        var roundClosed = closed;
        closed = false;
        if (outcome === "done" || outcome === "empty") failures = 0;
        return env.sent(outcome, numbers, roundClosed).then(function (waiting) {
          // no answer, or not logged in: try again; a conflict or a refusal waits for the scorer
          if (waiting && (outcome === "later" || outcome === "login")) retryLater();
        });
      }, function () {
        sending = false;
        say(t.tRetry, "error");
        retryLater();
      });
    }
    function stored(records, index, answer) {
      var record = records[index], next = records[index + 1], data = answer.data || {};
      var work = Q.remove(record.key);
      saved.push(typeof data.number === "number" ? data.number : record.number);
      if (data.closed) closed = true;  // saved before the round closed: no sheet to show now
      if (next && !next.sent && typeof data.version === "number") {
        next.version = data.version;  // on the sheet as this deal left it
        work = work.then(function () { return Q.put(next); });
      }
      return work.then(function () { say(""); return sendFrom(records, index + 1); });
    }
    function conflict(records, index) {
      var rest = records.slice(index);
      rest.forEach(function (r) { r.state = "conflict"; });
      return Promise.all(rest.map(Q.put)).then(function () { say(""); return "conflict"; });
    }
    function sendFrom(records, index) {
      var record = records[index];
      if (!record) return Promise.resolve("done");
      if (record.state !== "waiting") return Promise.resolve("blocked");
      var count = records.length - index;
      record.sent = true;
      return Q.put(record).then(function () { return send(record, count); }).then(function (answer) {
        var status = answer.status;
        if (status === 202 && answer.data && answer.data.late) {
          // reached a closed round: kept by the server for the organiser, stored nowhere
          record.state = "late";
          record.late = { id: answer.data.id, detail: answer.data.detail, deal: answer.data.deal };
          var work = Q.put(record), next = records[index + 1];
          if (record.organiser && next && !next.sent) {
            next.version = record.version;  // the sheet did not move: the next goes on it
            work = work.then(function () { return Q.put(next); });
          }
          return work.then(function () { return sendFrom(records, index + 1); });
        }
        if (status >= 200 && status < 300) return stored(records, index, answer);
        if (status === 409 && record.via === "page" && !record.asked) {
          return askPage(record, count).then(function (again) {
            // the page's JSON {"ok": true, ...}; anything else (a refusal page, a login) is not it
            if (again.status === 200 && again.data.ok === true) return stored(records, index, again);
            record.asked = true;  // not that post's: a real conflict, decided by the scorer
            return conflict(records, index);
          });
        }
        if (status === 409) return conflict(records, index);
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
      }).catch(function () {
        say(t.tRetry, "error");  // no answer: maybe stored; the same key is sent again
        return "later";
      });
    }
    return { flush: flush, retryLater: retryLater };
  };
})();
