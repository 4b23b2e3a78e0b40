"""A word naming a number is held by a sealed memory that states one in digits (issue 38,
helper sensitive26).

"What's the number for the garage door?" shares "garage door" with a sealed "The code for the
garage door keypad is 7731." and with no ordinary memory; "number", a word the memory lacks,
read the garage door as another thing's and withheld the answer (sensitive_blind8, every model).
A memory stating a number in digits holds what a number noun asks for, as it holds its kind's
word; a question naming anything else the memory lacks is read as before.
"""

from __future__ import annotations

from pathlib import Path

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.retrieval.sensitive import withheld
from tests.sealed_nodes import household, sealed_nodes, sealed_shown

ORDINARY = [
    "I'm Morag, I teach the piano in Stirling.",
    "My husband Ewan drives a grey Skoda.",
    "I borrow audiobooks with my library card.",
    "I walk the dog along the river every morning.",
]
GARAGE = "The code for the garage door keypad is 7731."
PIN = "My bank card PIN is 2468."
SEALED = [GARAGE, PIN]


def test_the_number_for_the_garage_door_finds_its_code(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with household(tmp_path / "m", e5, clock, ORDINARY, SEALED) as mem:
        texts, shown = sealed_shown(mem, "What's the number for the garage door?", SEALED)
        assert texts and texts[0] == GARAGE
        assert shown == [GARAGE]


def test_questions_naming_another_things_number_show_no_sealed_memory(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with household(tmp_path / "m", e5, clock, ORDINARY, SEALED) as mem:
        for question in (
            "What's my library card number?",
            "What's the phone number of the garage that services the Skoda?",
            "What's the bank's phone number?",
        ):
            assert sealed_shown(mem, question, SEALED)[1] == [], question


def test_the_rule_on_made_up_cosines(tmp_path: Path, clock: FakeClock) -> None:
    """The rule alone, the sealed memory ahead of the ordinary one: a number noun is held by a
    memory with digits only, in both languages; another word the memory lacks still names
    another thing."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        stored = mem.add("lunch with the team at noon", user_id="u1")

    def judged(sealed: str, ordinary: str, question: str) -> set[str]:
        nodes = sealed_nodes(stored, s=sealed, o=ordinary)
        return withheld(nodes, {"s": 0.9, "o": 0.1}, question)

    piano = ORDINARY[0]
    assert judged(GARAGE, piano, "What's the number for the garage door?") == set()
    sticks = "The garage door sticks when it rains."
    assert judged(sticks, piano, "What's the number for the garage door?") == {"s"}
    assert judged(GARAGE, piano, "What's the phone number for the garage door company?") == {"s"}
    teacher = "我叫林芳，在昆明教小学。"
    assert judged("我门禁卡的密码是20931。", teacher, "门禁卡的号码是多少？") == set()
    assert judged("我门禁卡丢过两回。", teacher, "门禁卡的号码是多少？") == {"s"}
    assert judged("我门禁卡的密码是20931。", teacher, "物业的电话号码是多少？") == {"s"}
