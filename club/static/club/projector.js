/* The hall's projector: asks the server for the live data every 2 s (with the ETag of its
   last answer, so an unchanged hall costs a 304), and cycles through screens: the standings
   (as many pages as needed), the current round's tables, the latest results. New data
   redraws the screen showing now (the others are drawn from it when they come round), and
   a short status line says what changed ("Table 4: new deal"): the screens themselves are
   not live regions. The rotation stops while the pause button is pressed, and while the
   pointer is over the screen or the focus is in it (WCAG 2.2.2).
   Everything is built with textContent: names are data, never markup. */
(function () {
  "use strict";
  var root = document.getElementById("projector");
  if (!root) { return; }
  var words = root.dataset;
  var url = words.url, poll = +words.poll, every = +words.screen;
  var screen = document.getElementById("projector-screen");
  var heading = document.getElementById("projector-heading");
  var title = document.getElementById("projector-title");
  var news = document.getElementById("projector-news");
  var pausedNote = document.getElementById("projector-paused");
  var pauseButton = document.getElementById("projector-pause");
  var offline = document.getElementById("projector-offline");
  var data = null, etag = null, index = 0, timer = null;
  var held = false, hovered = false, focused = false;

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
    var head = el("tr");
    data.labels.table_columns.forEach(function (label, i) {
      head.appendChild(el("th", i === 0 || i === 2 ? "num" : "", label)).scope = "col";
    });
    list.appendChild(el("thead")).appendChild(head);
    var body = list.appendChild(el("tbody"));
    tables.forEach(function (t) {
      var tr = body.appendChild(el("tr", "state-" + t.state));
      tr.dataset.table = t.number;
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

  /* Draw screen ``index`` from the data as it is now (no move to the next one). */
  function draw() {
    if (!data) { return; }
    var all = screens();
    index = index % all.length;
    var current = all[index];
    title.textContent = data.round ? data.round.title + " · " + data.round.status : data.labels.none;
    heading.textContent = current[0];
    screen.replaceChildren(heading, current[1]);
  }

  function paused() { return held || hovered || focused; }

  /* The next screen in ``every`` ms, counted again from now. */
  function restart() {
    window.clearTimeout(timer);
    timer = null;
    if (!paused()) { timer = window.setTimeout(next, every); }
  }

  function next() {
    if (data) { index += 1; draw(); }
    restart();
  }

  function showPause() {
    var stopped = paused();
    pausedNote.hidden = !stopped;
    pauseButton.textContent = held ? words.resume : words.pause;
    restart();
  }

  /* What changed between two answers, in a few words ("Table 4: new deal"). */
  function changes(before, after) {
    var said = [];
    var was = {};
    if (before.round && after.round && before.round.title === after.round.title) {
      before.round.tables.forEach(function (t) { was[t.number] = t; });
      after.round.tables.forEach(function (t) {
        var old = was[t.number];
        if (old === undefined || JSON.stringify(old) === JSON.stringify(t)) { return; }
        var text = t.state !== "finished" ? words.newDeal
          : old.state === "finished" ? words.corrected : words.finished;
        said.push(text.replace("%(number)s", t.number));
      });
    }
    return said.length ? said.join(" · ") : words.updated;
  }

  function received(fresh) {
    var before = data;
    data = fresh;
    draw();
    if (before) { news.textContent = changes(before, fresh); }
  }

  function fetchData() {
    var headers = etag ? { "If-None-Match": etag } : {};
    // an answer that never comes must not stop the polling: given up after 10 s
    var giveUp = window.AbortController ? new AbortController() : null;
    var late = giveUp && window.setTimeout(function () { giveUp.abort(); }, 10000);
    return fetch(url, { headers: headers, credentials: "same-origin", cache: "no-store",
                        signal: giveUp ? giveUp.signal : undefined })
      .then(function (response) {
        offline.hidden = true;
        if (response.status === 304) { return null; }
        if (!response.ok) { throw new Error(String(response.status)); }
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (fresh) { if (fresh) { received(fresh); } })
      .catch(function () { offline.hidden = false; })
      .then(function () {
        window.clearTimeout(late);
        window.setTimeout(fetchData, poll);
      });
  }

  pauseButton.addEventListener("click", function () {
    held = !held;
    showPause();
  });
  screen.addEventListener("mouseenter", function () { hovered = true; showPause(); });
  screen.addEventListener("mouseleave", function () { hovered = false; showPause(); });
  screen.addEventListener("focusin", function () { focused = true; showPause(); });
  screen.addEventListener("focusout", function () { focused = false; showPause(); });
  document.getElementById("projector-full").addEventListener("click", function () {
    if (document.fullscreenElement) { document.exitFullscreen(); }
    else if (document.documentElement.requestFullscreen) { document.documentElement.requestFullscreen(); }
  });
  fetchData();
  restart();
}());
