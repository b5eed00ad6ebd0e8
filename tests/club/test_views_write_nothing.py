"""Views parse the request, call a service and render: no view writes to the database itself
(docs/architecture.md, "Layers"). A model form's view saves through a service: it overrides
``form_valid`` (Django's own would call ``form.save()``) and only builds the unsaved object
(``form.save(commit=False)``)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

from django.views.generic.edit import ModelFormMixin

import club.views

VIEWS = Path(club.views.__file__).parent
WRITES = re.compile(r"\.save\((?!commit=False)|\.delete\(|\.objects\.(create|get_or_create|"
                    r"update_or_create|bulk_create)\(|\)\.update\(|\.objects\.update\(")


def test_no_view_module_writes():
    found = []
    for path in sorted(VIEWS.glob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if WRITES.search(line):
                found.append(f"{path.name}:{number}: {line.strip()}")
    assert found == [], "write through a service (club/services):\n" + "\n".join(found)


def test_every_model_form_view_saves_through_a_service():
    defaults = []
    for info in pkgutil.iter_modules([str(VIEWS)]):
        module = importlib.import_module(f"club.views.{info.name}")
        for _name, view in inspect.getmembers(module, inspect.isclass):
            if (view.__module__ == module.__name__ and issubclass(view, ModelFormMixin)
                    and view.form_valid is ModelFormMixin.form_valid):
                defaults.append(f"{module.__name__}.{view.__name__}")
    assert defaults == []
