"""Values of one attribute with multilingual-e5: a change is never taken for the same value
said again, and the pair model links a stated change no slot names when the two statements
share a word naming the attribute."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest

from hybridmem import HybridMemory, MemoryConfig
from hybridmem.config.evolution import EvolutionConfig
from hybridmem.errors import InvalidArgumentError
from hybridmem.evolution.slots import pairs as pair_embed
from hybridmem.evolution.write.conflicts import same_value
from hybridmem.models import Hit, ScoreBreakdown
from hybridmem.retrieval.groups import assertions_first
from hybridmem.testing.nodes import memory_node

U = "u"


def test_a_change_close_in_e5_is_not_the_same_value(e5):
    old, new = "我住在城东，靠近老码头。", "我上个月搬家了，现在住在城西，科技园旁边。"
    a, b = e5.embed([new, old])
    cfg = EvolutionConfig()
    assert float(a @ b) >= cfg.same_value_threshold  # why the cosine alone is not enough
    assert same_value(new, a, old, b, cfg)
    assert not same_value(new, a, old, b, cfg, terms_checked=True)
    # Said again with nothing new, it still is the same value.
    again = "我住在城东，靠近老码头"
    c = e5.embed([again])[0]
    assert same_value(again, c, old, b, cfg, terms_checked=True)


def test_with_e5_a_move_replaces_the_home_instead_of_being_archived(e5_mem, clock):
    home = e5_mem.add("我住在城东，靠近老码头。", node_type="preference", user_id=U)
    clock.advance(days=20)
    moved = e5_mem.add(
        "我上个月搬家了，现在住在城西，科技园旁边。", node_type="preference", user_id=U
    )
    assert moved.status == "active" and "restates" not in moved.metadata
    assert e5_mem.get(home.id, user_id=U).metadata.get("demoted_by") == moved.id
    hits = e5_mem.retrieve("用户住在哪个区？", user_id=U, top_k=3).hits
    assert hits[0].node.id == moved.id


def test_the_shipped_pair_model_loads_for_e5_only(e5):
    model = pair_embed.model_for(e5.name, e5.dimension)
    assert model is not None and set(model.linear.labels) == set(pair_embed.LABELS)
    assert set(model.centres) == {"en", "zh"}
    assert pair_embed.model_for("all-MiniLM-L6-v2", 384) is None
    assert pair_embed.model_for(e5.name, 768) is None
    again = pair_embed.PairModel.from_json(model.to_json())
    assert again.linear.labels == model.linear.labels
    with pytest.raises(InvalidArgumentError):
        pair_embed.PairModel.from_json('{"model": {}}')


def test_pair_features_are_symmetric_and_split_values_from_attributes(e5):
    a_text = "My standing meeting with the design team is on Mondays at 10."
    b_text = "The design team meeting moved to Thursdays at 15:00."
    a, b = e5.embed([a_text, b_text])
    model = pair_embed.model_for(e5.name, e5.dimension)
    assert model is not None
    ab = pair_embed.features(a, a_text, b, b_text, model.centres)
    ba = pair_embed.features(b, b_text, a, a_text, model.centres)
    assert np.allclose(ab, ba)
    words = dict(pair_embed.words(b_text))
    assert words["thursday"] and words["15:00"] and not words["meet"] and not words["design"]
    zh = dict(pair_embed.words("设计组例会改到每周四下午三点了。"))
    assert not zh["例会"] and zh["下午"]
    assert pair_embed.states_change(b_text) and pair_embed.states_change("以后发票改寄到南区")
    assert not pair_embed.states_change("My standing meeting is on Mondays at 10.")


def test_everyday_words_and_values_name_no_attribute():
    # Two values of one attribute share the word naming it...
    assert pair_embed.shares_anchor(
        "My pottery class is on Wednesday evenings.",
        "The pottery class moved to Saturday mornings.",
    )
    assert pair_embed.shares_anchor("我们楼的门禁密码是4127。", "楼里的门禁密码换了，现在是8830。")
    # ...two attributes with one value (the twins the pair model links) share only the value
    # or everyday words.
    assert not pair_embed.shares_anchor(
        "I go to the gym on Saturday mornings.", "Piano lessons moved to Saturday mornings."
    )
    assert not pair_embed.shares_anchor("我每周六上午练瑜伽。", "吉他课改到周六上午了。")
    assert "now" not in pair_embed.anchors("I drive to work now.")


def test_the_shipped_everyday_words_are_what_the_labelled_chat_lines_give():
    from benchmarks.evolution_models.pair_embed_eval import common_vocabulary

    built = common_vocabulary()
    assert built["share"] == pair_embed.COMMON_SHARE
    assert {k: frozenset(v) for k, v in built["words"].items()} == pair_embed.common_words()


def test_twins_on_one_value_are_not_linked(e5_mem, clock, e5):
    """The pair model alone reads "gym on Saturdays" / "piano moved to Saturdays" as one
    attribute (0.94); nothing names the attribute in both, so nothing is linked."""
    gym = e5_mem.add("I go to the gym on Saturday mornings.", node_type="fact", user_id=U)
    clock.advance(days=5)
    piano = e5_mem.add("Piano lessons moved to Saturday mornings.", node_type="fact", user_id=U)
    assert piano.conflict_group is None
    assert e5_mem.get(gym.id, user_id=U).conflict_group is None
    model = pair_embed.model_for(e5.name, e5.dimension)
    assert model is not None
    a, b = e5.embed([piano.content, gym.content])
    assert pair_embed.read(model, a, piano.content, b, gym.content).linked


def test_pair_links_are_on_by_default_and_link_a_stated_change(tmp_path, clock, e5):
    facts = ["我对花生过敏", "我女儿叫小雨", "我和设计组的例会在每周一上午十点。"]
    change = "设计组例会改到每周四下午三点了。"
    assert EvolutionConfig().pair_links
    for on in (False, True):
        config = MemoryConfig(evolution=EvolutionConfig(pair_links=on))
        with HybridMemory(tmp_path / f"m{on}", embedder=e5, clock=clock, config=config) as mem:
            nodes = [mem.add(t, node_type="fact", user_id=U) for t in facts]
            clock.advance(days=2)
            new = mem.add(change, node_type="fact", user_id=U)
            meeting = mem.get(nodes[2].id, user_id=U)
            hits = mem.retrieve("设计组例会是什么时候？", user_id=U, top_k=3).hits
            if on:
                # One group: the newer value is the current one, the older is history.
                assert new.conflict_group == meeting.conflict_group == f"sim:{meeting.id}"
                assert hits[0].node.id == new.id
                assert meeting.id not in {h.node.id for h in hits}
            else:
                assert new.conflict_group is None and meeting.conflict_group is None
            # Unrelated facts are never linked.
            for node in nodes[:2]:
                assert mem.get(node.id, user_id=U).conflict_group is None
            # A statement that states no change is not linked either.
            other = mem.add("我和市场部的例会在每周二上午。", node_type="fact", user_id=U)
            assert other.conflict_group is None


def test_a_change_of_the_users_never_joins_someone_elses_fact(e5_mem, clock):
    """The pair model reads the two as one attribute and they share "shop": linked, the
    wife's fact was hidden behind the user's newer statement (first-day newcomers, issue 38).
    Whose value each gives differs, so nothing is linked; the user's own change still is."""
    wife = e5_mem.add(
        "My wife Brenda volunteers at the Oxfam shop on Saturdays.", node_type="fact", user_id=U
    )
    clock.advance(days=1)
    mine = e5_mem.add(
        "I don't drive any more, my neighbour takes me to the shops.",
        node_type="fact",
        user_id=U,
    )
    assert mine.conflict_group is None
    assert e5_mem.get(wife.id, user_id=U).conflict_group is None
    hits = e5_mem.retrieve("Where is Brenda on Saturdays?", user_id=U, top_k=3).hits
    assert hits[0].node.id == wife.id


