"""The benchmark pack: seven CSV files, the starting skill documents and a checksum list."""

from omseval.pack_schema.loader import FILES, HandoffCase, Pack, Question, Rule, SkillDocument, load_pack
from omseval.pack_schema.ordering import Message

__all__ = ["FILES", "HandoffCase", "Message", "Pack", "Question", "Rule", "SkillDocument", "load_pack"]
