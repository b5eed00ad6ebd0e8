# Troef: `make run` serves the demo club; `make test` runs the suite. Nothing else needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat requirements.txt requirements-dev.txt | sha1sum | cut -c1-12)

.PHONY: install run test test-fast lint bench bench-smoke clean

$(STAMP): requirements.txt requirements-dev.txt
	@./.ci/install-system-deps
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@rm -f $(VENV)/.installed-* && touch $(STAMP)

install: $(STAMP)

# make run HOST=0.0.0.0 PORT=8300: the laptop mode, for the players' phones on the hall's
# network (club/laptop.py). Set them on the command line (HOST in the environment is ignored).
HOST := 127.0.0.1
PORT := 8000
run: install
	@$(BIN)/python manage.py migrate --noinput -v0
	@$(BIN)/python manage.py demo
	@TROEF_BIND=$(HOST):$(PORT) $(BIN)/python manage.py site_address
	@TROEF_BIND=$(HOST):$(PORT) $(BIN)/python manage.py runserver $(HOST):$(PORT)

test: install
	@./.ci/install-system-deps --browser
	@$(BIN)/python -m pytest -q -n auto --dist loadfile --no-loadscope-reorder

lint: install
	@$(BIN)/ruff check engine scoring club tests benchmarks
	@$(BIN)/lint-imports

bench: install
	@for b in benchmarks/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

# Every benchmark at a tiny size (--smoke): the same code paths in seconds, no targets checked.
bench-smoke: install
	@./.ci/bench-smoke

# Translations: collect new strings into club/locale/{nl,fr}/django.po, then compile the .mo
# files (needs Debian's gettext). Translate what comes out empty or fuzzy, then commit both.
.PHONY: messages
messages: install
	@$(BIN)/python manage.py makemessages -l nl -l fr --ignore=.venv --ignore=tests --ignore=benchmarks
	@$(BIN)/python manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) db.sqlite3 media staticfiles .pytest_cache .hypothesis
