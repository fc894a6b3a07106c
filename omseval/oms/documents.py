"""Skill documents <-> statements: a document is loaded as statements (sentences of its paragraphs and
bullets, and its headings) so a correction can supersede one convention; publication renders them back."""

import re

from omseval.oms.store import Statement
from omseval.text import sentences

NEW_SECTION = "Team corrections"
NEW_POSITION = 1_000_000.0
_BULLET = re.compile(r"^(\s*(?:[-*+]|\d+[.)])\s+)(.*)$")


def _blocks(text: str):
    """(kind, prefix, body) per heading, bullet, paragraph or fenced code block."""
    lines, i, para = text.splitlines(), 0, list[str]()

    def flush():
        if para:
            yield ("text", "", " ".join(x.strip() for x in para))
            para.clear()

    while i < len(lines):
        line = lines[i]
        if line.strip().startswith("```"):
            yield from flush()
            j = i + 1
            while j < len(lines) and not lines[j].strip().startswith("```"):
                j += 1
            yield ("code", "", "\n".join(lines[i : j + 1]))
            i = j + 1
            continue
        if not line.strip():
            yield from flush()
        elif m := re.match(r"^(#+\s+)(.*)$", line):
            yield from flush()
            yield ("heading", m.group(1), m.group(2).strip())
        elif m := _BULLET.match(line):
            yield from flush()
            yield ("bullet", m.group(1), m.group(2).strip())
        else:
            para.append(line)
        i += 1
    yield from flush()


def to_statements(skill: str, text: str) -> list[Statement]:
    out, section, n = [], "", 0
    for block, (kind, prefix, body) in enumerate(_blocks(text)):
        if kind == "heading":
            section = body
        parts = [body] if kind in ("heading", "code") else sentences(body)
        for part in parts:
            n += 1
            out.append(
                Statement(
                    id=f"{skill}#{n}",
                    skill=skill,
                    text=part.strip(),
                    kind="heading" if kind == "heading" else "text",
                    block=block,
                    position=float(n),
                    prefix=prefix,
                    section=section,
                )
            )
    return out


def render(statements: list[Statement]) -> str:
    """Current statements in document order: superseding ones sit where the statements they replaced were."""
    live = sorted((s for s in statements if s.status == "current"), key=lambda s: (s.position, s.id))
    blocks: list[list] = []  # [block id, prefix, texts]
    for s in live:
        if s.position >= NEW_POSITION and all(b[0] != "new" for b in blocks):
            blocks.append(["new", "## ", [NEW_SECTION]])
        if blocks and blocks[-1][0] == s.block:
            blocks[-1][2].append(s.text)
        else:
            blocks.append([s.block, s.prefix, [s.text]])
    out = ""
    for i, (_, prefix, texts) in enumerate(blocks):
        bullet = bool(_BULLET.match(prefix + "x"))
        out += "\n" if bullet and i and _BULLET.match(blocks[i - 1][1] + "x") else "\n\n" if i else ""
        out += prefix + " ".join(texts)
    return out + "\n"
