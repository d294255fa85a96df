# Developer entry points. Every target creates .venv and installs what it needs;
# installs are skipped while pyproject.toml is unchanged (stamp files in .venv).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8000
APP    := service.app:create_app()

# Python keeps each module's compiled bytecode, under .venv (none lands in the tree), even where
# the environment sets PYTHONDONTWRITEBYTECODE: make test starts some hundred Python processes
# (gunicorn masters, their analysis processes, the clients' programs, pytest's workers), and
# without it each compiled every module it imports again and pytest rewrote the asserts of every
# test module and plugin again (gunicorn up in 2.4 s, not 1.4; three server test modules 73 s, not 52).
export PYTHONDONTWRITEBYTECODE :=
export PYTHONPYCACHEPREFIX := $(CURDIR)/$(VENV)/pycache

.PHONY: run test openapi clients page lock clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The installer is uv (from PyPI, into .venv): the same versions pip picks, in
# about a fifth of pip's time.
$(BIN)/uv: | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check 'uv>=0.9,<1'

UV_INSTALL = $(BIN)/uv pip install --quiet --python $(BIN)/python

$(VENV)/.installed-run: pyproject.toml | $(BIN)/uv
	$(UV_INSTALL) -e '.[native]'
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/uv
	$(UV_INSTALL) -e '.[test,native]'
	touch $@ $(VENV)/.installed-run

# The solver's engine and search compiled with mypyc into service/analysis/native/ (tools/native.py,
# about 10 s), again whenever either source changes: service.analysis imports them only while they
# were built from the sources as they are, else the pure-Python modules
NATIVE := service/analysis/native/SOURCES
$(NATIVE): service/analysis/engine.py service/analysis/solver.py service/analysis/agency_search.c service/analysis/__init__.py tools/native.py $(VENV)/.installed-run
	$(BIN)/python -m tools.native

# The pinned JavaScript tools (package-lock.json): the TypeScript client's
# generator, tsc and esbuild. Reinstalled when the lock file changes.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The browser the table page's tests drive: Debian's chromium, installed with
# apt when missing (as root; CI runs as root). Never a playwright download.
CHROMIUM ?= /usr/bin/chromium
$(CHROMIUM):
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

# The token store's tests run a real Redis: Debian's redis-server, installed
# with apt when missing (as root), never started as a system service (the
# tests start their own on free ports: tests/support.py RedisServer).
REDIS_SERVER ?= /usr/bin/redis-server
$(REDIS_SERVER):
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server

# The two-replica Compose recipe's nginx config is checked with nginx -t
# (tests/test_deploy.py): Debian's nginx binary, unpacked from its package
# into .venv (apt-get download, dpkg-deb -x): nothing is installed on the
# machine and no service is started.
NGINX ?= $(VENV)/nginx/usr/sbin/nginx
$(NGINX):
	rm -rf $(VENV)/nginx && mkdir -p $(VENV)/nginx
	cd $(VENV)/nginx && { apt-get download -qq -o APT::Sandbox::User=root nginx || { apt-get update -qq && apt-get download -qq -o APT::Sandbox::User=root nginx; }; }
	dpkg-deb -x $(VENV)/nginx/nginx_*.deb $(VENV)/nginx

## run: serve the referee with gunicorn on $(PORT) (default 8000); in signed and sealed modes
## its spent states go to .run/ in the checkout unless REFEREE_TOKEN_STORE_PATH says otherwise
run: $(VENV)/.installed-run $(NATIVE)
	PORT=$(PORT) REFEREE_TOKEN_STORE_PATH="$${REFEREE_TOKEN_STORE_PATH:-$(CURDIR)/.run/spent-states.lmdb}" \
		$(BIN)/gunicorn --config deploy/gunicorn.conf.py '$(APP)'

## test: lint (ruff), type-check (mypy --strict on service/ and conformance/), then the whole
## test suite (fails when no test ran): in TEST_JOBS processes (pytest-xdist), then the tests that
## time the service, alone so that no other test's load falls on them; with the solver compiled
## (REFEREE_NATIVE=1: tests/test_analysis_native.py fails where it is not)
TEST_JOBS ?= 2
ALONE_TESTS = tests/test_timing.py tests/test_hostile.py tests/test_hostile_clients.py tests/test_soak.py tests/test_isolation.py tests/test_table_soak.py tests/test_pool.py
test: $(VENV)/.installed-test $(NATIVE) node_modules/.installed $(CHROMIUM) $(REDIS_SERVER) $(NGINX)
	$(BIN)/ruff check .
	$(BIN)/mypy
	REFEREE_NATIVE=1 $(BIN)/python -m pytest -n $(TEST_JOBS) --dist worksteal --durations=25 $(addprefix --ignore=,$(ALONE_TESTS))
	REFEREE_NATIVE=1 $(BIN)/python -m pytest --durations=15 $(ALONE_TESTS)

