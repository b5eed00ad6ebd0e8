/* Troef: the little behaviour every page shares, kept out of the HTML so that the
   Content-Security-Policy can forbid inline scripts.
   - <a data-back> goes back in the history when there is one (else follows its href);
   - a form sent back with errors puts the cursor in its first field at fault (a screen
     reader then reads the field, its error and its help: aria-describedby);
   - a table too wide for the screen scrolls sideways in its box: the box takes the
     keyboard focus (arrow keys scroll it) and is named after the page's heading.
   - a page waiting for work in the background (<meta name="troef-reload-after">) reloads
     itself after that many seconds;
   - a form's write-once key (<input data-fresh-key>) is new each time its page is shown
     (also from the browser's cache or the offline copy): a post the browser sends again
     by itself has the same key, and the server answers it with the first save;
   (Selects never send their form by themselves: an arrow key would, before the choice.) */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[data-back]") : null;
    if (link && window.history.length > 1) {
      event.preventDefault();
      window.history.back();
    }
  });

  var invalid = document.querySelector("form.form [aria-invalid=true], form.inline-form [aria-invalid=true]");
  if (invalid && !document.querySelector("[autofocus]")) invalid.focus();

  function scrollable() {
    document.querySelectorAll(".table-wrap, .sheet-wrap").forEach(function (box) {
      var wide = box.scrollWidth > box.clientWidth + 1;
      if (wide && !box.hasAttribute("tabindex")) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        if (!box.hasAttribute("aria-label")) {
          box.setAttribute("aria-label", regionName(box));
        }
      } else if (!wide && box.getAttribute("tabindex") === "0") {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
      }
    });
  }
  // A scrolling box's name: its table's caption, else the nearest heading before it, made
  // unique on the page ("Results (2)"): each region a name of its own (issue 29).
  function regionName(box) {
    var caption = box.querySelector("caption"), name = "";
    if (caption) name = caption.textContent;
    if (!name.trim()) {
      document.querySelectorAll("h1, h2, h3").forEach(function (h) {
        if (h.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING) name = h.textContent;
      });
    }
    name = name.replace(/\s+/g, " ").trim();
    var taken = {};
    document.querySelectorAll("[role=region][aria-label]").forEach(function (other) {
      if (other !== box) taken[other.getAttribute("aria-label")] = true;
    });
    var unique = name, n = 2;
    while (taken[unique]) { unique = name + " (" + n + ")"; n += 1; }
    return unique;
  }
  scrollable();
  window.addEventListener("resize", scrollable);

  function newKey() {
    var c = window.crypto;
    if (c.randomUUID) return c.randomUUID();
    var bytes = c.getRandomValues(new Uint8Array(16));
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("input[data-fresh-key]").forEach(function (input) {
      input.value = newKey();
    });
  });

  var reload = document.querySelector("meta[name=troef-reload-after]");
  var seconds = reload ? parseInt(reload.getAttribute("content"), 10) : NaN;
  if (seconds > 0) window.setTimeout(function () { window.location.reload(); }, seconds * 1000);
})();
