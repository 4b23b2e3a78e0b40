"""Someone else's event about the value of an older statement is a remark, not a new value
(issue 38, mention pollution; :mod:`hybridmem.evolution.write.value_remarks`).

The readings without a model, then the engine on a real store with e5: the remark is kept,
the value it names keeps answering, and a move back told as the returned value's own act is
read from the statement said between the two, which the store returns."""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.evolution.write.value_remarks import remark_about, remark_on, returns
from tests.fact_stories import remark_beside_value, said_apart_order

U = "u"
FILLER = (
    "Asked how to convert miles to kilometres.",
    "Booked a table for two on Saturday.",
)
BANK = "I bank with Nationwide."
BRANCH = "Nationwide opened a new branch in the retail park."
MOT = (
    "My car goes to Kwik Fit for its MOT.",
    "The garage on Fabian Way does the car's MOT.",
    "Kwik Fit is doing the MOT this year, like before.",
)


def test_a_remark_whose_subject_names_the_older_value_is_read_against_that_value_only() -> None:
    assert remark_on(BRANCH, BANK)
    assert not remark_on(BRANCH, "I swim at the Leisure Centre pool on Tuesday evenings.")


@pytest.mark.parametrize(
    ("new", "old"),
    [
        pytest.param(
            "Megan's mum took over the Thursday ballet run.",
            "My mum drives to ballet.",
            id="holder",
        ),
        pytest.param("I moved my account to Nationwide.", "I bank with Lloyds.", id="speaker"),
        pytest.param("Nationwide moved my mortgage to a tracker.", BANK, id="first-person"),
        # Chinese is value_remarks_zh's reading (its own tests): a thing's own event is a
        # remark there, a change said beside it with a standing word is not.
        pytest.param(
            "永辉超市太远了，现在都在盒马买菜。", "我在家门口的永辉超市买菜。", id="chinese-change"
        ),
        pytest.param(
            "Sunflower Day Nursery took both kids from Monday.",
            "The kids go to Little Acorns nursery.",
            id="a-holder-of-its-own-name",
        ),
    ],
)
def test_a_new_holder_the_speaker_and_a_chinese_change_are_left_as_before(
    new: str, old: str
) -> None:
    """A new holder (named or not), the speaker's own change and a Chinese change are not read
    as a remark: the writer and newer-first decide as before."""
    assert not remark_on(new, old)


def test_a_name_the_older_statement_holds_is_a_part_of_its_value() -> None:
    older = "My daughter takes violin lessons with Mrs Okafor."
    assert remark_on("Mrs Okafor's other pupils put on a concert last week.", older)


def test_a_return_told_as_the_values_own_act_is_no_remark_once_the_value_left_is_between() -> None:
    first, left, back = MOT
    assert returns(first, left, back)
    assert remark_on(back, first)
    assert not remark_about(back, first, lambda: [left])
    assert remark_about(back, first, lambda: ["Walked the dog."])


def test_the_statements_between_are_read_only_when_the_pair_reading_holds() -> None:
    def between() -> list[str]:
        raise AssertionError("read")

    assert not remark_about("I moved my account to Nationwide.", BANK, between)


@pytest.mark.parametrize(
    ("said", "query"),
    [
        pytest.param(
            ("I commute on the 36 bus.", "The 36 buses were all repainted green."),
            "Which bus does the user commute on?",
            id="bus",
        ),
        pytest.param(
            ("My vet is Dr Barnes at Parkside Vets.", "Parkside Vets won a regional award."),
            "Who is the user's vet?",
            id="vet",
        ),
    ],
)
def test_the_value_a_remark_names_keeps_answering_and_the_remark_is_kept(
    tmp_path: Path, e5: MultilingualE5Embedder, said: tuple[str, str], query: str
) -> None:
    """Without the reading the remark, newer and naming the value, came first (the pair
    model reads the two as one attribute); both stay live memories."""
    value, remark, first = remark_beside_value(tmp_path / "m", e5, said, FILLER, query)
    assert first == 0
    assert value.status == remark.status == "active"


def test_a_move_back_told_as_the_values_own_act_leaves_the_value_left_below(
    tmp_path: Path, e5: MultilingualE5Embedder
) -> None:
    """The statements between are read from the store: the value left ("The garage on Fabian
    Way") is not the answer."""
    order = said_apart_order(
        tmp_path, e5, MOT, "Where does the user's car get its MOT?", lambda _: FILLER
    )
    assert order[0] in (0, 2)
