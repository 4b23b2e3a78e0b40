"""benchmarks.lexical_scale: the memory-side share of a match (a measured negative's harness)."""

from __future__ import annotations

import pytest

from benchmarks import lexical_norms, lexical_scale

QUERY = "our cat keeps hiding and its eyes look a bit red"


def test_a_memory_the_query_holds_gets_all_of_its_share_and_an_incidental_match_a_part(mem):
    whole = mem.add("The cat keeps hiding.", user_id="u1")
    incidental = mem.add("We saw red pandas at the zoo.", user_id="u1")
    mem.add("My sister lives in Lyon.", user_id="u1")
    q = lexical_norms.query_terms(mem.store, QUERY)
    assert q is not None
    shares = lexical_scale.memory_shares(q, [whole.id, incidental.id])
    assert shares[whole.id] == pytest.approx(1.0)
    share = shares[incidental.id]
    assert share is not None and 0.0 < share < 0.5  # "red" of red, pandas, zoo
