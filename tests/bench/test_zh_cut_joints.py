"""benchmarks.zh_cut_joints switches zhlex18's readings in its own process (issue 38)."""

from __future__ import annotations

import pytest

from benchmarks.zh_cut_joints import install, without_addressee_coverbs
from hybridmem import lexical
from hybridmem.retrieval import channels


def test_the_variants_switch_the_joint_cut_and_the_coverb(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(lexical, "glued_words", lexical.glued_words)
    monkeypatch.setattr(channels, "topic_words", channels.topic_words)
    assert "跟" in lexical.terms(channels.topic_words("我跟你说过我的店开在哪？"))
    install("without-joints-coverb")
    assert lexical.glued_words("我妈") == ()
    assert "我妈" in lexical.terms("我妈穿刺结果出来了")
    assert "跟" not in lexical.terms(channels.topic_words("我跟你说过我的店开在哪？"))


def test_only_a_coverb_of_the_addressee_is_left_out():
    assert "跟" not in lexical.terms(without_addressee_coverbs("上周我跟你说我妈什么了？"))
    assert "跟" in lexical.terms(without_addressee_coverbs("我跟小雯之间后来怎么样了？"))
