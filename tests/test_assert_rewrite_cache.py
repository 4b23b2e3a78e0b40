"""tests/assert_rewrite_cache.py writes the code pytest would write, and pytest reads it."""

from __future__ import annotations

from pathlib import Path

import pytest
from _pytest.assertion.rewrite import PYC_TAIL, _read_pyc

from tests.assert_rewrite_cache import _cache, suite_sources


def _module(tmp_path: Path, body: str) -> Path:
    source = tmp_path / "test_sample.py"
    source.write_text(body, encoding="utf-8")
    return source


def _cached(source: Path) -> Path:
    return source.parent / "__pycache__" / (source.name[:-3] + PYC_TAIL)


def test_the_cached_code_explains_a_failing_assert_as_pytest_does(tmp_path: Path) -> None:
    source = _module(tmp_path, "def test_it():\n    left = [1, 2]\n    assert left == [1, 3]\n")
    assert _cache((str(source), False)) is True
    code = _read_pyc(source, _cached(source))
    assert code is not None
    namespace: dict[str, object] = {}
    exec(code, namespace)
    with pytest.raises(AssertionError) as failed:
        namespace["test_it"]()  # type: ignore[operator]
    # A plain assert has no message; the rewritten one shows both sides.
    assert "[1, 2] == [1, 3]" in str(failed.value)


def test_a_valid_cache_is_kept_and_an_edited_source_is_rewritten(tmp_path: Path) -> None:
    source = _module(tmp_path, "def test_it():\n    assert 1\n")
    assert _cache((str(source), False)) is True
    assert _cache((str(source), False)) is False  # cached and current: nothing to do
    source.write_text("def test_it():\n    assert 2\n", encoding="utf-8")
    assert _read_pyc(source, _cached(source)) is None  # pytest would not run the stale code
    assert _cache((str(source), False)) is True


def test_a_file_that_does_not_parse_is_left_to_pytest(tmp_path: Path) -> None:
    source = _module(tmp_path, "def test_it(:\n")
    assert _cache((str(source), False)) is False
    assert not _cached(source).exists()


def test_the_suite_sources_are_the_test_modules_conftests_and_plugins() -> None:
    names = {p.name for p in suite_sources()}
    assert {"conftest.py", "backends.py", "test_assert_rewrite_cache.py"} <= names
    assert "assert_rewrite_cache.py" not in names
