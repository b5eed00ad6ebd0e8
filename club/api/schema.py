"""The OpenAPI schema's additions: every operation documents the one error shape for each
refusal it can give, and the two ways to authenticate (a token, a session)."""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import PolymorphicProxySerializer

from club.api.serializers import Errors

#: Refusals any operation may give (400 bad input, 401 not logged in or unknown token, 403
#: not allowed, 404 no such object, 405 a method the address does not take, 406 Accept,
#: 429 too many requests).
COMMON = ("400", "401", "403", "404", "405", "406", "429")
#: And those of writes: 409 stale version, 415 not JSON, 422 a reused Idempotency-Key.
WRITES = ("409", "415", "422")


class ApiSchema(AutoSchema):
    def _map_basic_serializer(self, serializer, direction):
        """A shape marked ``closed`` (a deal written) takes no other property: the server
        refuses an unknown field by name."""
        schema = super()._map_basic_serializer(serializer, direction)
        if getattr(serializer, "closed", False) and direction == "request":
            schema["additionalProperties"] = False
        return schema

    def _get_request_body(self, direction="request"):
        """A body that is one of several shapes (a deal of either kind of sheet, a report
        request of each kind) is required: each shape has required fields, and an empty
        body is refused (drf-spectacular leaves such a body optional)."""
        body = super()._get_request_body(direction)
        if body and isinstance(self.get_request_serializer(), PolymorphicProxySerializer):
            body["required"] = True
        return body

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        codes = COMMON + (WRITES if self.method in ("POST", "PUT", "PATCH", "DELETE") else ())
        for code in codes:
            if code not in responses:
                responses[code] = self._get_response_for_code(Errors, code, direction=direction)
                responses[code]["description"] = "Refused: see errors[].code."
        return responses


class TokenScheme(OpenApiAuthenticationExtension):
    target_class = "club.api.authentication.TokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return {"type": "apiKey", "in": "header", "name": "Authorization",
                "description": "A personal API token (made on your account's API tokens page): "
                               "`Authorization: Token <secret>` (or `Bearer <secret>`)."}
