/* Troef: how a waiting deal reads on the sheet, and the scorer's choices when someone else
   changed the sheet while deals waited (used by offline.js; docs/offline.md).

   The deals stored meanwhile (read from the API) are listed, and each waiting deal is shown
   next to the deal with its number on the sheet now; the scorer chooses keep mine (a
   correction of theirs: PUT), keep theirs (mine dropped) or keep both (mine becomes the deal
   after the sheet's: POST); a deal with no counterpart is added or dropped. Only choices
   that keep the dealers in turn can be made: a deal no choice can place is sent to the
   organiser (POST with X-Troef-To-Organiser: 1: the server keeps it as a late deal, the
   organiser decides) or dropped, and the panel says so. A waiting deal with the same facts as a stored one is "the same
   deal", keep theirs chosen. Every choice is required: nothing is dropped without one. A
   request changed by a choice gets a new Idempotency-Key (it is another request); the first
   one kept is sent on the sheet's current version. The words come from the page
   (#offline-sheet's data-t-*). */
(function () {
  "use strict";
  window.TroefDeals = function (env) {
    var t = env.t, form = env.form, Q = env.queue, sheet = env.sheet;
    function fill(text, values) {
      return text.replace(/%\((\w+)\)s/g, function (all, name) { return values[name]; });
    }
    function element(tag, attributes, text) {
      var node = document.createElement(tag);
      Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
      if (text !== undefined && text !== null) node.textContent = text;
      return node;
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

    // -- someone else changed the sheet: the scorer chooses ----------------------------------------
    /* What keeps the dealers in turn (each deal is dealt by the player after the previous
       deal's dealer, so a deal's number says who dealt it): keep mine replaces their deal of
       that number (the same dealer); add mine puts it after the sheet's deals and the ones
       added before it, only when its dealer is that deal's dealer. A waiting deal no choice
       can place keeps drop only, and the panel says why: no choice ever stores a dealer
       other than the one typed. */
    var panel = null;
    function hideConflict() {
      if (panel) panel.remove();
      panel = null;
    }
    function radio(set, name, value, text) {
      var label = element("label");
      var input = element("input", { type: "radio", name: name, value: value });
      var words = element("span", {}, text);
      label.appendChild(input);
      label.appendChild(document.createTextNode(" "));
      label.appendChild(words);
      set.appendChild(label);
      return { input: input, words: words, label: label };
    }
    function showConflict(conflicts) {
      var keys = conflicts.map(function (r) { return r.key; }).join(" ");
      if (panel && panel.dataset.keys === keys) return Promise.resolve();  // the choices stay
      return fetch(Q.apiOf(sheet), { credentials: "same-origin", headers: {
        Accept: "application/json", "X-Troef-Waiting": String(env.waiting ? env.waiting() : conflicts.length) } })
        .then(function (response) {
          if (!response.ok) throw new Error(String(response.status));
          return response.json();
        }).then(function (current) {
          hideConflict();
          var stored = current.deals || [];
          var seats = (current.seats || []).length || (form && form.elements.dealer ? form.elements.dealer.options.length : 4);
          var first = Math.min.apply(null, conflicts.map(function (r) { return r.number; }));
          var since = stored.filter(function (d) { return d.number >= first; });
          panel = element("form", { class: "conflict-choices", id: "offline-conflict", novalidate: "",
                                    "data-keys": keys });
          panel.appendChild(element("p", { role: "alert" }, t.tConflict));
          if (since.length) {  // the other phone's (or the organiser's) deals, stored meanwhile
            var list = element("div", { class: "theirs-list" });
            list.appendChild(element("p", {}, t.tStoredSince));
            var items = element("ul");
            since.forEach(function (deal) {
              items.appendChild(element("li", { "data-number": String(deal.number) },
                fill(t.tDeal, { number: deal.number }) + ": " + describe(theirFacts(deal))));
            });
            list.appendChild(items);
            panel.appendChild(list);
          }
          var matched = {};
          var rows = conflicts.map(function (record) {
            var mine = facts(record.fields);
            var theirs = stored.filter(function (d) { return d.number === record.number; })[0];
            var equal = theirs && same(mine, theirFacts(theirs)) ? theirs : since.filter(function (d) {
              return !matched[d.number] && d !== theirs && same(mine, theirFacts(d));
            })[0];
            if (equal) matched[equal.number] = true;
            var set = element("fieldset", { "data-key": record.key, "data-number": String(record.number) });
            set.appendChild(element("legend", {}, fill(t.tDeal, { number: record.number })));
            var pair = element("dl", { class: "pair" });
            pair.appendChild(element("dt", {}, t.tMine));
            pair.appendChild(element("dd", { class: "mine" }, describe(mine)));
            pair.appendChild(element("dt", {}, t.tTheirs));
            var said = theirs ? describe(theirFacts(theirs)) : t.tNone;
            if (equal) {
              said += " (" + t.tSame + (equal === theirs ? "" : ": " + fill(t.tDeal, { number: equal.number })) + ")";
            }
            pair.appendChild(element("dd", { class: "theirs" }, said));
            set.appendChild(pair);
            var name = "choice-" + record.key;
            var row = { record: record, mine: mine, theirs: theirs, equal: equal, set: set };
            if (theirs) {
              row.replace = radio(set, name, "mine", t.tKeepMine);
              // their deal of this number has its dealer: mine replaces it only with the same
              row.replace.input.disabled = String(theirs.dealer) !== String(mine.dealer);
            }
            row.keep = radio(set, name, theirs ? "theirs" : "drop", theirs ? t.tKeepTheirs : t.tDropMine);
            row.add = radio(set, name, theirs ? "both" : "add", "");
            // only for a deal no choice can place (placeAdds shows it)
            row.organiser = radio(set, name, "organiser", t.tToOrganiser);
            row.organiser.label.hidden = true;
            if (equal) row.keep.input.checked = true;
            row.note = element("p", { class: "order-note" });
            set.appendChild(row.note);
            panel.appendChild(set);
            return row;
          });
          /* The number and dealer each "add" would get, given the choices above it. */
          function placeAdds(initial) {
            var number = current.next_number || stored.length + 1;
            var dealer = current.next_dealer;
            rows.forEach(function (row) {
              var holds = String(row.mine.dealer) === String(dealer);
              if (initial && holds && !row.theirs && !row.equal) row.add.input.checked = true;
              row.add.input.disabled = !holds;
              if (!holds) row.add.input.checked = false;
              row.add.words.textContent = fill(row.theirs ? t.tKeepBothAs : t.tAddAs, { number: number });
              row.number = number;
              var placed = holds || (row.replace && !row.replace.input.disabled);
              row.note.textContent = placed || row.equal ? "" : fill(t.tNoOrder, {
                number: number, expected: dealerName(dealer), dealer: dealerName(row.mine.dealer) });
              row.set.classList.toggle("no-order", !placed && !row.equal);
              row.organiser.label.hidden = placed || !!row.equal;
              if (row.organiser.label.hidden) row.organiser.input.checked = false;
              if (row.add.input.checked) {
                number += 1;
                dealer = (Number(dealer) + 1) % seats;
              }
            });
          }
          placeAdds(true);
          panel.addEventListener("change", function () { placeAdds(false); });
          var problem = element("p", { class: "problem", role: "alert" });
          panel.appendChild(problem);
          panel.appendChild(element("button", { type: "submit" }, t.tApply));
          panel.addEventListener("submit", function (event) {
            event.preventDefault();
            placeAdds(false);
            var chosen = {}, numbers = {};
            var missing = rows.filter(function (row) {
              var picked = panel.querySelector('input[name="choice-' + row.record.key + '"]:checked');
              if (picked) chosen[row.record.key] = picked.value;
              numbers[row.record.key] = row.number;
              return !picked;
            });
            if (missing.length) {
              problem.textContent = t.tChoose;
              var input = missing[0].set.querySelector("input:not([disabled])");
              if (input) input.focus();
              return;
            }
            resolve(conflicts, chosen, numbers, current.version).then(env.resolved);
          });
          env.place(panel);
        }).catch(env.failed);
    }
    /* The choices become requests: keep mine a correction of the deal there (PUT), both or
       add a new deal (POST) as the number it was shown with, theirs or drop: removed,
       organiser: a new deal sent to the organiser (POST with X-Troef-To-Organiser: 1, on the
       current version; it changes nothing on the sheet, so the deal after it goes on the
       version before it). Each with a new key (another request); the first kept one on the
       sheet's current version. The deal's facts, its dealer first, are never changed. */
    function resolve(conflicts, chosen, numbers, version) {
      var work = Promise.resolve(), first = true;
      conflicts.forEach(function (record) {
        var choice = chosen[record.key];
        if (choice === "theirs" || choice === "drop") {
          work = work.then(function () { return Q.remove(record.key); });
          return;
        }
        record.method = choice === "mine" ? "PUT" : "POST";
        record.api = Q.apiOf(sheet) + "deals/" + (choice === "mine" ? record.number + "/" : "");
        record.organiser = choice === "organiser";
        if (choice !== "mine" && !record.organiser) record.number = numbers[record.key];
        record.send = Q.uuid();
        record.via = "";
        record.sent = false;
        record.state = "waiting";
        record.message = "";
        if (first || record.organiser) record.version = version;
        first = first && record.organiser;
        work = work.then(function () { return Q.put(record); });
      });
      return work;
    }

    return { fill: fill, element: element, facts: facts, dealerName: dealerName,
             trumpLabel: trumpLabel, showConflict: showConflict, hideConflict: hideConflict };
  };
})();
