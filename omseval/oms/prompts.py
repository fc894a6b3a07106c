"""OMS's own prompts (XML-tagged, asking for JSON): kept as data, apart from the code that calls them."""

EXTRACT = """You are the compiler of a team's guidance system for AI agents. A team member sent the correction below about the skill document named in <skill>. Extract the rule it states.

<operation>extract</operation>
<skill>{skill}</skill>
<correction>
{correction}
</correction>

Reply with one JSON object and nothing else:
{"subject": "<what the rule is about, a few words>", "directive": "<the rule as one self-contained instruction, keeping every value, name and format exactly>", "scope": "<where it applies>"}"""

RECONCILE = """You are the compiler of a team's guidance system for AI agents. A new rule arrived for the skill document named in <skill>. Decide how it relates to the existing statements retrieved from the guidance.

<operation>reconcile</operation>
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
- "stale": it repeats an older version that a newer statement has already superseded (target: the superseded statement); the newer rule stays in force.
- "new": no statement covers it (target: null).

Reply with one JSON object and nothing else:
{"decision": "<restates|supersedes|stale|new>", "target": "<statement id, or null>", "reason": "<one sentence>"}"""

REPAIR = """Your reply could not be used: {problem}

Reply again with the JSON object only, as asked:

{prompt}"""
