"""Conversations in: chat messages to the buffer tier, then typed memories with their sources.

:class:`ConversationIngest` is the service behind :meth:`HybridMemory.add_messages`; the
deterministic extractor (:mod:`.extract`) decides what is worth keeping, an optional LLM
extractor (:mod:`.llm_extract`) may decide instead and falls back to it on bad output.
"""

from hybridmem.conversation.drafts import Draft
from hybridmem.conversation.extract import Extraction, RuleExtractor, sentences
from hybridmem.conversation.ingest import BUFFER_TYPE, ConversationIngest, Extractor
from hybridmem.conversation.messages import ROLES, ChatMessage, parse_messages
from hybridmem.conversation.report import IngestReport, SkippedMessage, ValueChange, WrittenMemory

__all__ = [
    "BUFFER_TYPE",
    "ROLES",
    "ChatMessage",
    "ConversationIngest",
    "Draft",
    "Extraction",
    "Extractor",
    "IngestReport",
    "RuleExtractor",
    "SkippedMessage",
    "ValueChange",
    "WrittenMemory",
    "parse_messages",
    "sentences",
]
