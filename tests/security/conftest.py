"""The HTTP fuzz's figures in the terminal summary: requests sent and the time they took."""

from __future__ import annotations

import sys


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    module = sys.modules.get("tests.security.test_http_fuzz")
    stats = getattr(module, "STATS", None)
    if not stats:
        return
    total = sum(count for count, _s in stats.values())
    seconds = sum(s for _c, s in stats.values())
    per = ", ".join(f"{v} {c}" for v, (c, _s) in stats.items())
    terminalreporter.write_line(
        f"HTTP fuzz: {total} requests in {seconds:.1f} s ({total / max(seconds, 1e-9):.0f}/s; "
        f"{per}), target {module.TARGET}")
