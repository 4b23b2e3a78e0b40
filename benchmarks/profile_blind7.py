"""Themes a user shows over weeks whose remarks share no word, asked as a user asks, and users
whose unrelated remarks share words of several senses (issue 38, profile14).

Runs ``benchmarks/data/profile_blind7.json`` (:mod:`benchmarks.profile_blind7_data`, blind:
written before the change it judges, run once before it and once after) exactly as
:mod:`benchmarks.profile_blind2` runs its set (the same runner and figures): each user's remarks
are events on their days, one deep maintenance run 30 days after the last, every question asked
with ``top_k=5``. ``false_profiles_no_theme_users`` counts the profiles made of remarks that
share only a word or a character of several senses.

Run: ``python -m benchmarks.profile_blind7 [--embedder default] [--lang en|zh] [--json]``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from benchmarks.profile_blind2 import run_user, summarise
from benchmarks.profile_questions import per_user, run_users
from hybridmem.embedding import Embedder

DATA = Path(__file__).parent / "data" / "profile_blind7.json"


def run(users: list[dict[str, Any]], embedder: Embedder | str) -> dict[str, Any]:
    return per_user(users, embedder, run_user, summarise, "hm-profile-blind7-")


def main(argv: list[str]) -> None:
    run_users(argv, json.loads(DATA.read_text())["users"], run)


if __name__ == "__main__":
    main(sys.argv[1:])
