"""The state one retrieval carries between its stages: the prepared :class:`Query` and the
:class:`Candidates` it considers, with their query-dependent evidence.

Every stage of :class:`~hybridmem.retrieval.retriever.Retriever` (gather, expand, unfold,
score) reads and fills these; they live apart from the stages so that a stage written in a
module of its own takes them without importing the retriever.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from hybridmem.config import ScoreWeights
from hybridmem.models import MemoryNode, TimeWindow
from hybridmem.retrieval import fusion
from hybridmem.retrieval.lexical_trust import LineCosines, vouched_lexical
from hybridmem.retrieval.returnable import Returnable

Visible = Callable[[MemoryNode], bool]
"""Whether the asking agent may see a node (None on a query: it sees everything)."""


@dataclass(frozen=True, slots=True)
class Query:
    """One query, prepared: its vector (None until embedded, or when nothing uses it),
    weights and clock."""

    text: str
    user_id: str
    vector: Any
    weights: ScoreWeights
    now: datetime
    visible: Visible | None
    window: TimeWindow | None
    vector_off: str | None = None
    """Why no vector candidates can be searched (this process does not own the embedded
    Chroma index): said in the result, not only in a log line."""
    wants_vector: bool = False
    """Something uses the query's vector (vector candidates or the similarity weight)."""
    embedded: str | None = None
    """The text whose vector ``vector`` is: the query, or its name-free form."""
    asks_time: bool = True
    """The query asks about the time its window names (a one-sentence query, or the
    sentence naming it is a question); a passage that only mentions it counts the ``time``
    feature at each node's relevance (:mod:`~hybridmem.retrieval.mentions`)."""


@dataclass(slots=True)
class Candidates:
    """The nodes a query considers and their query-dependent evidence."""

    nodes: dict[str, MemoryNode] = field(default_factory=dict)
    sources: dict[str, set[str]] = field(default_factory=dict)
    cosine: dict[str, float] = field(default_factory=dict)
    """Raw cosine similarity to the query."""
    bm25: dict[str, float] = field(default_factory=dict)
    """Raw BM25 of the lexical matches."""
    similarity: dict[str, float] = field(default_factory=dict)
    lexical: dict[str, float] = field(default_factory=dict)
    """Fused (per-query) features in [0, 1]: see :mod:`~hybridmem.retrieval.fusion`."""
    relevance: dict[str, float] = field(default_factory=dict)
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict)
    scope_cosine: dict[str, float] = field(default_factory=dict)
    """Cosine of every scope node when the scope was ranked exactly (no second read)."""
    unfolded: set[str] = field(default_factory=set)
    """Archived sources of live summaries brought in by :mod:`~hybridmem.retrieval.unfold`
    (scored although archived)."""
    turns: set[str] | None = None
    """The candidates that are turns of a conversation (see ``expansion.conversation_turns``),
    once :meth:`Retriever.expand` has looked."""
    returnable: Returnable = field(default_factory=Returnable)
    """What the retrieval may return: the only candidates the scales cover."""
    answers: frozenset[str] = frozenset()
    """The candidates the writer filed as a value of the user's own attribute the question
    asks about (:func:`~hybridmem.retrieval.attributes.answering`)."""
    theirs: frozenset[str] = frozenset()
    """Another person's values, for a question about the user's own (:func:`.groups.theirs`)."""
    antecedents: dict[str, str] = field(default_factory=dict)
    """Each turn carried along a pronoun (:mod:`~hybridmem.retrieval.referents`): the matched
    turn naming whom it speaks of."""
    vectors_from_rows: bool = False
    """The vector candidates came from the vectors kept beside the rows (an exact scope or
    a selective filter), not from the index: vector search worked even where the index is
    not available to this process."""
    line: LineCosines | None = None
    """Cosines to the query's last line, for a query of several lines (a conversation) only:
    its lexical part counts as far as the dense channel vouches for the lexical best match,
    by the whole query's vector or this line's (:mod:`.lexical_trust`)."""

    def add(self, node_id: str, source: str) -> None:
        self.sources.setdefault(node_id, set()).add(source)

    def fuse(self, weights: ScoreWeights, method: str, *, similarity: bool = True) -> None:
        """(Re)compute the returnable candidates' fused features (``similarity=False``: keep it)."""
        ids = self.returnable.ids(self.nodes, self.unfolded)
        if similarity:
            self.similarity = fusion.fuse_similarity(self.cosine, ids, method)
        lexical = fusion.fuse_lexical(self.bm25, ids, method)
        if weights.similarity > 0 and self.line is not None:
            # A conversation's word evidence counts as far as the vector vouches for its best
            # match; a one-line question's words are all the asker's (:mod:`.lexical_trust`).
            lexical = vouched_lexical(lexical, self.similarity, self.line, ids, method)
        self.lexical = lexical
        self.relevance = fusion.relevance(
            self.similarity, self.lexical, weights.similarity, weights.lexical, ids
        )