def test_a_one_off_never_outranks_the_fact_it_is_about(tmp_path, clock, e5):
    """With e5 the stored question matches the question about the user better than the fact
    does; among the shown hits it follows the fact (a fact/preference beats what was said in
    passing once it scores more than half as much), and which hits are shown is unchanged."""
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        fact = mem.add("I'm vegetarian and have been for ten years.", node_type="fact", user_id=U)
        clock.advance(days=3)
        asked = mem.add("Should I try eating fish again?", node_type="event", user_id=U)
        clock.advance(days=1)
        mem.add("Booked a table for two on Saturday.", node_type="event", user_id=U)
        assert asked.marks["speech_act"] == "question"
        hits = mem.retrieve("What is the user's diet?", user_id=U, top_k=3).hits
        ids = [h.node.id for h in hits]
        scores = {h.node.id: h.score for h in hits}
        assert scores[asked.id] > scores[fact.id]  # relevance alone would put it first
        assert ids.index(fact.id) < ids.index(asked.id)
        config = MemoryConfig(evolution=EvolutionConfig(candidate_importance_factor=1.0))
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock, config=config) as mem:
        plain = mem.retrieve("What is the user's diet?", user_id=U, top_k=3).hits
        assert {h.node.id for h in plain} == set(ids)
        assert plain[0].node.id == asked.id


