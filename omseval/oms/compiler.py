"""OMS's compiler: extract a structured rule, retrieve related statements, reconcile with them.

The model answers OMS's prompts in JSON; a malformed reply gets one repair request, then the
correction is recorded as failed (a processing loss, counted and reported).
"""

import json
import re

from inspect_ai.model import Model

from omseval.models import cache_policy
from omseval.oms.documents import NEW_POSITION, NEW_SECTION
from omseval.oms.prompts import EXTRACT, RECONCILE, REPAIR
from omseval.oms.store import Decision, Statement, Store
from omseval.pack.loader import fill
from omseval.text import STOPWORDS

DECISIONS = ("new", "restates", "supersedes", "stale")
OTHER_SKILLS_K = 2  # statements retrieved from other skill documents


class CompileError(Exception):
    """The model's reply stayed unusable after one repair request."""


def parse_json(reply: str) -> dict:
    text = re.sub(r"^```(?:json)?\s*|\s*```$", "", reply.strip())
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end < start:
        raise ValueError("no JSON object in the reply")
    data = json.loads(text[start:end + 1])
    if not isinstance(data, dict):
        raise ValueError("the reply is not a JSON object")
    return data


def check_rule(data: dict) -> dict:
    if not isinstance(data.get("directive"), str) or not data["directive"].strip():
        raise ValueError('"directive" must be a non-empty string')
    return {"subject": str(data.get("subject") or ""), "directive": data["directive"].strip(),
            "scope": str(data.get("scope") or "")}


def check_decision(candidates: dict[str, Statement]):
    def check(data: dict) -> dict:
        decision, target = data.get("decision"), data.get("target")
        if decision not in DECISIONS:
            raise ValueError(f'"decision" must be one of {", ".join(DECISIONS)}')
        if decision != "new" and target not in candidates:
            raise ValueError(f'"target" must be the id of one of the candidate statements, got {target!r}')
        return {"decision": decision, "target": None if decision == "new" else target,
                "reason": str(data.get("reason") or "")}
    return check


def candidate_list(candidates: list[Statement]) -> str:
    return "\n".join(f'<statement id="{s.id}" status="{s.status}" skill="{s.skill}">{s.text}</statement>'
                     for s in candidates)


class Compiler:
    def __init__(self, model: Model, retrieval: bool, top_k: int, cache: bool):
        self.model, self.retrieval, self.top_k = model, retrieval, top_k
        self.cache = cache_policy(cache)
        self.calls = 0

    async def ask(self, prompt: str, check) -> dict:
        reply = await self.model.generate(prompt, cache=self.cache)
        self.calls += 1
        try:
            return check(parse_json(reply.completion))
        except (ValueError, json.JSONDecodeError) as e:
            problem = str(e)
        reply = await self.model.generate(fill(REPAIR, problem=problem, prompt=prompt), cache=self.cache)
        self.calls += 1
        try:
            return check(parse_json(reply.completion))
        except (ValueError, json.JSONDecodeError) as e:
            raise CompileError(f"unusable reply after one repair request: {e}") from None

    async def compile(self, message_id: str, text: str, skill: str, position: int, store: Store) -> Decision:
        rule = await self.ask(fill(EXTRACT, skill=skill, correction=text), check_rule)
        statement = Statement(id=f"c:{message_id}", skill=skill, text=rule["directive"], origin="correction",
                              block=-position, position=NEW_POSITION + position, prefix="- ", section=NEW_SECTION)
        if not self.retrieval:
            return Decision("new", statement=statement, why="retrieval disabled", extra={"rule": rule})
        query = query_words(" ".join([rule["subject"], rule["directive"], text]))
        found = [s for s in store.search(query, skill, self.top_k, OTHER_SKILLS_K) if s.kind == "text"]
        if not found:
            return Decision("new", statement=statement, why="retrieval found no statement", extra={"rule": rule})
        by_id = {s.id: s for s in found}
        prompt = fill(RECONCILE, skill=skill, correction=text, rule=json.dumps(rule, ensure_ascii=False),
                      candidates=candidate_list(found))
        verdict = await self.ask(prompt, check_decision(by_id))
        extra = {"rule": rule, "candidates": list(by_id)}
        action, target = verdict["decision"], by_id.get(verdict["target"])
        if action == "supersedes" and target.status != "current":
            target = _head(target, store)  # a newer version already replaced it: replace the one in force
        if action == "supersedes":
            statement.skill, statement.block, statement.position = target.skill, target.block, target.position
            statement.prefix, statement.section = target.prefix, target.section
            return Decision("supersedes", target.id, statement, verdict["reason"], extra)
        if action == "new":
            return Decision("new", None, statement, verdict["reason"], extra)
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
