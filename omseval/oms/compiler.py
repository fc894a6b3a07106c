"""OMS's compiler: extract a structured rule, retrieve related statements, reconcile with them.

The model answers OMS's prompts in JSON, constrained by a response schema where the provider
supports one; a malformed reply gets one repair request, then the correction is recorded as failed
(a processing loss, counted and reported). The model sees candidate statements under ids local to
the prompt (s1, s2, ...), never the ids the store keeps.
"""

import json
import re

from omseval.builders.calls import Calls
from omseval.oms import prompts
from omseval.oms.documents import NEW_POSITION, NEW_SECTION
from omseval.oms.store import Decision, Statement, Store
from omseval.pack_schema.loader import fill
from omseval.text import STOPWORDS


def parse_json(reply: str) -> dict:
    text = re.sub(r"^```(?:json)?\s*|\s*```$", "", reply.strip())
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end < start:
        raise ValueError("no JSON object in the reply")
    data = json.loads(text[start : end + 1])
    if not isinstance(data, dict):
        raise ValueError("the reply is not a JSON object")
    return data


def check_rule(data: dict) -> dict:
    if not isinstance(data.get("directive"), str) or not data["directive"].strip():
        raise ValueError('"directive" must be a non-empty string')
    return {
        "subject": str(data.get("subject") or ""),
        "directive": data["directive"].strip(),
        "scope": str(data.get("scope") or ""),
    }


def check_decision(shown: dict[str, Statement], history: bool = True):
    """A reconcile reply's check: the prompt's decision names mapped to OMS's, the target one of `shown`."""
    offered = prompts.decisions(history)

    def check(data: dict) -> dict:
        decision, target = data.get("decision"), data.get("target")
        if decision not in offered:
            raise ValueError(f'"decision" must be one of {", ".join(offered)}')
        if decision != "new" and target not in shown:
            raise ValueError(f'"target" must be the id of one of the candidate statements, got {target!r}')
        return {
            "decision": offered[decision],
            "target": None if decision == "new" else target,
            "reason": str(data.get("reason") or ""),
        }

    return check


def json_reply(check):
    """A reply parser: the JSON object in the model's reply, checked."""
    return lambda output: check(parse_json(output.completion))


def candidate_list(shown: dict[str, Statement]) -> str:
    return "\n".join(
        f'<statement id="{i}" status="{s.status}" skill="{s.skill}">{s.text}</statement>' for i, s in shown.items()
    )


class Compiler:
    """Retrieval reads only the correction's own skill document (its history too, unless `history` is off), so
    a correction changes only that document."""

    def __init__(self, calls: Calls, retrieval: bool, top_k: int, history: bool = True):
        self.calls, self.retrieval, self.top_k, self.history = calls, retrieval, top_k, history

    async def extract(self, message_id: str, text: str, skill: str) -> dict:
        """The structured rule of a correction: reads nothing of the guidance, so it can run ahead."""
        return await self.calls.ask(
            message_id,
            "extract",
            fill(prompts.EXTRACT, skill=skill, correction=text),
            json_reply(check_rule),
            prompts.REPAIR,
            prompts.EXTRACT_SCHEMA,
        )

    async def compile(
        self, message_id: str, text: str, skill: str, position: int, store: Store, rule: dict | None = None
    ) -> Decision:
        """The decision for a correction (`rule`: its extracted rule, when extracted ahead)."""
        if rule is None:
            rule = await self.extract(message_id, text, skill)
        statement = Statement(
            id=f"c:{message_id}",
            skill=skill,
            text=rule["directive"],
            origin="correction",
            block=-position,
            position=NEW_POSITION + position,
            prefix="- ",
            section=NEW_SECTION,
        )
        if not self.retrieval:
            return Decision("new", statement=statement, why="retrieval disabled", extra={"rule": rule})
        query = query_words(" ".join([rule["subject"], rule["directive"], text]))
        found = [s for s in store.search(query, skill, self.top_k, self.history) if s.kind == "text"]
        if not found:
            return Decision("new", statement=statement, why="retrieval found no statement", extra={"rule": rule})
        shown = {f"s{n}": s for n, s in enumerate(found, 1)}
        prompt = fill(
            prompts.RECONCILE if self.history else prompts.RECONCILE_CURRENT,
            skill=skill,
            correction=text,
            rule=json.dumps(rule, ensure_ascii=False),
            candidates=candidate_list(shown),
        )
        verdict = await self.calls.ask(
            message_id,
            "reconcile",
            prompt,
            json_reply(check_decision(shown, self.history)),
            prompts.REPAIR,
            prompts.reconcile_schema(list(shown), self.history),
        )
        extra = {"rule": rule, "candidates": [s.id for s in found]}
        action = verdict["decision"]
        if action == "new":
            return Decision("new", None, statement, verdict["reason"], extra)
        target = shown[verdict["target"]]  # check_decision: one of the candidates shown
        if action == "supersedes" and target.status != "current":
            target = _head(target, store)  # a newer version already replaced it: replace the one in force
        if action == "supersedes":
            statement.skill, statement.block, statement.position = target.skill, target.block, target.position
            statement.prefix, statement.section = target.prefix, target.section
            return Decision("supersedes", target.id, statement, verdict["reason"], extra)
        return Decision(action, target.id, None, verdict["reason"], extra)


def query_words(text: str) -> list[str]:
    """Words for full-text retrieval (the stores stem them)."""
    return sorted({w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in STOPWORDS and len(w) > 1})


def _head(statement: Statement, store: Store) -> Statement:
    """The statement currently in force in `statement`'s chain of supersessions."""
    by_id = {s.id: s for s in store.statements(statement.skill)}
    while statement.superseded_by and statement.superseded_by in by_id:
        statement = by_id[statement.superseded_by]
    return statement
