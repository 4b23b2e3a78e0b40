"""The names a user gives a relation in their own words (issue 38, kin17): "my brother Ravi",
"Ravi, my brother", 我姐林芳, 我弟小军; a modified relation ("my new flatmate") only with its word.
The reader is not wired into retrieval (measured +2 / -1 "first" on the probing sets:
``docs/benchmarks.md``); :mod:`benchmarks.kin_trace` reads the sets with it. English and
Chinese.
"""

from __future__ import annotations

import pytest

from benchmarks.kin_names import names_of


@pytest.mark.parametrize(
    ("kin", "text", "names"),
    [
        ("brother", "my brother Ravi rang, he's moving back", ["Ravi"]),
        ("brother", "my little brother Danny is opening a restaurant", ["Danny"]),
        ("sister", "my sister Kirsty's just told me she's leaving", ["Kirsty"]),
        ("brother", "Ravi, my brother, is a vet", ["Ravi"]),
        ("boss", "my boss Gordon was decent about it", ["Gordon"]),
        ("mum", "my mum fell in her kitchen and broke her hip", []),
        ("dad", "my dad I think is fine", []),
        ("姐", "我姐林芳在深圳看中了一套房子", ["林芳"]),
        ("弟", "我弟小军高考出分了", ["小军"]),
        ("老公", "我老公陈磊是中学物理老师", ["陈磊"]),
        ("妈", "我妈小时候很苦", []),
        ("妈", "我妈体检查出甲状腺结节", []),
    ],
)
def test_the_names_a_user_gives_a_relation(kin: str, text: str, names: list[str]):
    assert names_of(kin, text) == names


def test_a_modified_relation_is_linked_only_with_its_word():
    """ "my new flatmate" may be another flatmate than "my flatmate Jess"."""
    assert names_of("flatmate", "my flatmate Jess, she's a junior doctor", "new") == []
    assert names_of("brother", "my little brother Danny is opening", "little") == ["Danny"]
