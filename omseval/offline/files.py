"""The offline model's file-editing roles: choose the file a correction belongs in, and edit it.

Lexical and deterministic, with no history: an edit sees only the document and the correction.
"""

import math
import re
from collections import Counter

from omseval.offline.rules import directive, units
from omseval.text import content_terms, passages, values

HEADING = "## Team corrections"
_FILE = re.compile(r"^\s*[-*]\s*(\S+\.md)\s*:\s*(.*?)(?:\s+—\s+(.*))?$", re.M)  # - name.md: title — description
MIN_SIMILARITY = 2.5  # shared words (plus unit bonus) for a sentence to count as the one a correction replaces


def select(files: str, correction: str) -> str:
    """The listed file whose name and title, and description, share the most idf-weighted words with the correction."""
    listed = [
        (name, (_words(name.removesuffix(".md").replace("-", " ") + " " + title), _words(about)))
        for name, title, about in _FILE.findall(files)
    ]
    if not listed:
        return ""
    df = Counter(w for _, (head, about) in listed for w in head | about)
    wanted = _words(correction)

    def score(item) -> float:
        return math.fsum(math.log(1 + len(listed) / df[w]) for words in item[1] for w in wanted & words)  # any order

    return max(listed, key=score)[0]


def _words(text: str) -> set[str]:
    """Content words, with a final "e" dropped so that stems agree ("footnote", "footnotes" -> "footnot")."""
    return {w.removesuffix("e") for w in content_terms(text)}


def edit(document: str, correction: str) -> str:
    """Replace the statement most like the correction with its directive, else add it under HEADING."""
    new = directive(correction)
    if new in document:
        return document
    title = next((line for line in document.splitlines() if line.startswith("# ")), "")
    ignore = content_terms(title)
    wanted, wanted_units, wanted_values = content_terms(correction, ignore), units(correction), values(correction)
    scored = []
    for i, (text, heading) in enumerate(passages(document)):
        body = content_terms(text, ignore)
        sim = len(wanted & body) + 0.5 * len(wanted & (content_terms(heading, ignore) - body))
        sim += 1.5 if wanted_units & units(text) else 0.0
        if wanted & body and sim >= MIN_SIMILARITY:
            scored.append((sim / math.sqrt(len(body)), -i, text, values(text)))  # the more specific statement wins
    if wanted_values:
        if any(wanted_values <= found for *_, found in scored):
            return document  # the file already says it: keep one statement
        scored = [s for s in scored if s[3] - wanted_values]
    if scored:
        return document.replace(max(scored)[2], new, 1)
    kept = document.rstrip("\n")
    if HEADING not in kept:
        kept = (kept + "\n\n" if kept else "") + HEADING
    return f"{kept}\n- {new}\n"
