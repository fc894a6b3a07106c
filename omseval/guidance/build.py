"""Build (or reuse) an approach's guidance from the corpus's correction stream.

The approach is the class `cfg.approach._target_` names; Hydra instantiates it with the file's options.
"""

import sys
import time
from pathlib import Path

from hydra.utils import instantiate
from omegaconf import OmegaConf

from omseval.guidance import artifact
from omseval.guidance.artifact import Guidance
from omseval.guidance.base import Build, Builder
from omseval.guidance.calls import token_totals
from omseval.pack import Message, Pack
from omseval.pack.ordering import correction_sequence
from omseval.targets import target_class


def approach_class(cfg) -> type[Builder]:
    """The approach's builder class, with cfg.approach checked against its options (names and types)."""
    cls, options = target_class("approach", cfg.approach, Builder, "a guidance builder class", skip=1)
    cls.check_options(options)
    return cls


def make_builder(cfg, pack: Pack, workdir: Path, model) -> Builder:
    """A fresh builder of the configured approach, working in `workdir`."""
    approach_class(cfg)
    build = Build(pack, cfg.corpus, workdir, model, cfg.store, cfg.cache)
    return instantiate(cfg.approach, build, _convert_="all")


def correction_stream(pack: Pack, corpus: str, seed: int | None) -> list[Message]:
    """The pack's own sequence (02), or the same deterministic rule applied with another seed."""
    if seed is None:
        return pack.sequence_of(corpus)
    return correction_sequence(pack.rules_of(corpus), corpus, seed)


def key_parts(cfg, pack: Pack, model) -> dict:
    """Everything that changes a build's result: the pack (its templates too), the corpus and seed, the
    approach's options, prompts and code, and the model and store where it uses them (the model's
    endpoint stands for its revision)."""
    approach = approach_class(cfg)
    parts = {
        "pack": pack.checksum,
        "corpus": OmegaConf.to_container(cfg.corpus, enum_to_str=True),
        "seed": cfg.seed,
        "approach": OmegaConf.to_container(cfg.approach),
        "version": artifact.VERSION,
        "code": artifact.code_digest(approach.__module__),
        "prompts": approach.prompts(),
    }
    if approach.uses_model:
        m = cfg.model
        parts["model"] = {
            "name": m.name,
            "base_url": model.api.base_url,
            "max_tokens": m.max_tokens,
            "temperature": m.temperature,
        }
    if approach.uses_store:
        parts["store"] = cfg.store.kind.value
    return parts


async def build_guidance(cfg, pack: Pack, model=None) -> Guidance:
    parts = key_parts(cfg, pack, model)
    key = artifact.artifact_key(parts)
    final, partial = artifact.folders(Path(cfg.log_dir) / "guidance", key)
    if done := artifact.load(final):
        return done
    with artifact.exclusive(final):  # a job needing the same build waits for it, then reuses it
        return artifact.load(final) or await _build(cfg, pack, model, parts, key, final, partial)


async def _build(cfg, pack: Pack, model, parts: dict, key: str, final: Path, partial: Path) -> Guidance:
    partial.mkdir(parents=True, exist_ok=True)
    builder = make_builder(cfg, pack, partial, model)
    try:
        messages = correction_stream(pack, cfg.corpus.name.value, cfg.seed)
        seen = builder.processed()
        progress = Progress(key, len(messages), len(seen))
        for message in messages:
            if message.message_id not in seen:
                progress.update(message.message_id, await builder.process(message))
        documents, log = await builder.publish()
    finally:
        builder.close()
    failures = sum(1 for e in log if e.get("failure"))
    manifest = parts | {
        "key": key,
        "model_label": cfg.model.label if builder.uses_model else None,
        "messages": len(messages),
        "processed": len(log) - failures,
        "failures": failures,
        "tokens": token_totals(partial),
    }
    return artifact.finish(partial, final, documents, log, manifest)


class Progress:
    """A build's progress on stderr: messages done of the total, processing losses and rate, at most one
    line a second (rewritten in place on a terminal); each loss is reported as it happens."""

    def __init__(self, key: str, total: int, done: int):
        self.key, self.total, self.done, self.losses, self.new = key, total, done, 0, 0
        self.start = self.shown = time.monotonic()
        self.terminal = sys.stderr.isatty()

    def update(self, message_id: str, entry: dict) -> None:
        self.done, self.new = self.done + 1, self.new + 1
        if failure := entry.get("failure"):
            self.losses += 1
            self.show(f"processing loss at {message_id}: {failure}", final=True)
        now = time.monotonic()
        if now - self.shown >= 1 or self.done == self.total:
            self.shown = now
            self.show(
                f"guidance {self.key}: {self.done}/{self.total} messages, {self.losses} processing losses, "
                f"{self.new / max(now - self.start, 1e-3):.1f} messages/s",
                final=self.done == self.total,
            )

    def show(self, line: str, final: bool) -> None:
        if self.terminal:
            print(f"\r\033[K{line}", end="\n" if final else "", file=sys.stderr, flush=True)
        else:
            print(line, file=sys.stderr, flush=True)
