/* Troef: the little behaviour every page shares, kept out of the HTML so that the
   Content-Security-Policy can forbid inline scripts.
   - <select data-autosubmit> sends its form when changed (language, table chooser);
   - <a data-back> goes back in the history when there is one (else follows its href). */
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (select.matches && select.matches("select[data-autosubmit]") && select.form) {
      select.form.submit();
    }
  });
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[data-back]") : null;
    if (link && window.history.length > 1) {
      event.preventDefault();
      window.history.back();
    }
  });
})();