def _hit(
    node_id: str, node_type: str, score: float, act: str | None = None, lexical: float = 0.0
) -> Hit:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    node = memory_node(
        node_id,
        now,
        user_id=U,
        node_type=node_type,
        task_id="",
        marks={"speech_act": act} if act else {},
    )
    return Hit(node, score, ScoreBreakdown({"lexical": lexical}, {}, score, 1.0, ()))


def test_a_one_off_leaves_the_shown_hits_for_a_fact_further_down():
    """e5 scores "I teach maths…" below unrelated notes for "What is the user's job?": the
    fact is not among the shown hits, and reordering only those left the question answering."""
    hits = [
        _hit("asked-data-analyst", "event", 0.39, "question"),
        _hit("note-a", "event", 0.37),
        _hit("note-b", "event", 0.35),
        _hit("note-c", "event", 0.33),
        _hit("teaches-maths", "fact", 0.22),
        _hit("cello", "fact", 0.10),
    ]
    out = [h.node.id for h in assertions_first(hits, 3, 0.5, ("fact", "preference"))]
    assert out[:3] == ["note-a", "note-b", "note-c"]  # everything else keeps its order
    assert out.index("teaches-maths") < out.index("asked-data-analyst") < out.index("cello")
    # A remark that shares a word with the query was found for what it says ("What did the
    # user ask about becoming a data analyst?"): it yields only among the shown hits.
    named = [_hit("asked-data-analyst", "event", 0.39, "question", lexical=0.8), *hits[1:]]
    assert assertions_first(named, 3, 0.5, ("fact", "preference"))[:3] == named[:3]
    # A remark more than twice as relevant as any standing statement keeps its place...
    strong = [_hit("asked", "event", 0.50, "emotion"), *hits[1:4], _hit("f", "fact", 0.2)]
    assert assertions_first(strong, 3, 0.5, ("fact",)) == strong
    # ...and a store with no fact or preference (a chat transcript) is left alone.
    events = [hits[0], *hits[1:4]]
    assert assertions_first(events, 3, 0.5, ("fact", "preference")) == events


class _EnglishOnlyConstant:
    """An English-only model (by its name) that reads every text the same: what MiniLM's
    vectors of Chinese text are like."""

    name = "all-MiniLM-L6-v2-constant"
    dimension = 8

    def embed(self, texts):
        out = np.zeros((len(texts), 8), dtype=np.float32)
        out[:, 0] = 1.0
        return out


