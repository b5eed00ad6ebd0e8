// The API's Swagger UI (templates/api/docs.html), from a static file: no inline script.
(function () {
  "use strict";
  var node = document.getElementById("swagger-ui");
  var csrf = document.cookie.split("; ").filter(function (c) {
    return c.indexOf("csrftoken=") === 0;
  }).map(function (c) { return c.slice(10); })[0];
  window.SwaggerUIBundle({
    url: node.getAttribute("data-schema-url"),
    dom_id: "#swagger-ui",
    deepLinking: true,
    persistAuthorization: false,
    requestInterceptor: function (request) {
      if (csrf) { request.headers["X-CSRFToken"] = csrf; }
      return request;
    }
  });
})();
