"""OMS's own prompts (XML-tagged) and the JSON schemas of their replies: kept as data, apart from the code.

Statements are shown to the model under ids local to the prompt (s1, s2, ...); the decision names
are the prompt's own words, mapped to OMS's decisions by the compiler.
"""

from inspect_ai.model import ResponseSchema
from inspect_ai.util import JSONSchema

from omseval.builders.calls import reply_schema, string

EXTRACT = """You are the compiler of a team's guidance system for AI agents. A team member sent the correction \
below about the skill document named in <skill>. Extract the rule it states.

<skill>{skill}</skill>
<correction>
{correction}
</correction>

Reply with one JSON object and nothing else:
{"subject": "<what the rule is about, a few words>", "directive": "<the rule as one self-contained \
instruction, keeping every value, name and format exactly>", "scope": "<where it applies>"}"""

RECONCILE = """You are the compiler of a team's guidance system for AI agents. A new rule arrived for the \
skill document named in <skill>. Decide how it relates to the existing statements retrieved from the guidance.

<skill>{skill}</skill>
<correction>
{correction}
</correction>
<rule>
{rule}
</rule>
<candidates>
{candidates}
</candidates>

Decisions:
- "restates": it says the same as a current statement (target: that statement).
- "supersedes": it changes what a current statement says (target: that statement).
- "outdated": it repeats an older version that a newer statement has already superseded \
(target: the superseded statement); the newer rule stays in force.
- "new": no statement covers it (target: null).

Reply with one JSON object and nothing else:
{"decision": "<restates|supersedes|outdated|new>", "target": "<statement id, or null>", "reason": "<one sentence>"}"""

# history=false: the same prompt without the supersession history (only current statements are retrieved)
# and without the "outdated" decision, so their effect on OMS is measured.
OUTDATED = (
    '- "outdated": it repeats an older version that a newer statement has already superseded '
    "(target: the superseded statement); the newer rule stays in force.\n"
)
assert OUTDATED in RECONCILE
RECONCILE_CURRENT = RECONCILE.replace(OUTDATED, "").replace(
    "<restates|supersedes|outdated|new>", "<restates|supersedes|new>"
)

REPAIR = """Your reply could not be used: {problem}

Reply again with the JSON object only, as asked:

{prompt}"""

DECISIONS = {"new": "new", "restates": "restates", "supersedes": "supersedes", "outdated": "stale"}  # prompt -> OMS


EXTRACT_SCHEMA = reply_schema("extract", subject=string(), directive=string(), scope=string())


def decisions(history: bool) -> dict[str, str]:
    """The decisions the reconcile prompt offers (prompt -> OMS): without history, no "outdated"."""
    return DECISIONS if history else {k: v for k, v in DECISIONS.items() if k != "outdated"}


def reconcile_schema(ids: list[str], history: bool = True) -> ResponseSchema:
    """The reconcile reply, its target one of this prompt's statement ids (or null)."""
    target = JSONSchema(anyOf=[string(enum=ids), JSONSchema(type="null")])
    return reply_schema("reconcile", decision=string(enum=list(decisions(history))), target=target, reason=string())