## check: lint, types, and the rules, analysis and API tests but the slow ones, in TEST_JOBS
## processes, with hypothesis's check profile (a quarter of the examples): under 2 minutes
## here; make test runs everything. The contract module's tests are all slow, and merely
## collecting them builds schemathesis's coverage cases (about 25 s), so it is not collected
.PHONY: check
check: $(VENV)/.installed-test $(NATIVE)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -q -n $(TEST_JOBS) --dist worksteal --hypothesis-profile=check -m '(rules or analysis or api) and not slow and not heavy' \
	  --ignore=tests/test_contract.py

## openapi: rewrite the spec's examples from the service's answers (tools/examples.py:
## service/static/examples.json), then openapi.yaml from the app's schemas, views and
## examples (tools/openapi.py: no YAML aliases)
openapi: $(VENV)/.installed-test
	$(BIN)/python -m tools.examples
	$(BIN)/python -m tools.openapi

## clients: regenerate clients/python and clients/typescript from openapi.yaml, then the page's script
clients: $(VENV)/.installed-test node_modules/.installed
	$(BIN)/python -m tools.clients

## page: bundle web/play.ts (with the TypeScript client) into service/static/play/play.js,
## and render docs/rules.md into service/static/play/rules.html (GET /rules)
page: $(VENV)/.installed-test node_modules/.installed
	$(BIN)/python -m tools.clients --page
	$(BIN)/python -m tools.rules

## lock: pin the service's dependencies (pyproject.toml) and its build backend by
## version and hash into deploy/requirements.lock, which the image installs with
## --require-hashes, and the native extra's (mypyc, for the build stage only) into
## deploy/requirements-native.lock; pins already in the files are kept unless
## pyproject.toml's ranges exclude them (LOCK_ARGS=--upgrade takes the newest). Needs PyPI.
LOCK := deploy/requirements.lock
NATIVE_LOCK := deploy/requirements-native.lock
PIP_COMPILE = env -u PIP_FIND_LINKS PIP_CONFIG_FILE=/dev/null CUSTOM_COMPILE_COMMAND="make lock" \
	  $(BIN)/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras --no-emit-index-url --no-emit-find-links $(LOCK_ARGS)
lock: $(VENV)/.installed-test
	$(PIP_COMPILE) --build-deps-for wheel --output-file $(LOCK) pyproject.toml
	$(BIN)/python -c 'import tomllib; print(*tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["native"], sep="\n")' \
	  | $(PIP_COMPILE) --output-file $(NATIVE_LOCK) -

## bench: load the service and a do-nothing floor through gunicorn, time the rules core
## (bench/README.md); BENCH_ARGS passes options, e.g. BENCH_ARGS=--quick
.PHONY: bench
bench: $(VENV)/.installed-run $(NATIVE) $(REDIS_SERVER)
	$(BIN)/python -m bench.run $(BENCH_ARGS)

## image: build deploy/Dockerfile twice with buildah (vfs driver), compare the two
## builds file by file, and run the quick start against the image (buildah run)
## (bench/image.py; as root; not part of test); IMAGE_ARGS passes options, e.g.
## IMAGE_ARGS="--base-python python:3.11-slim-bookworm --base-node node:20-bookworm"
.PHONY: image
image: $(VENV)/.installed-run
	$(BIN)/python -m bench.image $(IMAGE_ARGS)

## bench-records: the round trip of records (write, read, replay, write) on generated hands of
## every game, timed per record (bench/records.py); RECORDS_ARGS passes options, e.g. RECORDS_ARGS=--quick
.PHONY: bench-records
bench-records: $(VENV)/.installed-run
	$(BIN)/python -m bench.records $(RECORDS_ARGS)

## bench-timing: every sealed operation's timing on twin tokens that differ only in hidden
## cards, the heavy cases the suite leaves out (tests/test_timing.py, marker heavy; 9 s here when the first look settles every case, longer when a case runs on to 10,000 rounds)
.PHONY: bench-timing
bench-timing: $(VENV)/.installed-test
	$(BIN)/python -m pytest -m 'heavy or not heavy' tests/test_timing.py

