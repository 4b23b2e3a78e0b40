"""First-day acceptance (issue 38) with the default embedder: a newcomer's dozen facts, a value
change, a preference, two tasks and one sensitive memory, asked about from inside a task
(benchmarks/first_day.py). What holds is asserted; the issue's targets not met yet are strict
expected failures carrying the measured figure, so the day they are met the suite says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.first_day import EN, PERSONAS, ZH, Outcome, run_persona
from benchmarks.first_day_blind import BLIND
from benchmarks.first_day_fourth import FOURTH
from benchmarks.first_day_persona import Persona
from benchmarks.first_day_third import THIRD
from hybridmem.embedding import MultilingualE5Embedder


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    embedder = MultilingualE5Embedder()
    root = tmp_path_factory.mktemp("first-day")
    return {p.lang: run_persona(p, embedder, Path(root) / p.lang) for p in PERSONAS}


@pytest.mark.parametrize("persona", PERSONAS, ids=lambda p: p.lang)
def test_the_new_value_answers_and_the_old_one_is_not_above_it(
    outcomes: dict[str, Outcome], persona: Persona
) -> None:
    out = outcomes[persona.lang]
    assert out.new_above_old, (out.new_rank, out.old_rank)


@pytest.mark.parametrize("persona", PERSONAS, ids=lambda p: p.lang)
def test_a_question_about_the_sensitive_memory_gets_it_first(
    outcomes: dict[str, Outcome], persona: Persona
) -> None:
    assert outcomes[persona.lang].secret_first == len(persona.about_secret)


@pytest.mark.parametrize("persona", PERSONAS, ids=lambda p: p.lang)
def test_questions_not_about_a_sensitive_memory_never_get_it(
    outcomes: dict[str, Outcome], persona: Persona
) -> None:
    """English was 4 of 28 before a sealed memory needed a word in common with a question in
    its script: multilingual-e5 put the passport 0.006-0.008 ahead of the best ordinary fact
    for "What do I do for a living?" and "How do I get to work?"."""
    assert outcomes[persona.lang].leaks == []


MEASURED_HIT1 = {"en": 28, "zh": 28}
"""Questions of 28 answered first, as measured: the floor this suite guards. Chinese rose from
24 when 爸妈 joined the kinship words ("我爸妈住在绍兴" had been the user's own residence and
the move to Suzhou superseded it), then from 26 when the question's attribute was read against
the memories' slots ("我是做什么工作的？" gets the teacher's ``user.job``); English from 24 with
the same reading ("What do I do for a living?" no longer matches "My mother lives in Gdansk")
and the passport withheld, then from 26 when "I cycle to the office" was no longer put in one
workplace group with "My office is on the fourth floor" (a place in an adjunct)."""


@pytest.mark.parametrize("persona", PERSONAS, ids=lambda p: p.lang)
def test_hit_at_1_is_at_least_the_measured_figure(
    outcomes: dict[str, Outcome], persona: Persona
) -> None:
    out = outcomes[persona.lang]
    assert out.hit1 >= MEASURED_HIT1[persona.lang], out.misses


def test_the_parents_home_is_theirs_not_the_users(outcomes: dict[str, Outcome]) -> None:
    assert not [m for m in outcomes[ZH.lang].misses if m["question"] == "我爸妈住哪儿？"]


def test_hit_at_1_meets_the_issue_target_in_chinese(outcomes: dict[str, Outcome]) -> None:
    out = outcomes[ZH.lang]
    assert out.hit1 / out.questions >= 0.95, out.misses


def test_hit_at_1_meets_the_issue_target_in_english(outcomes: dict[str, Outcome]) -> None:
    # 0.929 until "I cycle to the office" stopped being read as a workplace (a place in an
    # adjunct, evolution/slots/adjuncts.py): grouped with "My office is on the fourth floor",
    # it was hidden from "How do I get to work?".
    out = outcomes[EN.lang]
    assert out.hit1 / out.questions >= 0.95, out.misses


# -- the second newcomers (benchmarks/first_day_blind.py), blind until 2026-12-05 -------------
@pytest.fixture(scope="module")
def second(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    embedder = MultilingualE5Embedder()
    root = tmp_path_factory.mktemp("first-day-blind")
    return {p.lang: run_persona(p, embedder, Path(root) / p.lang) for p in BLIND}


@pytest.mark.parametrize("persona", BLIND, ids=lambda p: p.lang)
def test_second_newcomer_ordinary_questions_never_get_a_sealed_memory(
    second: dict[str, Outcome], persona: Persona
) -> None:
    """Before: the sealed home address was in the hits of "Who is our landlord?" from both
    tasks (its cosine ahead of the landlord's, sharing no word with it)."""
    about = {q for q, _ in persona.about_secret}
    assert [q for q in second[persona.lang].leaks if q not in about] == []


SECOND_HIT1 = {"en": 28, "zh": 28}
SECOND_FIRST = {"en": 6, "zh": 6}
"""As measured when the set was first run (2026-12-05): the floors this suite guards. English
misses "Which phone do I have?" (the old phone not superseded), Chinese "我平时怎么去公司？";
of the questions about a sealed memory, those naming none of its words in its own language are
withheld ("Do I have a medical condition you should know about?"). English was 6 of 8 until
"My partner Dev is a software developer who works from home." left the user's residence group
for Dev's occupation (facts about other people, issue 34): "What is our home address?" now
got it first, the sealed address second, because an admitted sealed memory had no lexical
part in its score (its plaintext is in no word index) and Dev's "home" is a word match. With
that part read from the plaintext at query time (retrieval/sensitive.py, sealed_lexical):
English 6 of 8 again, Chinese 6 of 7 ("我每天早上要吃什么药？" no longer outranked by
"我每周六早上去打羽毛球。" for 早上). Hit@1 28 and 28 since statements holding the same words of
the question get the same lexical evidence (retrieval/same_words.py): "Which phone do I have?"
(the old and the new phone both hold "phone"; the shorter old one had the larger BM25) and
"我平时怎么去公司？" (公司 in the job and in the ride to the company)."""


@pytest.mark.parametrize("persona", BLIND, ids=lambda p: p.lang)
def test_second_newcomer_figures_hold(second: dict[str, Outcome], persona: Persona) -> None:
    out = second[persona.lang]
    assert out.hit1 >= SECOND_HIT1[persona.lang], out.misses
    assert out.secret_first >= SECOND_FIRST[persona.lang], out.secret_misses


def test_second_newcomer_questions_about_one_sealed_memory_show_no_other(
    second: dict[str, Outcome],
) -> None:
    """Measured 1 of 7 when the set was first run: "What is my home address?" asked in English
    of the Chinese address also admitted the salary account (no script in common, both ahead
    of every ordinary memory). On the similarity alone one sealed memory at most is admitted
    now; this set no longer judges that change blind (benchmarks/first_day_third.py does)."""
    for persona in BLIND:
        assert second[persona.lang].leaks == [], persona.lang


# -- the third newcomers (benchmarks/first_day_third.py), first run 2026-12-05 ----------------
@pytest.fixture(scope="module")
def third(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    embedder = MultilingualE5Embedder()
    root = tmp_path_factory.mktemp("first-day-third")
    return {p.lang: run_persona(p, embedder, Path(root) / p.lang) for p in THIRD}


THIRD_HIT1 = {"en": 26, "zh": 28}
THIRD_FIRST = {"en": 6, "zh": 6}
"""As measured (2026-12-05). Before the sensitive rule needed words, 2 of 28 English ordinary
questions ("Should I order the vindaloo?") got the insurance policy number, and 9 of 14
questions about one sealed memory showed another. Chinese hit@1 was 22: the writer put three
facts in the user's residence group ("我婆婆跟我们住在一起。", "我最好的朋友叫赵敏，在杭州开花店。",
"我在学日语，准备明年去京都旅游。") and a later value of it demoted them; 28 since a possessive's
head is read past its modifiers, the kinship class is whole and 去 + a place is a trip until
gone (evolution/slots/rules.py). Chinese sealed memories asked about and first: 7 until the
question's focus had to be the memory's too (retrieval/shared_words.unheld_focus, helper
sensitive19): "办签证要填证件号码，我填什么？" asks with 填, which the passport number's memory does
not hold, and is withheld; the rule's known cost, for leaks on new users 8 -> 2 of 120."""


@pytest.mark.parametrize("persona", THIRD, ids=lambda p: p.lang)
def test_third_newcomer_figures_hold(third: dict[str, Outcome], persona: Persona) -> None:
    out = third[persona.lang]
    assert out.leaks == []
    assert out.new_above_old, (out.new_rank, out.old_rank)
    assert out.hit1 >= THIRD_HIT1[persona.lang], out.misses
    assert out.secret_first >= THIRD_FIRST[persona.lang], out.secret_misses


# -- the fourth newcomers (benchmarks/first_day_fourth.py), two per language ------------------
@pytest.fixture(scope="module")
def fourth(tmp_path_factory: pytest.TempPathFactory) -> list[Outcome]:
    embedder = MultilingualE5Embedder()
    root = tmp_path_factory.mktemp("first-day-fourth")
    return [run_persona(p, embedder, Path(root) / f"{i}-{p.lang}") for i, p in enumerate(FOURTH)]


FOURTH_HIT1 = (22, 24, 24, 26)
FOURTH_FIRST = (2, 2, 2, 3)
"""As measured (2026-12-05): the floors this suite guards. Unchanged by the changes made on
the first three sets; the second English newcomer then rose from 22 when a statement stopped
joining the similarity group of someone else's ("I don't drive any more, my neighbour takes me
to the shops." had hidden "My wife Brenda volunteers at the Oxfam shop on Saturdays."), a
cause found on this set, so that figure is not blind. The other misses: no word
or slot shared ("Is satay sauce OK for me?", "What should we watch tonight?" whose "tonight"
lifts every memory of the day), a phone and a bank changed with no slot to link the values
(the older first), a hometown (老家) read as the user's residence and demoted by the move, a
word match with a fact naming the son that is not his job. Questions about a sealed memory:
the second English newcomer's banking password first for 1 of 3 when first run ("I bank with
Lloyds." ahead on the word "bank"), 3 of 3 since a sealed memory named in words matches as well
as the best word match; the rest name none of its words (withheld by design). 2 of 3 again since
a shared word that an ordinary memory holds too must not leave the question naming something
the sealed memory does not hold (retrieval/shared_words.py, against "WiFi密码是多少？"): "How do
I log in to Nationwide on the computer?" shares "Nationwide" with the ordinary "I've moved my
account over to Nationwide." and names "computer". The second Chinese newcomer 26 since
statements holding the same words of the question get the same lexical evidence
(retrieval/same_words.py): "我儿子做什么工作？" no longer gets the son who buys the groceries."""


@pytest.mark.parametrize("at", range(len(FOURTH)), ids=lambda i: f"{i}-{FOURTH[i].lang}")
def test_fourth_newcomer_figures_hold(fourth: list[Outcome], at: int) -> None:
    out = fourth[at]
    assert out.leaks == []
    assert out.hit1 >= FOURTH_HIT1[at], out.misses
    assert out.secret_first >= FOURTH_FIRST[at], out.secret_misses
