"""Troef's REST API (issue 17): Django REST framework with an OpenAPI schema
(drf-spectacular) at ``/api/schema/`` and Swagger UI at ``/api/docs/``.

The API is another face of the same app: its views parse and answer, the services write
and the selectors read exactly as for the pages, and :mod:`club.access` decides who may do
what. Modules: ``authentication`` (personal tokens), ``permissions``, ``errors`` (the one
error shape), ``idempotency`` (the ``Idempotency-Key`` header), ``throttling``,
``serializers`` (the shapes), ``views_*``, ``tokens`` (the user's tokens page), ``urls``.
"""