## bench-bots: the bots' strength benchmark (bench/bots.py): every game and player count, each level
## against random and the rules level, a perfect-information ceiling; BOTS_ARGS passes options,
## e.g. BOTS_ARGS=--quick or BOTS_ARGS="--hands 500 --games agram"
.PHONY: bench-bots
bench-bots: $(VENV)/.installed-run $(NATIVE)
	$(BIN)/python -m bench.bots $(BOTS_ARGS)

## bench-analysis: the worst-case time of solve, suggest and analyze, in-process, with the configured
## budgets (bench/analysis.py); ANALYSIS_ARGS passes options, e.g. ANALYSIS_ARGS=--quick
.PHONY: bench-analysis
bench-analysis: $(VENV)/.installed-run $(NATIVE)
	$(BIN)/python -m bench.analysis $(ANALYSIS_ARGS)

## bench-isolation: legal-moves at full load through gunicorn, alone and beside clients looping solve and
## suggest, with the analysis pool and without (bench/isolation.py); ISOLATION_ARGS passes options, e.g.
## ISOLATION_ARGS=--quick or ISOLATION_ARGS="--clients 4"
.PHONY: bench-isolation
bench-isolation: $(VENV)/.installed-run $(NATIVE)
	$(BIN)/python -m bench.isolation $(ISOLATION_ARGS)

## bench-solver: the exact solver's time per solve and the share solved exactly, per game and
## player count, from the deal and from mid-hand (bench/solver.py); SOLVER_ARGS passes options,
## e.g. SOLVER_ARGS=--quick
.PHONY: bench-solver
bench-solver: $(VENV)/.installed-run $(NATIVE)
	$(BIN)/python -m bench.solver $(SOLVER_ARGS)

## hostile: stalled connections, made-up methods, framing attacks and bad settings against
## gunicorn (bench/hostile.py); HOSTILE_ARGS passes options, e.g. HOSTILE_ARGS="--stalled 3"
.PHONY: hostile
hostile: $(VENV)/.installed-run
	$(BIN)/python -m bench.hostile $(HOSTILE_ARGS)

## mutation: apply each mutant of tools/mutation.py to a copy of the tree and run
## the fast rule and API tests (not part of test); MUTATION_ARGS passes options,
## e.g. MUTATION_ARGS='--only a12b-either-holder' or '--tests-from main'
.PHONY: mutation
mutation: $(VENV)/.installed-test
	$(BIN)/python -m tools.mutation $(MUTATION_ARGS)

## conformance: check a running referee against the conformance kit (python -m conformance; it
## says which mode it found and what that mode leaves unchecked): CONFORMANCE_URL, by default
## http://localhost:$(PORT) as make run serves it; CONFORMANCE_ARGS passes options, e.g.
## CONFORMANCE_ARGS="--signing-key KEY" or CONFORMANCE_ARGS="--game agency --only refusal"
.PHONY: conformance conformance-kit conformance-in-process conformance-coverage
CONFORMANCE_URL ?= http://localhost:$(PORT)
conformance: $(VENV)/.installed-run
	$(BIN)/python -m conformance $(CONFORMANCE_URL) $(CONFORMANCE_ARGS)

## conformance-kit: write the conformance kit (conformance/<game>/1/*.jsonl) from this referee,
## through the app in-process; tests fail while the committed files are stale
conformance-kit: $(VENV)/.installed-run
	$(BIN)/python -m conformance.generate

## conformance-in-process: the kit against this referee in-process (no server), open then signed,
## as the suite runs it; make conformance checks a running server
conformance-in-process: $(VENV)/.installed-test
	$(BIN)/python -m conformance --in-process
	$(BIN)/python -m conformance --in-process --signed

## conformance-coverage: the branches of service/games/ the kit alone exercises (coverage.py;
## at least 95% of its branches, and of statements and branches together), running it in-process open and signed
conformance-coverage: $(VENV)/.installed-test
	$(BIN)/python -m coverage erase
	$(BIN)/python -m coverage run --parallel-mode -m conformance --in-process --perft-nodes 100
	$(BIN)/python -m coverage run --parallel-mode -m conformance --in-process --signed --perft-nodes 100
	$(BIN)/python -m coverage combine --quiet
	$(BIN)/python -m coverage report --show-missing --fail-under=95
	$(BIN)/python -m coverage json --quiet -o - | $(BIN)/python -c 'import json, sys; t = json.load(sys.stdin)["totals"]; \
	  print("branches: %d of %d, %.1f%%" % (t["covered_branches"], t["num_branches"], t["percent_branches_covered"])); \
	  sys.exit(t["percent_branches_covered"] < 95)'

clean:
	rm -rf $(VENV) node_modules .pytest_cache .hypothesis
