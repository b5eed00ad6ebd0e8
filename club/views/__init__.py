"""Thin views: parse the request, call a service or selector, render."""
