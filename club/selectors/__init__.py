"""Selectors: the queries that build pages, each a fixed number of queries."""
