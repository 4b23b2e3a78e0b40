"""Retrieval that uses the tree and the text's script: neighbours, parents, CJK, compact context."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hybridmem import HashEmbedder, HybridMemory, MemoryConfig, RetrievalConfig, ScoreWeights
from hybridmem.errors import InvalidArgumentError
from hybridmem.retrieval.context import CONTEXT_FORMATS
from hybridmem.retrieval.entities import (
    query_words,
    speaker_feature,
    speaker_label,
    topic_query,
)
from hybridmem.retrieval.expansion import adjacent_siblings, parent_feature
from hybridmem.retrieval.language import cjk_share, reads_cjk, similarity_scale
from hybridmem.tokens import count_tokens
from tests.conftest import CountingEmbedder


def _config(**changes: object) -> MemoryConfig:
    return MemoryConfig(retrieval=replace(RetrievalConfig(), **changes))  # type: ignore[arg-type]


def _chat(mem: HybridMemory) -> tuple[str, str, str]:
    """A conversation where the answer shares no word with the question asked later."""
    task = mem.add("Chat with Mia", node_type="task", user_id="u1")
    session = mem.add("Session 1", node_type="session", parent_id=task.id, user_id="u1")
    for i in range(12):
        mem.add(
            f"small talk number {i} about weather and lunch", parent_id=session.id, user_id="u1"
        )
    mem.add("Mia: where did you go for the pottery workshop?", parent_id=session.id, user_id="u1")
    answer = mem.add(
        "Tom: Lisbon, in a tiny studio by the river", parent_id=session.id, user_id="u1"
    )
    for i in range(12):
        mem.add(f"more chatter {i} on films and music", parent_id=session.id, user_id="u1")
    return task.id, session.id, answer.id


def test_adjacent_siblings_follow_creation_order_within_the_parent(mem):
    _, session_id, answer_id = _chat(mem)
    kids = mem.children(session_id)
    question = next(k for k in kids if "pottery" in k.content)
    found = adjacent_siblings(mem.store, [question, kids[0], mem.get(session_id)], ("active",))
    i = [k.id for k in kids].index(question.id)
    assert found[question.id] == (kids[i - 1].id, answer_id)
    assert found[kids[0].id] == (kids[1].id,)  # the first child has no previous sibling
    # A session's neighbours are sessions of its task, never turns of another parent.
    assert found[session_id] == ()


def test_neighbour_expansion_brings_in_the_answer_that_follows_the_matching_turn(mem_path, clock):
    with HybridMemory(mem_path, embedder=HashEmbedder(128), clock=clock) as mem:
        task_id, _, answer_id = _chat(mem)
        res = mem.retrieve("pottery workshop", user_id="u1", task_id=task_id, top_k=3)
        by_id = {h.node.id: h for h in res.hits}
        assert answer_id in by_id, "the reply to the matching question must be retrieved"
        assert by_id[answer_id].breakdown.features["neighbour"] > 0
    # The whole-session lift as before (session_reach None): a lift that fades with the turns
    # between lifts the reply beside the match too, which is not the mechanism tested here.
    off = _config(
        expand_neighbours=0, session_reach=None, weights=replace(ScoreWeights(), neighbour=0.0)
    )
    with HybridMemory(mem_path, embedder=HashEmbedder(128), clock=clock, config=off) as mem:
        res = mem.retrieve("pottery workshop", user_id="u1", task_id=task_id, top_k=3)
        assert answer_id not in {h.node.id for h in res.hits}


def test_parent_feature_is_the_best_candidate_under_the_same_parent(mem):
    task_id, session_id, _ = _chat(mem)
    kids = mem.children(session_id)[:3]
    other = mem.add("note", parent_id=task_id, user_id="u1")
    nodes = {k.id: k for k in kids} | {other.id: other}
    relevance = {kids[0].id: 0.9, kids[1].id: 0.4, kids[2].id: 0.1, other.id: 0.3}
    feature = parent_feature(relevance, nodes)
    # One value per parent: it lifts a whole session, never reorders its children.
    assert feature[kids[0].id] == feature[kids[1].id] == feature[kids[2].id] == 0.9
    assert feature[other.id] == 0.3


def test_a_weak_match_in_a_matching_session_outranks_the_same_text_elsewhere(mem_path, clock):
    cfg = _config(weights=replace(ScoreWeights(), parent=1.0, neighbour=0.0), expand_neighbours=0)
    with HybridMemory(mem_path, embedder=HashEmbedder(128), clock=clock, config=cfg) as mem:
        task = mem.add("Trips", node_type="task", user_id="u1")
        busy = mem.add("Session A", node_type="session", parent_id=task.id, user_id="u1")
        lone = mem.add("Session B", node_type="session", parent_id=task.id, user_id="u1")
        mem.add("the ferry to Naxos leaves at nine from the port", parent_id=busy.id, user_id="u1")
        a = mem.add("we packed the bags", parent_id=busy.id, user_id="u1")
        b = mem.add("we packed the bags", parent_id=lone.id, user_id="u1")
        mem.add("dinner was lovely", parent_id=lone.id, user_id="u1")
        res = mem.retrieve("ferry to Naxos port, bags packed?", user_id="u1", task_id=task.id)
        by_id = {h.node.id: h for h in res.hits}
        assert by_id[a.id].breakdown.features["parent"] > by_id[b.id].breakdown.features["parent"]
        order = [h.node.id for h in res.hits]
        assert order.index(a.id) < order.index(b.id)


def _diary(mem: HybridMemory, clock, days: int = 3) -> str:
    task = mem.add("Diary", node_type="task", user_id="u1")
    for day in range(days):
        for i in range(4):
            mem.add(f"diary entry {day}-{i} about the garden", parent_id=task.id, user_id="u1")
        clock.advance(days=1)
    return task.id


def test_compact_context_prints_each_day_once_and_the_year_once(mem, clock):
    clock.advance(days=29)  # 2024-07-30: the diary runs over a month and a year boundary
    task = _diary(mem, clock, days=3)
    clock.advance(days=160)  # 2025-01-09: the next entries are in another year
    for i in range(2):
        mem.add(f"diary entry new year {i} about the garden", parent_id=task, user_id="u1")
    res = mem.retrieve("garden diary", user_id="u1", task_id=task, top_k=50)
    lines = res.context.splitlines()
    assert lines[0] == "Task path: Memory of u1 > Diary" and lines[1] == "Memories:"
    headers = [x for x in lines[2:] if not x.startswith("diary entry")]
    # The year is named on the first day of each year in the context, not on every day.
    assert headers == ["30 July 2024:", "31 July:", "1 August:", "9 January 2025:"]
    # One memory a line, no bullets, every memory once.
    assert sum(1 for x in lines if x.startswith("diary entry")) == 14
    assert res.tokens == count_tokens(res.context)


@pytest.mark.parametrize("style", CONTEXT_FORMATS)
def test_every_context_format_fits_the_budget(mem_path, clock, style):
    with HybridMemory(
        mem_path, embedder=HashEmbedder(128), clock=clock, config=_config(context_format=style)
    ) as mem:
        task = _diary(mem, clock)
        for budget in (5, 12, 30, 60, 90, 150):
            small = mem.retrieve(
                "garden diary", user_id="u1", task_id=task, top_k=50, token_budget=budget
            )
            assert small.tokens == count_tokens(small.context) <= budget
            if small.hits:  # the nearest ancestor goes first, the root is trimmed first
                assert small.path and small.path[-1].id == task


def test_grouped_context_prints_each_day_once(mem_path, clock):
    with HybridMemory(
        mem_path,
        embedder=HashEmbedder(128),
        clock=clock,
        config=_config(context_format="grouped"),
    ) as mem:
        task = _diary(mem, clock)
        res = mem.retrieve("garden diary", user_id="u1", task_id=task, top_k=50)
    lines = res.context.splitlines()
    assert lines[0] == "Current task path:"
    headers = [x for x in lines if x.startswith("[") and x.endswith("]")]
    assert headers == ["[2024-07-01]", "[2024-07-02]", "[2024-07-03]"]
    assert sum(1 for x in lines if x.startswith("- diary entry")) == 12


def test_compact_format_holds_more_memories_than_grouped_and_grouped_than_lines(mem_path, clock):
    texts = [f"finding {i}: the garden hose leaks near the shed" for i in range(60)]
    counts = {}
    for style in CONTEXT_FORMATS:
        path = mem_path / style
        with HybridMemory(
            path, embedder=HashEmbedder(128), clock=clock, config=_config(context_format=style)
        ) as mem:
            task = mem.add("Garden", node_type="task", user_id="u1")
            for day in range(6):  # several days, so the date lines count too
                mem.add_many(
                    [{"content": t, "parent_id": task.id} for t in texts[day * 10 : day * 10 + 10]],
                    user_id="u1",
                )
                clock.advance(days=1)
            res = mem.retrieve(
                "garden hose", user_id="u1", task_id=task.id, top_k=100, token_budget=300
            )
            assert res.tokens <= 300
            counts[style] = len(res.hits)
            if style == "lines":
                assert "  - [event · " in res.context
    assert counts["compact"] > counts["grouped"] > counts["lines"]


def test_non_event_types_stay_visible_in_every_format(mem):
    task = mem.add("Coffee", node_type="task", user_id="u1")
    mem.add("likes dark roast", node_type="preference", parent_id=task.id, user_id="u1")
    res = mem.retrieve("dark roast", user_id="u1", task_id=task.id)
    assert "(preference) likes dark roast" in res.context.splitlines()


def test_cjk_share_and_which_embedders_read_cjk():
    assert cjk_share("") == 0.0 and cjk_share("hello") == 0.0
    assert cjk_share("发票退回") == 1.0
    assert cjk_share("claim 发票") == pytest.approx(2 / 7)  # characters, not words
    assert reads_cjk(HashEmbedder(64))

    class EnglishOnly(HashEmbedder):
        multilingual = False

    class NamedMiniLM(HashEmbedder):
        @property
        def name(self) -> str:
            return "sentence-transformers/all-MiniLM-L6-v2"

    assert not reads_cjk(EnglishOnly(64)) and not reads_cjk(NamedMiniLM(64))
    assert similarity_scale(NamedMiniLM(64), "发票为什么被退回") == 0.0
    assert similarity_scale(NamedMiniLM(64), "why was it returned") == 1.0
    assert similarity_scale(HashEmbedder(64), "发票为什么被退回") == 1.0


def test_chinese_query_leans_on_lexical_when_the_embedder_cannot_read_it(mem_path, clock):
    class EnglishOnly(HashEmbedder):
        multilingual = False

    with HybridMemory(mem_path, embedder=EnglishOnly(128), clock=clock) as mem:
        task = mem.add("报销", node_type="task", user_id="u1")
        mem.add("发票信息不清晰，财务退回", parent_id=task.id, user_id="u1")
        mem.add("invoice was unreadable", parent_id=task.id, user_id="u1")
        zh = mem.retrieve("发票为什么被退回", user_id="u1", task_id=task.id)
        assert all(h.breakdown.parts["similarity"] == 0.0 for h in zh.hits)
        assert zh.hits[0].node.content.startswith("发票")
        en = mem.retrieve("invoice unreadable", user_id="u1", task_id=task.id)
        assert en.hits[0].breakdown.parts["similarity"] > 0.0


def test_new_settings_are_validated():
    with pytest.raises(InvalidArgumentError):
        RetrievalConfig(context_format="fancy")
    with pytest.raises(InvalidArgumentError):
        RetrievalConfig(expand_neighbours=-1)
    with pytest.raises(InvalidArgumentError):
        ScoreWeights(neighbour=-0.1)


def test_speaker_labels_and_query_names():
    assert speaker_label("Melanie: I went camping") == "melanie"
    assert speaker_label("Dr. Lee: take two a day") == "dr. lee"
    assert speaker_label("no label here") is None
    assert speaker_label("a sentence with far too many words: x") is None
    # A sentence before a colon is not a speaker: "returned" in a query must not match it.
    assert speaker_label("Finance returned it: the invoice was unreadable") is None
    assert speaker_feature("Finance returned it: unreadable", query_words("why returned?")) == 0.0
    assert speaker_label("小明：明天见") == "小明"
    assert speaker_label("我们讨论的结果是：明天见") is None
    names = query_words("What does Melanie's family like?")
    assert {"melanie", "melanie's"} <= names
    assert speaker_feature("Melanie: we love hiking", names) == 1.0
    assert speaker_feature("Caroline: Melanie, you love hiking!", names) == 0.0
    assert speaker_feature("Melanie: hi", frozenset()) == 0.0


def test_the_named_speakers_turn_outranks_the_same_words_from_the_other_speaker(mem):
    task = mem.add("Chat", node_type="task", user_id="u1")
    other = mem.add("Caroline: hiking in the hills is lovely", parent_id=task.id, user_id="u1")
    own = mem.add("Melanie: hiking in the hills is lovely", parent_id=task.id, user_id="u1")
    res = mem.retrieve("What does Melanie like? hiking?", user_id="u1", task_id=task.id)
    by_id = {h.node.id: h for h in res.hits}
    assert by_id[own.id].breakdown.features["speaker"] == 1.0
    assert by_id[other.id].breakdown.features["speaker"] == 0.0
    order = [h.node.id for h in res.hits]
    assert order.index(own.id) < order.index(other.id)


def test_topic_query_drops_the_speakers_names_and_keeps_the_rest():
    speakers = frozenset({"caroline", "melanie"})
    assert topic_query("What did Caroline research?", speakers) == "What did research?"
    assert topic_query("What do Melanie's kids like?", speakers) == "What do kids like?"
    assert topic_query("Did Caroline and Melanie meet?", speakers) == "Did and meet?"
    assert topic_query("Caroline?", speakers) is None  # nothing but the name: keep the query
    assert topic_query("what did they research", speakers) is None  # names no speaker
    assert topic_query("What did Caroline research?", frozenset()) is None
    assert topic_query("Where is Carolineville?", speakers) is None  # whole words only


def test_the_vector_reads_the_topic_when_the_query_names_a_speaker(mem, embedder):
    task = mem.add("Chat with Mia", node_type="task", user_id="u1")
    session = mem.add("Session 1", node_type="session", parent_id=task.id, user_id="u1")
    name_only = mem.add("Mia: Mia here! Hi, Mia again, Mia!", parent_id=session.id, user_id="u1")
    answer = mem.add("Mia: the kids loved the dinosaur museum", parent_id=session.id, user_id="u1")
    mem.add("Tom: the kids got a new bike", parent_id=session.id, user_id="u1")
    embedder.texts.clear()
    res = mem.retrieve("what do Mia's kids love?", user_id="u1", task_id=task.id)
    # Mia's lines are among the lexical matches, so the query is embedded once, without her
    # name (one embedding and one vector search, as for a query naming nobody).
    assert embedder.texts == ["what do kids love?"]
    by_id = {h.node.id: h for h in res.hits}
    similarity = {i: h.breakdown.features["similarity"] for i, h in by_id.items()}
    # A line that is mostly the name no longer rides on it; the speaker feature still says who.
    assert similarity[answer.id] > similarity[name_only.id]
    # Nor on the lexical match: BM25 reads the name-free form too ("kids", "love"), while the
    # name-only line, a match of the query as asked, stays a candidate.
    assert by_id[name_only.id].breakdown.features["lexical"] == 0.0
    assert by_id[answer.id].breakdown.features["lexical"] == 1.0
    assert by_id[answer.id].breakdown.features["speaker"] == 1.0
    assert res.hits[0].node.id == answer.id
    embedder.texts.clear()
    mem.retrieve("what do the kids love?", user_id="u1", task_id=task.id)
    assert embedder.texts == ["what do the kids love?"]  # no name, no second search


def test_a_speaker_only_the_vector_search_finds_gets_the_query_embedded_again(mem_path, clock):
    # No lexical path: the first candidates cannot say who speaks, so the query is embedded
    # as asked, and again without the name once the vector candidates show Mia speaking.
    counting = CountingEmbedder(HashEmbedder(64))
    config = _config(lexical_candidates=0)
    with HybridMemory(mem_path, embedder=counting, clock=clock, config=config) as mem:
        task = mem.add("Chat with Mia", node_type="task", user_id="u1")
        session = mem.add("Session 1", node_type="session", parent_id=task.id, user_id="u1")
        mem.add("Mia: the kids loved the dinosaur museum", parent_id=session.id, user_id="u1")
        mem.add("Tom: the kids got a new bike", parent_id=session.id, user_id="u1")
        counting.texts.clear()
        res = mem.retrieve("what do Mia's kids love?", user_id="u1", task_id=task.id)
        assert counting.texts == ["what do Mia's kids love?", "what do kids love?"]
        assert res.hits[0].node.content.startswith("Mia:")


def test_a_filtered_retrieve_embeds_the_query_once(mem_path, clock, monkeypatch):
    counting = CountingEmbedder(HashEmbedder(64))
    with HybridMemory(mem_path, embedder=counting, clock=clock) as mem:
        task = mem.add("Chat with Mia", node_type="task", user_id="u1")
        session = mem.add("Session 1", node_type="session", parent_id=task.id, user_id="u1")
        mem.add("Mia: the kids loved the dinosaur museum", parent_id=session.id, user_id="u1")
        mem.add("Tom: the kids got a new bike", parent_id=session.id, user_id="u1")
        ask = "what do Mia's kids love?"
        # A selective filter ranks the filtered nodes' own vectors with the query as asked.
        counting.texts.clear()
        res = mem.retrieve(ask, user_id="u1", task_id=task.id, node_types="event")
        assert counting.texts == [ask]
        assert res.hits[0].node.content.startswith("Mia:")
        # A broad one filters the ordinary candidates: the name-free form, embedded once.
        monkeypatch.setattr("hybridmem.retrieval.retriever.MAX_FILTER_IDS", 1)
        counting.texts.clear()
        res = mem.retrieve(ask, user_id="u1", task_id=task.id, node_types="event")
        assert counting.texts == ["what do kids love?"]
        assert {h.node.node_type for h in res.hits} == {"event"}


def test_refocus_can_be_switched_off_for_latency(mem_path, clock):
    counting = CountingEmbedder(HashEmbedder(64))
    config = _config(refocus_names=False)
    with HybridMemory(mem_path, embedder=counting, clock=clock, config=config) as mem:
        task = mem.add("Chat with Mia", node_type="task", user_id="u1")
        session = mem.add("Session 1", node_type="session", parent_id=task.id, user_id="u1")
        mem.add("Mia: the kids loved the dinosaur museum", parent_id=session.id, user_id="u1")
        counting.texts.clear()
        res = mem.retrieve("what do Mia's kids love?", user_id="u1", task_id=task.id)
        assert counting.texts == ["what do Mia's kids love?"]  # one embedding, one search
        assert res.hits[0].breakdown.features["speaker"] == 1.0  # who is still scored
    with pytest.raises(InvalidArgumentError, match="refocus_names"):
        RetrievalConfig(refocus_names="no")  # type: ignore[arg-type]


def test_memories_filed_far_apart_are_not_each_others_neighbours(mem, clock):
    task = mem.add("Memories", node_type="task", user_id="u1")
    first = mem.add("went to the pottery workshop", parent_id=task.id, user_id="u1")
    clock.advance(days=30)
    later = mem.add("bought new running shoes", parent_id=task.id, user_id="u1")
    clock.advance(seconds=20)
    close = mem.add("they are blue", parent_id=task.id, user_id="u1")
    found = adjacent_siblings(mem.store, [first, later, close], ("active",), window_seconds=3600.0)
    assert found[first.id] == ()  # 30 days apart: not context for each other
    assert found[later.id] == (close.id,)
    assert found[close.id] == (later.id,)
    unbounded = adjacent_siblings(mem.store, [first], ("active",))
    assert unbounded[first.id] == (later.id,)
    with pytest.raises(InvalidArgumentError):
        RetrievalConfig(neighbour_window_minutes=0)


def test_without_the_lexical_path_a_chinese_query_keeps_the_similarity(mem_path, clock):
    class EnglishOnly(HashEmbedder):
        multilingual = False

    cfg = _config(lexical_candidates=0, weights=replace(ScoreWeights(), lexical=0.0))
    with HybridMemory(mem_path, embedder=EnglishOnly(128), clock=clock, config=cfg) as mem:
        task = mem.add("报销", node_type="task", user_id="u1")
        mem.add("发票信息不清晰，财务退回", parent_id=task.id, user_id="u1")
        res = mem.retrieve("发票为什么被退回", user_id="u1", task_id=task.id)
        # Nothing else to lean on: the embedder's view is kept rather than dropped.
        w, configured = res.hits[0].breakdown.weights, ScoreWeights()
        assert w["similarity"] / w["importance"] == pytest.approx(
            configured.similarity / configured.importance
        )


def test_a_long_query_keeps_the_terms_near_its_end(mem):
    """A dialogue so far names what it is about anywhere, often at the end: the lexical path
    keeps every distinct term, not the first 64."""
    task = mem.add("Chat", node_type="task", user_id="u1")
    target = mem.add("the marmalade recipe from grandmother", parent_id=task.id, user_id="u1")
    filler = " ".join(f"word{i}" for i in range(200))
    res = mem.retrieve(f"{filler} marmalade", user_id="u1", task_id=task.id)
    hit = next(h for h in res.hits if h.node.id == target.id)
    assert "lexical" in hit.breakdown.sources
