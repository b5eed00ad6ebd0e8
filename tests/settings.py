"""The settings the test suite runs on: the site's own (``club.settings``, read from the same
environment) with a fast password hasher. Production hashes with PBKDF2 at
Django's 1,000,000 iterations, 0.25 s of CPU a password; the tests create and log in
hundreds of users, which made hashing the largest single cost of a CI run.
``tests/club/test_settings.py`` checks that the site's own settings still use PBKDF2."""

import os

from club.settings import *  # the site's settings, then the changes below

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# pytest-xdist runs the tests in several processes, each on its own test database
# (test_<name>_gw0, ...). With a broker (CI's second pass) each process sends its tasks to
# its own queue, which a worker on that process's database reads (.ci/run).
_XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if _XDIST_WORKER:
    CELERY_TASK_DEFAULT_QUEUE = f"{CELERY_TASK_DEFAULT_QUEUE}-{_XDIST_WORKER}"
