"""Graphiti's embedder and cross-encoder with no network.

`HashedStems` is NOT a neural embedder: a text's word stems, each hashed to a signed slot of a fixed-size
vector, L2-normalised, so that texts sharing words have a positive cosine. It is deterministic and needs
nothing installed. `LocalEmbedder` embeds with a GGUF embedding model through llama.cpp (the `local` extra).
The cross-encoder ranks passages by the embedder's cosine with the query.
"""

from collections.abc import Iterable
from typing import Any

from graphiti_core.cross_encoder.client import CrossEncoderClient
from graphiti_core.embedder.client import EmbedderClient

from omseval.errors import UserError
from omseval.graphiti.llm import Unservable
from omseval.peers.embedding import LABEL, hashed_stems, unit


def _text(input_data: Any) -> str:
    """The one text Graphiti asks to embed (a string, or a list holding one); token ids are not served."""
    if isinstance(input_data, str):
        return input_data
    items = list(input_data)
    if len(items) == 1 and isinstance(items[0], str):
        return items[0]
    raise Unservable("Graphiti asked to embed token ids or several texts at once; this embedder takes one text")


class HashedStems(EmbedderClient):
    """Not a neural embedder: hashed word stems (see the module)."""

    label = LABEL

    def __init__(self, dimensions: int = 256):
        self.dimensions = dimensions

    def vector(self, text: str) -> list[float]:
        return hashed_stems(text, self.dimensions)

    async def create(self, input_data: str | list[str] | Iterable[int] | Iterable[Iterable[int]]) -> list[float]:
        return self.vector(_text(input_data))

    async def create_batch(self, input_data_list: list[str]) -> list[list[float]]:
        return [self.vector(t) for t in input_data_list]


class LocalEmbedder(EmbedderClient):
    """A GGUF embedding model run in-process by llama.cpp (`pip install -e ".[local]"`)."""

    def __init__(self, path: str):
        try:
            from llama_cpp import Llama
        except ImportError:
            raise UserError('approach.embedding_model needs llama.cpp: pip install -e ".[local]"') from None
        try:
            self.llama = Llama(model_path=path, embedding=True, verbose=False)
        except (ValueError, OSError) as e:
            raise UserError(f"approach.embedding_model={path}: not a loadable GGUF embedding model ({e})") from None
        self.label = f"{path} (llama.cpp)"

    def vector(self, text: str) -> list[float]:
        out: list = self.llama.embed(text)
        if out and isinstance(out[0], list):  # a model without pooling gives one vector per token: their mean
            out = [sum(column) / len(out) for column in zip(*out, strict=True)]
        return unit([float(x) for x in out])

    async def create(self, input_data: str | list[str] | Iterable[int] | Iterable[Iterable[int]]) -> list[float]:
        return self.vector(_text(input_data))

    async def create_batch(self, input_data_list: list[str]) -> list[list[float]]:
        return [self.vector(t) for t in input_data_list]


class CosineRanker(CrossEncoderClient):
    """Graphiti's reranker: passages by the embedder's cosine with the query, best first (ties in given order)."""

    def __init__(self, embedder: HashedStems | LocalEmbedder):
        self.embedder = embedder

    async def rank(self, query: str, passages: list[str]) -> list[tuple[str, float]]:
        q = self.embedder.vector(query)
        scored = [(p, sum(a * b for a, b in zip(q, self.embedder.vector(p), strict=True))) for p in passages]
        return sorted(scored, key=lambda x: -x[1])
