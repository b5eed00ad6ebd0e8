/* Troef: how a waiting deal reads on the sheet, and the scorer's choices when someone else
   changed the sheet while deals waited (used by offline.js; docs/offline.md).

   Each waiting deal is shown next to the deal with its number on the sheet now (read from
   the API); the scorer chooses keep mine (a correction of theirs: PUT), keep theirs (mine
   dropped) or keep both (mine becomes the next deal: POST); a deal with no counterpart is
   added or dropped. Two deals with the same facts are marked "the same deal", keep theirs
   chosen. Every choice is required: nothing is dropped without one. A request changed by a
   choice gets a new Idempotency-Key (it is another request); the first one kept is sent on
   the sheet's current version. The words come from the page (#offline-sheet's data-t-*). */
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
    var panel = null;
    function hideConflict() {
      if (panel) panel.remove();
      panel = null;
    }
    function showConflict(conflicts) {
      var keys = conflicts.map(function (r) { return r.key; }).join(" ");
      if (panel && panel.dataset.keys === keys) return Promise.resolve();  // the choices stay
      return fetch(Q.apiOf(sheet), { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (response) {
          if (!response.ok) throw new Error(String(response.status));
          return response.json();
        }).then(function (current) {
          hideConflict();
          panel = element("form", { class: "conflict-choices", id: "offline-conflict", novalidate: "",
                                    "data-keys": keys });
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
            resolve(conflicts, chosen, current.version).then(env.resolved);
          });
          env.place(panel);
        }).catch(env.failed);
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

    return { fill: fill, element: element, facts: facts, dealerName: dealerName,
             trumpLabel: trumpLabel, showConflict: showConflict, hideConflict: hideConflict };
  };
})();
