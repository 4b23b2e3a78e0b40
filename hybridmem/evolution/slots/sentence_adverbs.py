"""A sentence adverb opening a statement is no subject: the capital of sentence position is no
evidence of a name.

English drops the subject of a first-person statement freely ("Never touched meat since uni",
"Luckily sold the old Astra before the clutch went"), and then the statement opens with a
capitalised adverb followed by a verb, the shape the subject test reads as a name and a verb
("Mara moved to Porto": someone else's value). The words below are adverbs that stand before a
clause and never name a person: the disjuncts of stance and evidence (how the speaker rates or
knows what follows: honestly, apparently, luckily...), the adverbs of frequency and negation
(never, always, usually...) and of sequence (eventually, originally...). They are stripped before
the subject is read, as the leading time words already are ("These days", "Lately"); what
follows is read as before, so "Honestly Tom moved to Leeds" is still Tom's. A closed class by
function; the -ly ending alone is no test (Emily, Kelly, Holly are names).
"""

from __future__ import annotations

SENTENCE_ADVERBS_EN: tuple[str, ...] = (
    # stance and evidence
    *("honestly", "frankly", "seriously", "apparently", "evidently", "obviously", "clearly"),
    *("luckily", "fortunately", "unfortunately", "sadly", "thankfully", "hopefully"),
    *("surprisingly", "admittedly", "basically", "naturally", "ironically", "funnily"),
    *("weirdly", "oddly", "strangely", "genuinely", "literally", "truly", "really"),
    *("definitely", "certainly", "probably", "possibly", "maybe", "perhaps", "supposedly"),
    *("presumably", "allegedly", "personally", "technically", "typically", "anyway"),
    # frequency and negation
    *("never", "always", "usually", "often", "sometimes", "rarely", "seldom", "occasionally"),
    *("generally", "normally", "mostly"),
    # sequence
    *("finally", "eventually", "originally", "suddenly", "already", "once", "soon", "then"),
)
"""Lower case; matched as a whole word, case-insensitively, at a statement's opening."""
