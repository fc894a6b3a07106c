"""The benchmark pack: seven CSV files, the starting skill documents and a checksum list."""

from omseval.pack_schema.loader import (
    CORPORA,
    FILES,
    SHARED_SKILL,
    HandoffCase,
    Pack,
    Question,
    Rule,
    SkillDocument,
    load_pack,
)
from omseval.pack_schema.ordering import Message

__all__ = [
    "CORPORA",
    "FILES",
    "SHARED_SKILL",
    "HandoffCase",
    "Message",
    "Pack",
    "Question",
    "Rule",
    "SkillDocument",
    "load_pack",
]
