"""An offer told from a question about the past by tense and mood (issue 38, helper
firstday20): ``python -m benchmarks.offer_mood [--sets ...]`` prints, for every first-day
question, whether the reading takes it for an offer.

An offer or proposal ("Shall I do us a stroganoff tonight?", "Fancy the ferry over to Ireland?",
要不要我帮你订…？, 晚上给你炖个手把肉？) is answered by a standing constraint that would rule the
offered act out, said in other words (mushrooms, travel sickness); a yes/no question about the
past ("Have I ever had a problem with the drink?") or about a third party ("Are the twins still
at primary?") is answered by a statement of its own topic. helper firstday19's
``offer_cannot`` (the ruling-out statement as a second query) read every yes/no question as an
offer and lost one of each kind. The reading here, from closed classes only:

- a yes/no question: a question mark, no interrogative word and no alternative ("or", 还是);
- not about the past: English shows tense on its auxiliaries, so no past or perfect one (did,
  was, were, had, have, has, 've); Chinese has no tense, so no aspect or recall marker (了, 过,
  来着, 刚, 没: :mod:`benchmarks.act_time`'s class);
- in English, the one the act is put to is the speaker or the addressee: when the question opens
  with an inverted auxiliary, its subject is a first or second person pronoun (I, we, you) or a
  pronoun standing for the act said before it ("The doctor wants to give me amoxicillin, is
  *that* OK?");
  a question with no inverted auxiliary ("Fancy a climb up Cairn Gorm?", "Give us a hand with
  the piano?") is a proposal by its form. Chinese names no subject in an offer (去吃生蚝？, 给你
  买束花？), so no subject is read there.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from benchmarks.first_day import ALL_SETS, sets_run
from benchmarks.first_day_candidates import _WH_EN, _WH_ZH
from hybridmem.retrieval.asked_en import AUXILIARIES, tokens

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_PAST_EN = frozenset(["did", "was", "were", "had", "have", "has", "'ve"])
_PERSONS = frozenset(["i", "we", "you", "it", "that", "this"])
_ALTERNATIVE_EN = re.compile(r"\bor\b", re.I)
_ALTERNATIVE_ZH = re.compile(r"还是")
_PAST_ZH = re.compile(r"了|过|来着|刚|没")


def _asking_clause(query: str) -> str | None:
    """The clause that asks: the last clause (after the last comma) of the last sentence that
    ends with a question mark ("Someone's left a box of Welsh cakes in the van, *want a
    couple?*", 水果店新到了猫山王，*给你带一个？*, "*Fancy the Status Quo tribute at the Corn
    Hall?* It'll be loud."); the clauses before it set the scene and their tense is not the
    question's. None when nothing is asked (an imperative: 给我放点我爱听的。)."""
    asked = re.findall(r"[^?？.!。！]*[?？]", query)
    return re.split(r"[,，;；]", asked[-1])[-1] if asked else None


def _english_offer(clause: str) -> bool:
    toks = tokens(clause)
    first = next((i for i, t in enumerate(toks) if t in AUXILIARIES or t == "'ve"), None)
    if first is None:
        return True
    if toks[first] in _PAST_EN or "did" in toks:
        return False
    if first == 0:
        rest = [t for t in toks[1:] if t != "not"]
        return bool(rest) and rest[0] in _PERSONS
    return True


def offer(query: str) -> bool:
    """Whether ``query`` reads as an offer or proposal put to the speaker or the addressee.
    The tense is its first auxiliary's ("Can I *have* milk?" is present: a bare verb after a
    modal is no perfect), read in the asking clause."""
    clause = _asking_clause(query)
    if clause is None:
        return False
    if _CJK.search(query):
        if _WH_ZH.search(query) or _ALTERNATIVE_ZH.search(query):
            return False
        return not _PAST_ZH.search(clause)
    if _WH_EN.search(query) or _ALTERNATIVE_EN.search(query):
        return False
    return _english_offer(clause)


def main(argv: Sequence[str] | None = None) -> None:
    run = sets_run(__doc__, argv)
    found = []
    for name in run.sets:
        for p in ALL_SETS[name]:
            asked = [
                *(q for q, _ in p.questions),
                *(q for q, _, _ in p.task_questions),
                p.changed,
                *(q for q, _ in p.about_secret),
            ]
            for q in asked:
                yes_no = not (_WH_ZH if _CJK.search(q) else _WH_EN).search(q)
                if yes_no:
                    found.append({"set": name, "question": q, "offer": offer(q)})
                    print(f"{name:12} {'offer' if offer(q) else 'not  '} {q}")
    run.write(found)


if __name__ == "__main__":
    main()
