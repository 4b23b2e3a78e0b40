"""The value-pairs check runs end to end and measures what it says (hash embedder: the
rule-linked pairs only; the figures of the real model are in docs/benchmarks.md)."""

from __future__ import annotations

import json

from benchmarks import value_pairs


def test_value_pairs_link_by_rule_and_the_baseline_never_links(tmp_path):
    rows = value_pairs.run("hash", tmp_path, sets=("set1",))
    by = {(r["variant"], r["lang"]): r for r in rows}
    assert set(by) == {(v, lang) for v in ("baseline", "evolution") for lang in ("en", "zh")}
    for lang in ("en", "zh"):
        base, evo = by[("baseline", lang)], by[("evolution", lang)]
        assert base["pairs"] == evo["pairs"] == len(value_pairs.SETS["set1"][lang])
        # Evolution off: no groups, nothing held back.
        assert base["linked"] == 0.0 and base["candidate"] == 0.0
        # The slot rules alone link the home, job, employer, coffee and car changes.
        assert evo["linked"] >= 5 / 12
        linked = [r for r in evo["rows"] if r["linked"]]
        assert all(r["new_first"] for r in linked if str(r["old_group"]).startswith("slot:"))


def test_value_pairs_cli_writes_its_table_as_json(tmp_path, monkeypatch):
    monkeypatch.setattr(value_pairs, "SETS", {"set1": {"en": value_pairs.SETS["set1"]["en"][:2]}})
    assert value_pairs.main(["--embedder", "hash", "--out", str(tmp_path)]) == 0
    saved = json.loads((tmp_path / "value_pairs_hash.json").read_text(encoding="utf-8"))
    assert [(r["variant"], r["pairs"]) for r in saved["results"]] == [
        ("baseline", 2),
        ("evolution", 2),
    ]
