"""benchmarks.offer_mood: an offer told from a question about the past, a third party, an
alternative or an imperative by closed classes (issue 38, helper firstday20)."""

from __future__ import annotations

import pytest

from benchmarks.offer_mood import offer


@pytest.mark.parametrize(
    "question",
    [
        "Shall I do us a stroganoff tonight?",
        "Fancy a climb up Cairn Gorm on Saturday?",
        "Can I have milk in my coffee?",
        "Someone's left a box of Welsh cakes in the van, want a couple?",
        "The doctor wants to give me amoxicillin, is that OK?",
        "Fancy the Status Quo tribute at the Corn Hall? It'll be loud.",
        "晚上给你炖个手把肉？",
        "水果店新到了猫山王，给你带一个？",
    ],
)
def test_an_offer_or_proposal_to_the_speaker_or_addressee_is_read_as_one(question: str) -> None:
    assert offer(question)


@pytest.mark.parametrize(
    "question",
    [
        "Have I ever had a problem with the drink?",
        "Did I grow up with my mum and dad?",
        "Are the twins still at primary?",
        "Should I fly or go by train to Edinburgh?",
        "What'll I make you for your tea on Friday?",
        "Recommend me a novel by a writer I like.",
        "我以前结过婚吗？",
        "晚上吃火锅，要辣锅还是清汤？",
        "给我放点我爱听的。",
    ],
)
def test_the_past_a_third_party_an_alternative_a_wh_question_or_no_question_is_not(
    question: str,
) -> None:
    assert not offer(question)
