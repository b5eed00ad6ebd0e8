/* The hall's projector: asks the server for the live data every few seconds (with the ETag
   of its last answer, so an unchanged hall costs a 304), and cycles through screens: the
   standings (as many pages as needed), the current round's tables, the latest results.
   Everything is built with textContent: names are data, never markup. */
(function () {
  "use strict";
  var root = document.getElementById("projector");
  if (!root) { return; }
  var url = root.dataset.url, poll = +root.dataset.poll, pause = +root.dataset.screen;
  var screen = document.getElementById("projector-screen");
  var title = document.getElementById("projector-title");
  var offline = document.getElementById("projector-offline");
  var data = null, etag = null, index = 0;

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }

  function perScreen() {
    return Math.max(4, Math.floor((window.innerHeight - 200) / 52));
  }

  function chunks(list, size) {
    var out = [];
    for (var i = 0; i < list.length; i += size) { out.push(list.slice(i, i + size)); }
    return out.length ? out : [[]];
  }

  function standingsScreen(rows, page, pages) {
    var s = data.standings, table = el("table", "projector-table");
    var head = el("tr");
    s.columns.forEach(function (label, i) {
      var th = el("th", i > 1 || i === 0 ? "num" : "", label);
      if (s.titles[i]) { th.title = s.titles[i]; }
      head.appendChild(th);
    });
    table.appendChild(el("thead")).appendChild(head);
    var body = table.appendChild(el("tbody"));
    rows.forEach(function (row) {
      var tr = body.appendChild(el("tr"));
      row.forEach(function (cell, i) { tr.appendChild(el("td", i === 1 ? "" : "num", cell)); });
    });
    return [data.labels.standings + (pages > 1 ? " (" + page + "/" + pages + ")" : ""), table];
  }

  function tablesScreen(tables, heading) {
    var list = el("table", "projector-table projector-tables");
    var body = list.appendChild(el("tbody"));
    tables.forEach(function (t) {
      var tr = body.appendChild(el("tr", "state-" + t.state));
      tr.appendChild(el("td", "num", data.labels.table + " " + t.number));
      tr.appendChild(el("td", "", t.sides[0]));
      var score = t.score[0] === null ? "" : t.score[0] + " – " + t.score[1];
      tr.appendChild(el("td", "num projector-score", score));
      tr.appendChild(el("td", "", t.sides[1]));
      tr.appendChild(el("td", "projector-state", t.state_label));
    });
    return [heading, list];
  }

  function screens() {
    var out = [], size = perScreen();
    var pages = chunks(data.standings.rows, size);
    pages.forEach(function (rows, i) { out.push(standingsScreen(rows, i + 1, pages.length)); });
    var rnd = data.round;
    if (rnd) {
      var tpages = chunks(rnd.tables, size);
      tpages.forEach(function (tables, i) {
        out.push(tablesScreen(tables, data.labels.tables + " · " + rnd.title + " · " +
          rnd.counts.finished + "/" + rnd.counts.all + " " + data.labels.finished_count +
          (tpages.length > 1 ? " (" + (i + 1) + "/" + tpages.length + ")" : "")));
      });
      if (rnd.finished.length) { out.push(tablesScreen(rnd.finished, data.labels.latest)); }
    }
    return out;
  }

  function show() {
    if (!data) { return; }
    var all = screens();
    index = index % all.length;
    var current = all[index];
    title.textContent = data.round ? data.round.title + " · " + data.round.status : data.labels.none;
    screen.replaceChildren(el("h2", "", current[0]), current[1]);
    index += 1;
  }

  function fetchData() {
    var headers = etag ? { "If-None-Match": etag } : {};
    return fetch(url, { headers: headers, credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        offline.hidden = true;
        if (response.status === 304) { return null; }
        if (!response.ok) { throw new Error(String(response.status)); }
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (fresh) {
        if (fresh) {
          var first = data === null;
          data = fresh;
          if (first) { show(); }
        }
      })
      .catch(function () { offline.hidden = false; });
  }

  document.getElementById("projector-full").addEventListener("click", function () {
    if (document.fullscreenElement) { document.exitFullscreen(); }
    else if (document.documentElement.requestFullscreen) { document.documentElement.requestFullscreen(); }
  });
  fetchData();
  window.setInterval(fetchData, poll);
  window.setInterval(show, pause);
}());
