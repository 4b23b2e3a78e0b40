"""MADial zh dialogue 40 (the one MADial question with an event phrase): hit@k / recall@k
with and without the event reading (day25)."""

import sys
from pathlib import Path

from benchmarks.hybrid import HybridMethod, default_variants
from benchmarks.madial_data import load_madial
from benchmarks.metrics import hit_at_k, recall_at_k
from benchmarks.probing_variants import events_on
from benchmarks.suite_madial import build_corpora, dialogue_query
from hybridmem.embedding import make_embedder

ds = load_madial(Path("/work/shared/data/madial"), "zh")
corpora = build_corpora(ds)
d = next(d for d in ds.dialogues if d.number == 40)
for on in (False, True):
    m = HybridMethod(
        default_variants()[0], make_embedder(sys.argv[1] if len(sys.argv) > 1 else None)
    )
    m.prepare(list(corpora.values()))
    q = dialogue_query(d.context_lines)
    out = []
    for k in (1, 3, 5):
        if on:
            with events_on():
                sel = m.select(corpora[d.user_id], q, k=k)
        else:
            sel = m.select(corpora[d.user_id], q, k=k)
        out.append(
            (
                k,
                hit_at_k(d.relevant, sel.covered, k),
                round(recall_at_k(d.relevant, sel.covered, k), 3),
            )
        )
    print("events on" if on else "events off", out)
    m.close()
