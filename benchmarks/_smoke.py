"""The smoke switch every benchmark shares: ``--smoke`` on the command line or BENCH_SMOKE=1
in the environment runs the benchmark at a tiny size (the same code paths, a few seconds),
checks no targets, and fails (exit 1) when anything raises, a thread included, or when the
benchmark's own correctness checks fail. Without the switch nothing here changes anything.

Use: ``from _smoke import SMOKE, check, pick, run, target``; ``pick(normal, tiny)`` for each
size; ``run(main)`` in place of ``main()``. ``.ci/bench-smoke`` runs every benchmark so.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
import threading
import traceback

SMOKE = "--smoke" in sys.argv[1:] or os.environ.get("BENCH_SMOKE", "") not in ("", "0")
if SMOKE:
    sys.argv[1:] = [arg for arg in sys.argv[1:] if arg != "--smoke"]  # argparse need not know
    os.environ["BENCH_SMOKE"] = "1"  # the same switch for child processes

FAILURES: list[str] = []


def pick(normal, tiny):
    """``tiny`` in a smoke run, else ``normal`` (the benchmark's own size)."""
    return tiny if SMOKE else normal


def check(ok: bool, what: str) -> bool:
    """A correctness check: in a smoke run a failed one makes the run fail at the end."""
    if SMOKE and not ok:
        FAILURES.append(what)
        print(f"smoke check failed: {what}", file=sys.stderr, flush=True)
    return ok


def target(ok: bool, missed: str = "NOT met") -> str:
    """How a target line reads: a smoke run's figures say nothing about the target."""
    if SMOKE:
        return "not checked (smoke run)"
    return "met" if ok else missed


def tempdir(prefix: str) -> str:
    """A new temporary folder; a smoke run removes it when the process ends."""
    folder = tempfile.mkdtemp(prefix=prefix)
    if SMOKE:
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def _thread_failed(args) -> None:
    FAILURES.append(f"exception in thread {args.thread.name if args.thread else '?'}: "
                    f"{args.exc_type.__name__}: {args.exc_value}")
    traceback.print_exception(args.exc_type, args.exc_value, args.exc_traceback)


if SMOKE:
    threading.excepthook = _thread_failed


def run(main) -> None:
    """``main()``; in a smoke run, exit 1 afterwards if a check or a thread failed."""
    main()
    if SMOKE:
        if FAILURES:
            raise SystemExit(f"smoke run FAILED: {len(FAILURES)} problem(s): "
                             + "; ".join(FAILURES[:5]))
        print("smoke run: OK (sizes tiny, targets not checked)")
