/* Troef's service worker: the score sheet keeps working when the connection drops
   (docs/offline.md). Rendered by club/views/offline.py; registered by the sheet pages
   (static/club/offline.js) for /sheet/ and /tables/.

   - A sheet page (/sheet/<code>/, /tables/<id>/sheet/) comes from the network when it
     answers (and that copy is kept), else from the copy kept at the last visit.
   - The static files the sheet needs are kept at install and served from the cache,
     refreshed in the background.
   - A new deal sent by the sheet's form while the network (or the database) is away, or
     silent, is not lost: the worker puts it in the queue (offline-store.js) under the
     form's key and shows the sheet again, with the deal "waiting to send". The page sends
     the queue through the API when the connection is back.
   Everything else (the API, the preview, other pages) goes to the network untouched. */
"use strict";
var CONFIG = {{ config|safe }};
var PAGES = "troef-sheets", ASSETS = "troef-assets-" + CONFIG.version;
var SHEET = /^\/(sheet\/[^/]+|tables\/\d+\/sheet)\/$/;
var NETWORK_WAIT = 8000;  /* ms before a silent network counts as away for a page */
var KEEP_PAGES = 40;  /* sheet pages kept (an organiser opens many tables in an evening) */

importScripts(CONFIG.store);

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(ASSETS).then(function (cache) {
    return cache.addAll(CONFIG.assets);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("troef-assets-") === 0 && name !== ASSETS;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function timeout(ms) {
  return new Promise(function (resolve, reject) {
    setTimeout(function () { reject(new Error("timeout")); }, ms);
  });
}

/* A sheet page: the network's answer (kept when it is the sheet itself), else the copy. */
function sheetPage(request) {
  var url = new URL(request.url);
  var key = url.origin + url.pathname;
  var network = fetch(request).then(function (response) {
    if (response.ok && response.type === "basic" && !response.redirected) {
      var copy = response.clone();
      caches.open(PAGES).then(function (cache) {
        return cache.delete(key).then(function () { return cache.put(key, copy); })
          .then(function () { return cache.keys(); })
          .then(function (keys) {  /* the last KEEP_PAGES sheets visited, oldest out first */
            return Promise.all(keys.slice(0, Math.max(0, keys.length - KEEP_PAGES))
              .map(function (old) { return cache.delete(old); }));
          });
      });
    } else if (response.status === 404 || response.status === 403 ||
               response.type === "opaqueredirect" || response.redirected) {
      /* no such sheet, not yours, or logged out (sent to log in): forget the copy */
      caches.open(PAGES).then(function (cache) { return cache.delete(key); });
    }
    return response;
  });
  return Promise.race([network, timeout(NETWORK_WAIT)]).catch(function (error) {
    return caches.match(key, { cacheName: PAGES, ignoreVary: true }).then(function (copy) {
      if (copy) return copy;
      return network;  /* nothing kept: the browser's own "offline" page */
    });
  });
}

/* A new deal posted by the sheet's form: to the server; when the network fails, gives no
   answer within POST_WAIT, or the server answers 503 (its database away: "not saved"), into
   the queue under the form's own key (the page, which gives up at 8 s, queues it under the
   same key: one record), then the sheet again. An answer that comes after that is not
   waited for: the queue sends the deal again with that key, and the server answers the
   first save if this post made one. */
var POST_WAIT = NETWORK_WAIT + 1000;
function postedDeal(request) {
  var copy = request.clone();
  var url = new URL(request.url);
  var queued = null;
  function queue() {
    if (!queued) {
      queued = copy.formData().then(function (data) {
        return self.TroefQueue.add(url.pathname, self.TroefQueue.fieldsOf(data),
                                   { key: data.get("key") || undefined, via: "page", page: url.pathname });
      }).then(function () {
        return Response.redirect(url.pathname + "#entry", 303);
      });
    }
    return queued;
  }
  var network = fetch(request).then(function (response) {
    return response.status === 503 ? queue() : response;
  }, queue);
  return Promise.race([network, timeout(POST_WAIT)]).catch(queue);
}

/* A static file the sheet uses: the kept copy at once, refreshed in the background. */
function asset(request) {
  return caches.open(ASSETS).then(function (cache) {
    return cache.match(request).then(function (kept) {
      var fresh = fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone());
        return response;
      });
      if (kept) {
        fresh.catch(function () {});
        return kept;
      }
      return fresh;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (SHEET.test(url.pathname) && request.mode === "navigate") {
    if (request.method === "GET") event.respondWith(sheetPage(request));
    else if (request.method === "POST") event.respondWith(postedDeal(request));
  } else if (request.method === "GET" && CONFIG.assets.indexOf(url.pathname) !== -1) {
    event.respondWith(asset(request));
  }
});
