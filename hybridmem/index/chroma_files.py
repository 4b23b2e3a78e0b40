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


def zero_free_hnsw_slots(segment: Path) -> int:
    """Zero the unused capacity slots of a segment's ``data_level0.bin``; return bytes zeroed.

    Measured (Chroma 1.5): the HNSW file is written for its whole capacity (header
    ``max_elements`` slots) from a buffer that is not zeroed, so every slot past the header's
    ``cur_element_count`` holds whatever the writing process's heap held, and that can be
    erased (or decrypted!) text. A collection below Chroma's sync threshold keeps its vectors
    in the log, so its header counts 0 elements and the *whole* file is such garbage: in 2 of
    5 erasures the erased text was in it. (Counting the live vectors instead of reading the
    header zeroed too little: the old flaky leak.) The slots the header counts are kept.
    """
    data, header = segment / "data_level0.bin", segment / "header.bin"
    if not (data.is_file() and header.is_file()):
        return 0
    head = header.read_bytes()
    if len(head) < 36:
        return 0
    # hnswlib's header after Chroma's 4-byte version: offsetLevel0, max_elements,
    # cur_element_count, size_data_per_element (8 bytes each).
    max_elements = int.from_bytes(head[12:20], "little")
    used = int.from_bytes(head[20:28], "little")
    slot = int.from_bytes(head[28:36], "little")
    size = data.stat().st_size
    # Only touch a file whose layout is the one measured (capacity x slot size).
    if not slot or max_elements * slot != size or used > max_elements:
        return 0
    start = used * slot
    if start == size:
        return 0
    with open(data, "r+b") as fh:
        fh.seek(start)
        fh.write(b"\x00" * (size - start))
        fh.flush()
        os.fsync(fh.fileno())
    return size - start


def _is_uuid(name: str) -> bool:
    try:
        uuid.UUID(name)
    except ValueError:
        return False
    return True
