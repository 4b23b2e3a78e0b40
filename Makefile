# Two commands on a fresh clone:  `make demo`  and  `make test`.
# Both create .venv on first use and install everything the project needs into it; `make test`
# also installs Debian's chromium for the inspector's browser tests (.ci/system-deps, as root).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# A CPU build of torch is installed before sentence-transformers, which would otherwise pull a
# multi-GB CUDA build. Override with e.g. `make test TORCH_SPEC='torch>=2.2'`.
TORCH_SPEC ?= torch==2.13.0
# `make test` runs the suite on PYTEST_WORKERS processes (pytest-xdist): 3 on the 2-core
# machines CI and the developers have, because a worker often waits on a process it started
# (the CLI, writers, servers, PostgreSQL) and a third one fills that wait: a clean-clone run on
# an idle machine, pytest 20 min 30 s with 2 workers, 18 min 53 s with 3, one run each
# (docs/benchmarks.md, the merged main of the twenty-third session). Each worker starts its own
# PostgreSQL cluster, Chroma server and models (about a GB). PYTEST_WORKERS=0 runs it in
# one process; PYTEST_ARGS adds options, e.g. `make test PYTEST_ARGS='-k retrieval'`.
# --dist worksteal: each worker starts on its share of the collection (the tests marked slow
# first, longest first, then file order so a module's fixtures are mostly set up once:
# tests/conftest.py) and an idle worker takes tests from the other's end.
# --durations=20 lists the slowest tests in every CI log, to keep an eye on CI's time.
PYTEST_WORKERS ?= 3
PYTEST_ARGS ?=
# The tests' temporary files (pytest's tmp_path, the throwaway PostgreSQL cluster, the Chroma
# server's directory) go on the RAM disk /dev/shm when it has 8 GB free: the write-heavy tests
# wait on SQLite's and Chroma's fsyncs, not on the CPU (60 adds: 10.1 s on disk, 0.6 s there;
# docs/benchmarks.md, helper ci21). A small /dev/shm (Docker's default is 64 MB) keeps them on
# the disk; `make test TEST_TMPDIR=` forces the disk, `TEST_TMPDIR=DIR` any folder. On the RAM
# disk only failed tests keep their files.
TEST_TMPDIR ?= $(shell df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 && $$4 >= 8388608 {print "/dev/shm"}')

.PHONY: demo test lint bench-smoke clean system-deps

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The rest goes in with uv (`pip install uv`: one static binary from PyPI) when it can be had:
# it fetches and unpacks in parallel and compiles the bytecode on both cores, several times
# faster than pip on a cold cache (docs/benchmarks.md, helper ci22). --compile-bytecode as pip
# does: where PYTHONDONTWRITEBYTECODE is set (it is on our machines) no import writes a .pyc,
# and every process of the suite would compile the libraries again. uv reads neither pip's
# configuration nor the local torch file, so it gets the torch pip has just installed as a
# constraint, exact version and local tag (torch==2.13.0+cpu; no index has that file): it keeps
# that torch or fails, never fetches another. When uv cannot be installed or fails, plain pip
# installs the same extras; `make test INSTALLER=pip` always uses pip.
INSTALLER ?= uv

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet "$(TORCH_SPEC)" || $(BIN)/pip install --quiet torch
	$(BIN)/python -c 'import importlib.metadata as m; print("torch==" + m.version("torch"))' \
		> $(VENV)/torch-constraint.txt
	if [ "$(INSTALLER)" = uv ] && $(BIN)/pip install --quiet uv \
		&& $(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python \
			--constraint $(VENV)/torch-constraint.txt -e ".[test]"; then :; \
	else \
		if [ "$(INSTALLER)" = uv ]; then \
			echo "make: uv could not be installed or failed (see above): installing with pip" >&2; \
		fi; \
		$(BIN)/pip install --quiet -e ".[test]"; \
	fi
	touch $@

demo: $(VENV)/.installed
	$(BIN)/hybridmem demo

# System packages the tests need (chromium, PostgreSQL server binaries); installs only what
# is missing.
system-deps:
	bash .ci/system-deps

# mypy runs beside the tests, not before them: a clean clone has no mypy cache, and a cold mypy
# is about 2 min of one process (10,000 modules of the libraries read for their types), which
# left the second core idle; beside the tests' two workers the machine's cores share it
# (docs/benchmarks.md, helper ci23). Its report is printed when the tests end, and `make test`
# fails when either fails. `make test MYPY_BESIDE=` runs it first, alone, as before.
MYPY_BESIDE ?= 1
# The project's own code is compiled to bytecode once, before the tests, as uv does for the
# libraries: where PYTHONDONTWRITEBYTECODE is set (it is on our machines) no import writes a
# .pyc, so each process of the suite (the two workers, and the CLI, writer and server processes
# the tests start) compiled every hybridmem / benchmarks module it imported (a CLI process:
# 0.4-0.7 s of its 1.5-3.5 s of CPU; docs/benchmarks.md, helper ci24). A .pyc is only read
# while its source is unchanged, so a stale one is never run. Test modules are left out:
# pytest rewrites their asserts and compiles them itself.
COMPILE_CMD = $(BIN)/python -m compileall -q -j 0 -x '(^|/)(test_[^/]*|conftest)\.py$$' hybridmem benchmarks tests
# The test modules' asserts are rewritten by pytest, which caches the rewritten code only when
# bytecode may be written: under PYTHONDONTWRITEBYTECODE each worker rewrote every test module
# and conftest, and every module of the libraries that register a pytest plugin (langsmith's
# 400-odd among them), about 9 s of CPU per worker. tests/assert_rewrite_cache.py writes that
# cache once, on both cores, with pytest's own rewriter; pytest checks each file's source hash
# against it (docs/benchmarks.md, helper ci25).
REWRITE_CMD = $(BIN)/python -m tests.assert_rewrite_cache
PYTEST_CMD = $(if $(TEST_TMPDIR),TMPDIR=$(TEST_TMPDIR) )$(BIN)/python -m pytest -q -n $(PYTEST_WORKERS) --dist worksteal --durations=20 $(if $(TEST_TMPDIR),-o tmp_path_retention_policy=failed )$(PYTEST_ARGS)

test: $(VENV)/.installed system-deps
	$(BIN)/ruff check hybridmem benchmarks tests
	$(BIN)/ruff format --check hybridmem benchmarks tests
	$(COMPILE_CMD)
	$(REWRITE_CMD)
ifeq ($(MYPY_BESIDE),)
	$(BIN)/mypy
	$(PYTEST_CMD)
else
	@mypy_log=$$(mktemp); \
	$(BIN)/mypy > "$$mypy_log" 2>&1 & mypy_pid=$$!; \
	trap '[ -z "$$mypy_pid" ] || kill $$mypy_pid 2>/dev/null; rm -f "$$mypy_log"' EXIT; \
	echo "$(BIN)/mypy (beside the tests; its report follows them)"; \
	echo '$(PYTEST_CMD)'; \
	tests=0; $(PYTEST_CMD) || tests=$$?; \
	mypy=0; wait $$mypy_pid || mypy=$$?; mypy_pid=; \
	echo "$(BIN)/mypy:"; cat "$$mypy_log"; \
	[ $$tests -eq 0 ] && [ $$mypy -eq 0 ]
endif

lint: $(VENV)/.installed
	$(BIN)/ruff check hybridmem benchmarks tests
	$(BIN)/ruff format --check hybridmem benchmarks tests

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
