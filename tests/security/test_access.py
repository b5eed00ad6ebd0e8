"""Every permission predicate lives in club/access.py: nothing else reads club roles."""

from __future__ import annotations

import re
from pathlib import Path

import club

ROOT = Path(club.__file__).parent
#: Modules that give a club its first owner (writes, never a question of who may).
CREATORS = {"services/clubs.py", "services/demo.py", "services/rehearsal.py"}
#: The members page's writes (roles given, changed, removed: each after asking club.access)
#: and reads (who has which role, to list it).
KEEPERS = {"services/members.py", "selectors/members.py"}
ALLOWED = {"access.py", "admin.py"} | CREATORS | KEEPERS


def modules():
    for path in sorted(ROOT.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if not name.startswith(("migrations/", "models/")):
            yield name, path.read_text()


def test_only_the_access_module_reads_club_roles():
    reads = re.compile(r"\bClubRole\b|\.club_roles\b|\.roles\.|\broles__|\bclub_roles__")
    readers = [name for name, text in modules() if name not in ALLOWED and reads.search(text)]
    assert readers == [], f"ask club.access instead: {readers}"


def test_role_creators_only_create():
    for name, text in modules():
        if name in CREATORS:
            uses = set(re.findall(r"ClubRole\.objects\.(\w+)", text))
            assert uses <= {"create", "get_or_create"}, (name, uses)


def test_the_predicates_are_not_written_anywhere_else():
    defined = {name for name, text in modules()
               if re.search(r"^def (can_edit_club|can_edit_player|players_not_editable)\(", text,
                            re.MULTILINE)}
    assert defined == {"access.py"}


def test_role_keepers_ask_club_access_before_each_write():
    """Each public function of the member service that writes a role asks a predicate of
    club.access first (give_role is called only by services that asked)."""
    import inspect

    from club.services import members

    for name in ("change_role", "remove_role", "create_account", "new_one_time_password"):
        source = inspect.getsource(getattr(members, name))
        assert re.search(r"if not can_\w+\(actor", source), name
