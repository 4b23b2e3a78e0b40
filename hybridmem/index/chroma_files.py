"""The embedded Chroma directory's files: what erasure must clean that Chroma's API does not.

Measured on Chroma 1.5: ``delete`` leaves documents in ``chroma.sqlite3``'s free pages and
write-ahead queue, a recreated collection leaves its old segment directories behind, and HNSW
files keep unused capacity slots filled from an unzeroed buffer. This is Chroma's file format,
so it lives beside the Chroma index, not in the tree store.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import uuid
from pathlib import Path


def compact_chroma_dir(chroma_dir: Path) -> tuple[bool, int]:
    """VACUUM ``chroma.sqlite3`` and delete segment directories Chroma no longer uses.

    Only for the embedded client (a Chroma server's disk is the server's business).
    """
    db = chroma_dir / "chroma.sqlite3"
    if not db.exists():
        return False, 0
    removed = 0
    try:
        conn = sqlite3.connect(str(db), timeout=30)
        try:
            conn.execute("PRAGMA secure_delete = ON")
            conn.execute("VACUUM")
            segments = {r[0] for r in conn.execute("SELECT id FROM segments")}
        finally:
            conn.close()
    except sqlite3.Error:
        return False, 0
    for entry in chroma_dir.iterdir():
        if entry.is_dir() and _is_uuid(entry.name) and entry.name not in segments:
            shutil.rmtree(entry, ignore_errors=True)
            removed += 1
    for entry in chroma_dir.iterdir():
        if entry.is_dir() and entry.name in segments:
            zero_free_hnsw_slots(entry)
    return True, removed


# hnswlib's per-element files in a segment directory, each written for the whole capacity
# (header ``max_elements`` entries): the vectors and level-0 links (an entry is the header's
# ``size_data_per_element``), and each element's upper-level link-list size (a uint32).
HNSW_CAPACITY_FILES = ("data_level0.bin", "length.bin")


def hnsw_counted_bytes(path: Path) -> int | None:
    """Bytes at the start of an HNSW capacity file (``HNSW_CAPACITY_FILES``) that its
    segment's header counts; ``None`` for another file, or a layout other than the one
    measured on Chroma 1.5 (capacity x entry size), which must then be read whole."""
    header = path.parent / "header.bin"
    if path.name not in HNSW_CAPACITY_FILES or not header.is_file():
        return None
    head = header.read_bytes()
    if len(head) < 36:
        return None
    # hnswlib's header after Chroma's 4-byte version: offsetLevel0, max_elements,
    # cur_element_count, size_data_per_element (8 bytes each).
    max_elements = int.from_bytes(head[12:20], "little")
    used = int.from_bytes(head[20:28], "little")
    entry = int.from_bytes(head[28:36], "little") if path.name == "data_level0.bin" else 4
    if not entry or max_elements * entry != path.stat().st_size or used > max_elements:
        return None
    return used * entry


def zero_free_hnsw_slots(segment: Path) -> int:
    """Zero the capacity of a segment's HNSW files past the elements its header counts;
    return bytes zeroed.

    Measured (Chroma 1.5): ``data_level0.bin`` and ``length.bin`` are written for their whole
    capacity (header ``max_elements`` entries) from buffers that are not zeroed, so every
    entry past the header's ``cur_element_count`` holds whatever the writing process's heap
    held, and that can be erased (or decrypted!) text or an erased node's id. A collection
    below Chroma's sync threshold keeps its vectors in the log, so its header counts 0
    elements and the *whole* files are such garbage: in 2 of 5 erasures the erased text was
    in ``data_level0.bin``; an erased id turned up in ``length.bin`` (400 bytes) in about one
    CI run of ten. (Counting the live vectors instead of reading the header zeroed too
    little: the old flaky leak.) The entries the header counts are kept.
    """
    zeroed = 0
    for name in HNSW_CAPACITY_FILES:
        path = segment / name
        if not path.is_file():
            continue
        start = hnsw_counted_bytes(path)
        size = path.stat().st_size
        if start is None or start == size:
            continue
        with open(path, "r+b") as fh:
            fh.seek(start)
            fh.write(b"\x00" * (size - start))
            fh.flush()
            os.fsync(fh.fileno())
        zeroed += size - start
    return zeroed


def _is_uuid(name: str) -> bool:
    try:
        uuid.UUID(name)
    except ValueError:
        return False
    return True
