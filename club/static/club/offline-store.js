/* Troef: deals waiting to be sent, kept in the browser (IndexedDB), shared by the sheet page
   (offline.js) and the service worker (/offline/sw.js), which both add to it.

   One record per deal typed while the server could not be reached:
     key      the Idempotency-Key of its first sending: the key the entry form had when the
              deal was typed (the page's hidden "key", made in the browser), so a deal the
              form posted and the queue sends again is one deal to the server
     send     the key of its next sending (a new one when the scorer's choice changes the
              request: "keep mine" becomes a correction of the deal already there)
     sheet    the sheet page's path (/sheet/<code>/ or /tables/<id>/sheet/)
     api      the API address it is sent to (POST .../deals/, or PUT .../deals/<n>/)
     method   POST or PUT
     fields   the entry form's fields as typed, name -> text (whatever fields the form has:
              nothing here knows a field list)
     version  the sheet's version it was typed on; once the deal before it is stored, the
              version that answer gave (each deal is sent on the sheet as the one before
              left it)
     number   the deal number it was typed as (the page fills it in when the worker queued)
     seq      its place in the queue (the order of typing)
     state    waiting | refused | conflict | late; sent: a request left with these exact fields
     message  the server's refusal, in the page's language
     via      "page" when the sheet's own form posted it first (its answer never came): the
              page's address ("page") answers that post's key if the API finds the sheet moved
     late     the server's 202 for a deal that reached a closed round (kept, not stored: the
              organiser decides): {id, detail, deal}; no longer waiting, shown until dismissed
     organiser  true when the scorer sent it to the organiser (its dealer order could not
              hold): sent with the header X-Troef-To-Organiser: 1, answered 202 as late
   Nothing is deleted except when the server stored the deal (or kept it as late and the
   scorer dismissed the line) or the scorer chose to drop it. */
(function (scope) {
  "use strict";
  var NAME = "troef-offline", STORE = "deals";

  function open() {
    return new Promise(function (resolve, reject) {
      var request = scope.indexedDB.open(NAME, 1);
      request.onupgradeneeded = function () {
        var store = request.result.createObjectStore(STORE, { keyPath: "key" });
        store.createIndex("sheet", "sheet");
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }
  function run(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode), result;
        tx.oncomplete = function () { db.close(); resolve(result); };
        tx.onerror = tx.onabort = function () { db.close(); reject(tx.error); };
        result = work(tx.objectStore(STORE));
        if (result && typeof result === "object" && "onsuccess" in result) {
          result.onsuccess = function () { result = result.result; };
        }
      });
    });
  }
  function uuid() {
    if (scope.crypto && scope.crypto.randomUUID) return scope.crypto.randomUUID();
    var bytes = scope.crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 15) | 64; bytes[8] = (bytes[8] & 63) | 128;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); });
    return [hex.slice(0, 4), hex.slice(4, 6), hex.slice(6, 8), hex.slice(8, 10), hex.slice(10)]
      .map(function (part) { return part.join(""); }).join("-");
  }
  /* The form's fields (a FormData), without the CSRF token and the page's own key (the queue
     sends with its own Idempotency-Key): name -> text. */
  function fieldsOf(formData) {
    var fields = {};
    formData.forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && name !== "key" && typeof value === "string") fields[name] = value;
    });
    return fields;
  }
  /* The API's JSON body: every field as typed (an empty box: not sent, the API's default),
     the version as a number, the doubling calls as the API's list. */
  function body(record) {
    var data = {}, calls = [];
    Object.keys(record.fields).forEach(function (name) {
      var value = record.fields[name], call = /^call_(\d+)$/.exec(name);
      // "?": the sheet does not say who called (the API's null); "": no such call
      if (call) calls[parseInt(call[1], 10) - 1] = value === "" ? undefined : value === "?" ? null : value;
      else if (value !== "") data[name] = value;
    });
    // The entry row asks who made call 1, 2 ... (call_1, call_2 ...); the API takes them as
    // one list, in order, up to the last one named (the doubling says how many were made).
    var last = -1;
    calls.forEach(function (seat, index) { if (seat !== undefined) last = index; });
    if (last >= 0) {
      data.calls = calls.slice(0, last + 1).map(function (seat) { return seat === undefined ? null : seat; });
    }
    data.version = record.version;
    return data;
  }
  /* /sheet/<code>/ -> /api/sheet/<code>/, /tables/<id>/sheet/ -> /api/tables/<id>/sheet/ */
  function apiOf(sheet) { return "/api" + sheet; }

  /* Queue a deal under its key (the form's, else a new one); a deal already queued under
     that key (the page and the worker both caught one post) stays as it is: its record. */
  function add(sheet, fields, extra) {
    extra = extra || {};
    var key = extra.key || uuid();
    var record = Object.assign({
      key: key, send: key, sheet: sheet, api: apiOf(sheet) + "deals/", method: "POST",
      fields: fields, version: parseInt(fields.version, 10), number: null,
      seq: Date.now() * 1000 + Math.floor(Math.random() * 1000), state: "waiting",
      message: "", sent: false, typed: new Date().toISOString(),
    }, extra, { key: key, send: key });
    var kept = record;
    return run("readwrite", function (store) {
      var found = store.get(key);
      found.onsuccess = function () {
        if (found.result) kept = found.result; else store.put(record);
      };
    }).then(function () { return kept; });
  }
  function list(sheet) {
    return run("readonly", function (store) { return store.index("sheet").getAll(sheet); })
      .then(function (records) {
        return (records || []).sort(function (a, b) { return a.seq - b.seq; });
      });
  }
  function put(record) { return run("readwrite", function (store) { store.put(record); }); }
  function remove(key) { return run("readwrite", function (store) { store.delete(key); }); }

  scope.TroefQueue = { add: add, list: list, put: put, remove: remove, body: body,
                       fieldsOf: fieldsOf, uuid: uuid, apiOf: apiOf };
})(typeof self !== "undefined" ? self : window);
