"""The offline heuristic: deterministic lexical text operations, not a language model.

It lets every experiment run with no API key and no network, and keeps tests deterministic.
Its numbers describe this heuristic, never a model's ability.
"""

import json
import math
import re
from collections import Counter

STOPWORDS = frozenset(
    """a an and are as at be been but by can could do does for from had has have how i if in into is it its
    me my no not of on or our should so that the their them then there these they this to up us was we were
    what when where which who why will with would you your all any each every than too very just also
    about after before over under more most other some such only own same please new now""".split()
)
GENERIC_ANSWER = (
    "I don't have any team-specific guidance for this, so I would follow common practice "
    "and adapt it to the situation."
)
_TAG = r"(?m)^\s*<{0}>(.*?)</{0}>"


def tagged(prompt: str, tag: str) -> str | None:
    """Text inside <tag>...</tag> (the opening tag at the start of a line) in the prompt, or None."""
    m = re.search(_TAG.format(tag), prompt, re.S)
    return m.group(1).strip() if m else None


def stem(word: str) -> str:
    for suffix in ("ies", "es", "s", "ing", "ed", "ly"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)] + ("y" if suffix == "ies" else "")
            break
    return {"ax": "axis", "axe": "axis"}.get(word, word)


def terms(text: str) -> list[str]:
    return [stem(w) for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in STOPWORDS]


def passages(guidance: str) -> list[tuple[str, str]]:
    """Split guidance into (passage, its section heading) — bullets, lines and sentences."""
    out, heading = [], ""
    for line in guidance.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
            continue
        line = re.sub(r"^([-*+]|\d+[.)])\s+", "", line)
        out += [(s, heading) for s in re.split(r"(?<=[.!?])\s+(?=[A-Z\"'(`])", line) if s.strip()]
    return out


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
    for i, ((p, _), (body, head)) in enumerate(zip(items, docs)):
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


def respond(prompt: str) -> str:
    """Dispatch on the prompt's XML-tagged slots."""
    from omseval import heuristic_files as files, heuristic_rules as rules  # they build on this module

    if (listed := tagged(prompt, "files")) is not None:
        return files.select(listed, tagged(prompt, "correction") or "")
    if (document := tagged(prompt, "document")) is not None:
        return files.edit(document, tagged(prompt, "correction") or "")
    operation = tagged(prompt, "operation")
    if operation == "extract":
        return json.dumps(rules.extract(tagged(prompt, "correction") or "", tagged(prompt, "skill") or ""))
    if operation == "reconcile":
        candidates = [{"id": i, "status": st, "skill": sk, "text": t} for i, st, sk, t in re.findall(
            r'<statement id="([^"]*)" status="([^"]*)" skill="([^"]*)">(.*?)</statement>', prompt, re.S)]
        return json.dumps(rules.reconcile(tagged(prompt, "correction") or "", tagged(prompt, "skill") or "", candidates))
    guidance, task = tagged(prompt, "guidance") or "", tagged(prompt, "task")
    if task is None:
        return GENERIC_ANSWER
    correction = tagged(prompt, "correction")
    if correction is not None:
        return retry_answer(guidance, task, correction)
    return answer(guidance, task)
