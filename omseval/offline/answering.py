"""The offline model's answering role, and the dispatch of a prompt to its roles by XML-tagged slots.

Answers rank guidance passages against the task; not a language model.
"""

import json
import math
import re
from collections import Counter

from omseval.offline import files, graphiti, judging, rules
from omseval.pack_schema.lint import GENERIC_ANSWER
from omseval.text import passages, terms

_TAG = r"(?m)^\s*<{0}>(.*?)</{0}>"


def tagged(prompt: str, tag: str) -> str | None:
    """Text inside <tag>...</tag> (the opening tag at the start of a line) in the prompt, or None."""
    m = re.search(_TAG.format(tag), prompt, re.S)
    return m.group(1).strip() if m else None


def rank(guidance: str, query: str) -> list[tuple[float, int, str]]:
    """Passages sharing a word with the query, scored by idf-weighted overlap (heading words count half)."""
    items = passages(guidance)
    if not items:
        return []
    docs = [(Counter(terms(p)), set(terms(h))) for p, h in items]
    df = Counter(t for body, head in docs for t in set(body) | head)
    idf = {t: math.log(1 + len(docs) / n) for t, n in df.items()}
    wanted = set(terms(query))
    scored = []
    for i, ((p, _), (body, head)) in enumerate(zip(items, docs, strict=True)):
        if shared := wanted & set(body):
            s = sum(idf[t] for t in shared) + 0.5 * sum(idf[t] for t in wanted & (head - set(body)))
            scored.append((s, i, p))
    return sorted(scored, key=lambda x: (-x[0], x[1]))


def answer(guidance: str, task: str, top: int = 3) -> str:
    """Answer `task` with the guidance passages most relevant to it, in guidance order."""
    best = sorted(rank(guidance, task)[:top], key=lambda x: x[1])
    if not best:
        return GENERIC_ANSWER
    return "Following the team's guidance:\n" + "\n".join(f"- {p}" for _, _, p in best)


def retry_answer(guidance: str, task: str, correction: str) -> str:
    """A second attempt: the corrective message first, then the relevant guidance."""
    return f"Understood. {correction}\n\n" + answer(guidance, task)


def respond(prompt: str, schema: str | None = None) -> str:
    """Dispatch on the name of the reply's schema (structured output), else on the prompt's XML-tagged slots."""
    if schema is not None and schema[:1].isupper():  # Graphiti's response models (CamelCase); an unknown one fails
        return graphiti.respond(prompt, schema)
    if schema == "file_selection":
        return json.dumps({"file": files.select(tagged(prompt, "files") or "", tagged(prompt, "correction") or "")})
    if schema == "extract":
        return json.dumps(rules.extract(tagged(prompt, "correction") or "", tagged(prompt, "skill") or ""))
    if schema == "judge":
        return json.dumps(judging.judge(tagged(prompt, "intended_rule") or "", tagged(prompt, "answer") or ""))
    if schema == "reconcile":
        candidates = [
            {"id": i, "status": st, "skill": sk, "text": t}
            for i, st, sk, t in re.findall(
                r'<statement id="([^"]*)" status="([^"]*)" skill="([^"]*)">(.*?)</statement>', prompt, re.S
            )
        ]
        outdated = '- "outdated":' in prompt  # the decisions the prompt offers
        return json.dumps(
            rules.reconcile(tagged(prompt, "correction") or "", tagged(prompt, "skill") or "", candidates, outdated)
        )
    if (document := tagged(prompt, "document")) is not None:
        return files.edit(document, tagged(prompt, "correction") or "")
    guidance, task = tagged(prompt, "guidance") or "", tagged(prompt, "task")
    if task is None:
        return GENERIC_ANSWER
    correction = tagged(prompt, "correction")
    if correction is not None:
        return retry_answer(guidance, task, correction)
    return answer(guidance, task)
