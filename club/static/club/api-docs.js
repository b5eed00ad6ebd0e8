// The API's Swagger UI (templates/api/docs.html), from a static file: no inline script.
(function () {
  "use strict";
  var node = document.getElementById("swagger-ui");
  var csrf = document.cookie.split("; ").filter(function (c) {
    return c.indexOf("csrftoken=") === 0;
  }).map(function (c) { return c.slice(10); })[0];
  // What Swagger's markup lacks for assistive technology, added to each part it draws: the
  // title block is a named region (it sits outside Swagger's <main>), the tags and the
  // schemas are headings of level 2 under its <h1> (they are <h3> and <h4>), an operation's
  // parts of level 3, and an example that scrolls takes the focus, so a keyboard can scroll
  // it.
  function mend() {
    var info = node.querySelector(".information-container:not([role])");
    if (info) {
      info.setAttribute("role", "region");
      info.setAttribute("aria-label", node.getAttribute("data-info-label"));
    }
    var levels = [[".opblock-tag, .models > h4", "2"], ["h4", "3"], ["h5", "4"]];
    levels.forEach(function (pair) {
      node.querySelectorAll(pair[0]).forEach(function (heading) {
        if (!heading.hasAttribute("aria-level")) { heading.setAttribute("aria-level", pair[1]); }
      });
    });
    node.querySelectorAll("pre.microlight:not([tabindex])").forEach(function (pre) {
      pre.setAttribute("tabindex", "0");
    });
  }
  new MutationObserver(mend).observe(node, {childList: true, subtree: true});
  window.SwaggerUIBundle({
    url: node.getAttribute("data-schema-url"),
    dom_id: "#swagger-ui",
    // no deep links: their anchors sat inside the operations' buttons (nested controls, a
    // target under 24 px)
    deepLinking: false,
    persistAuthorization: false,
    requestInterceptor: function (request) {
      if (csrf) { request.headers["X-CSRFToken"] = csrf; }
      return request;
    }
  });
})();
