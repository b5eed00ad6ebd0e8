/* The PDF job page: polls the job's status (JSON) and shows its progress; reloads the page
   when the job is done or failed. Without JavaScript the page refreshes itself. */
(function () {
  "use strict";
  var box = document.getElementById("job");
  if (!box || !box.dataset.statusUrl) return;
  var status = box.dataset.status;
  if (status !== "queued" && status !== "running") return;
  var url = box.dataset.statusUrl;
  function poll() {
    fetch(url, {headers: {"Accept": "application/json"}, credentials: "same-origin"})
      .then(function (r) { return r.json(); })
      .then(function (s) {
        var bar = document.getElementById("job-progress");
        if (bar) { bar.max = s.total || 1; bar.value = s.done; }
        document.getElementById("job-message").textContent = s.message;
        document.getElementById("job-label").textContent = s.label;
        if (s.status === "done" || s.status === "failed" || s.status === "unsent") { window.location.reload(); }
        else { window.setTimeout(poll, 1000); }
      })
      .catch(function () { window.setTimeout(poll, 3000); });
  }
  window.setTimeout(poll, 1000);
})();
