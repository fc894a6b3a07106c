"""Hashed word stems: NOT a neural embedder.

A text's word stems, each hashed to a signed slot of a fixed-size vector, L2-normalised, so that texts sharing
words have a positive cosine. Deterministic, with nothing to install and no network; the peers that need an
embedder (Mem0; Graphiti unless given a GGUF model) use it.
"""

import hashlib
import math

from omseval.text import terms

LABEL = "hashed word stems (not a neural embedder)"


def unit(vector: list[float]) -> list[float]:
    norm = math.sqrt(sum(x * x for x in vector)) or 1.0
    return [x / norm for x in vector]


def hashed_stems(text: str, dimensions: int) -> list[float]:
    """The text's vector of `dimensions` slots."""
    v = [0.0] * dimensions
    for word in terms(text) or [text.strip().lower()]:  # a text of stop words only still gets a direction
        h = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=8).digest(), "big")
        v[h % dimensions] += 1.0 if (h >> 32) & 1 else -1.0
    return unit(v)