def test_an_english_only_embedder_groups_no_chinese_fact_by_similarity(tmp_path, clock):
    with HybridMemory(tmp_path / "m", embedder=_EnglishOnlyConstant(), clock=clock) as mem:
        zh = [mem.add(t, node_type="fact", user_id=U) for t in ("我对花生过敏", "我女儿叫小雨")]
        assert [n.conflict_group for n in zh] == [None, None]
        # English text it reads: the configured similarity still groups (cosine 1.0 here).
        en = [
            mem.add(t, node_type="fact", user_id=U)
            for t in ("Team sync on Mondays", "Team sync moved")
        ]
        assert en[1].conflict_group is not None


def test_a_conversation_turn_said_in_passing_yields_on_its_fused_score_not_the_raw_one():
    """LoCoMo conv-26 through add_messages (MiniLM): on the raw similarity every one of the
    few facts extracted from the chat cleared half of a question's or a feeling's, so the
    conversation's unmatched questions and feelings all went below them, out of the budget
    (evidence recall 0.781 -> 0.728). A turn is weighed on its fused score as before."""
    hits = [
        _hit("turn-question", "event", 0.39, "question"),
        _hit("turn-a", "event", 0.37),
        _hit("turn-b", "event", 0.35),
        _hit("turn-c", "event", 0.33),
        _hit("extracted-fact", "fact", 0.05),
    ]
    cosine = {"turn-question": 0.45, "turn-a": 0.44, "extracted-fact": 0.30}
    kinds = ("fact", "preference")
    turns = {"turn-question", "turn-a", "turn-b", "turn-c"}
    assert assertions_first(hits, 3, 0.5, kinds, cosine, turns) == hits
    # The same remark written on its own (no conversation) yields on the raw scale (issue 38).
    alone = [h.node.id for h in assertions_first(hits, 3, 0.5, kinds, cosine)]
    assert alone.index("extracted-fact") < alone.index("turn-question")
    # A turn the fused score puts under twice a fact's still yields, as it did before.
    weak = [*hits[:4], _hit("extracted-fact", "fact", 0.30)]
    out = [h.node.id for h in assertions_first(weak, 3, 0.5, kinds, cosine, turns)]
    assert out.index("extracted-fact") < out.index("turn-question")


def test_a_pair_model_file_with_whitening_reads_a_sixth_feature(e5):
    """The measured candidate (stale9) is written as a model file with a whitening matrix per
    language; the shipped model has none and reads five features."""
    shipped = pair_embed.model_for(e5.name, e5.dimension)
    assert shipped is not None and shipped.whiten is None
    en, zh = "I cycle to the office.", "我每天骑车上班。"
    a, b, c = e5.embed([en, "Taking the bus in now.", zh])
    assert len(pair_embed.features(a, en, b, "Taking the bus in now.", shipped.centres)) == 5
    rng = np.random.default_rng(0)
    half = rng.normal(size=(e5.dimension, e5.dimension))
    whiten = {"en": half @ half.T / e5.dimension}
    model = pair_embed.PairModel(shipped.linear, shipped.centres, whiten)
    again = pair_embed.PairModel.from_json(model.to_json())
    assert again.whiten is not None and set(again.whiten) == {"en"}
    assert np.allclose(again.whiten["en"], whiten["en"], rtol=1e-3, atol=1e-3)
    ab = pair_embed.features(a, en, b, "Taking the bus in now.", shipped.centres, again.whiten)
    ba = pair_embed.features(b, "Taking the bus in now.", a, en, shipped.centres, again.whiten)
    assert len(ab) == 6 and np.allclose(ab, ba)
    # A language with no matrix reads its centred cosine in the sixth place.
    ac = pair_embed.features(a, en, c, zh, shipped.centres, again.whiten)
    assert ac[5] == ac[1]
