"""Build (or reuse) an approach's guidance from the corpus's correction stream.

The approach is the class `cfg.approach._target_` names; Hydra instantiates it with the file's options.
"""

import asyncio
import time
from pathlib import Path

from hydra.utils import instantiate
from omegaconf import OmegaConf
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
from rich.progress import Progress as Bar

from omseval.guidance import artifact, journal
from omseval.guidance.artifact import Guidance
from omseval.guidance.base import JOURNAL, Build, Builder
from omseval.guidance.calls import in_stream_order, token_totals
from omseval.pack_schema import Message, Pack
from omseval.pack_schema.ordering import correction_sequence
from omseval.targets import target_class


def approach_class(cfg) -> type[Builder]:
    """The approach's builder class, with cfg.approach checked against its options (names and types)."""
    cls, options = target_class("approach", cfg.approach, Builder, "a guidance builder class", skip=1)
    cls.check_options(options)
    return cls


def max_connections(model) -> int:
    """The model calls a build makes at once: the model's max_connections (its config, else its provider's)."""
    return model.config.max_connections or model.api.max_connections() if model is not None else 1


def make_builder(cfg, pack: Pack, workdir: Path, model, connections: asyncio.Semaphore | None = None) -> Builder:
    """A fresh builder of the configured approach, working in `workdir`; `connections` bounds its model calls
    at once (shared by builders working side by side), by default to the model's max_connections."""
    approach_class(cfg)
    connections = connections or asyncio.Semaphore(max_connections(model))
    build = Build(pack, cfg.corpus, workdir, model, cfg.store, cfg.cache, connections)
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
        "rules": cfg.rules,  # a quick subset (rules=N) is its own build
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
        position = {m.message_id: m.position for m in messages}
        seen = builder.processed()
        in_stream_order(partial, {m: position[m] for m in seen})  # drops calls of a message the dead build left
        with Progress(key, len(messages), len(seen)) as progress:
            await process_stream(builder, [m for m in messages if m.message_id not in seen], progress)
        in_stream_order(partial, position)
        journal_in_stream_order(partial / JOURNAL, position)
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


async def process_stream(builder: Builder, messages: list[Message], progress: "Progress") -> None:
    """Process `messages` (in stream order): each message's `prepare` runs ahead, concurrently; the messages
    of one chain are processed in stream order, different chains concurrently. The builder's connections
    bound the model calls at once. An error that is not a processing loss stops every task and is raised."""
    ahead = [asyncio.ensure_future(builder.prepare(m)) for m in messages]
    last: dict[str, asyncio.Future] = {}  # chain -> its latest message's processing
    processing = []

    async def after(previous: asyncio.Future | None, message: Message, prepared) -> None:
        if previous is not None:
            await previous
        progress.update(message.message_id, await builder.process(message, prepared))

    try:
        for message, prepared in zip(messages, ahead, strict=True):
            chain = builder.chain(message, await prepared)  # a message's chain is known once it is prepared
            last[chain] = asyncio.ensure_future(after(last.get(chain), message, prepared.result()))
            processing.append(last[chain])
        await asyncio.gather(*processing)
    finally:
        for task in (*ahead, *processing):
            task.cancel()
        await asyncio.gather(*ahead, *processing, return_exceptions=True)


def journal_in_stream_order(path: Path, position: dict[str, int]) -> None:
    """A build's journal (one line per message, written as each finished) in stream order: a text-file
    builder's lines hold the message under "entry", Graphiti's are the entry itself."""
    if path.exists():
        lines = journal.read(path)
        journal.rewrite(path, sorted(lines, key=lambda line: position[line.get("entry", line)["message_id"]]))


class Progress:
    """A build's progress on stderr through rich: messages done of the total, processing losses and rate, as
    a live bar on a terminal, or a line at most every 5 s elsewhere; each loss is reported as it happens."""

    def __init__(self, key: str, total: int, done: int):
        self.key, self.total, self.done, self.losses, self.new = key, total, done, 0, 0
        self.start = self.shown = time.monotonic()
        self.console = Console(stderr=True, soft_wrap=True)  # a line is never broken
        self.bar = Bar(  # fits 80 columns; the build's key is printed once above it
            TextColumn("guidance"),
            BarColumn(bar_width=20),
            MofNCompleteColumn(),
            TextColumn("messages, {task.fields[losses]} losses, {task.fields[rate]:.3g}/s"),
            TimeElapsedColumn(),
            console=self.console,
            disable=not self.console.is_terminal,
        )
        self.task = self.bar.add_task("build", total=total, completed=done, losses=0, rate=0.0)

    def __enter__(self) -> "Progress":
        if self.console.is_terminal:
            self.console.print(f"guidance {self.key}: {self.total} messages", markup=False, highlight=False)
        self.bar.start()
        return self

    def __exit__(self, *_) -> None:
        self.bar.stop()

    def update(self, message_id: str, entry: dict) -> None:
        self.done, self.new = self.done + 1, self.new + 1
        if failure := entry.get("failure"):
            self.losses += 1
            self.console.print(f"processing loss at {message_id}: {failure}", markup=False, highlight=False)
        now = time.monotonic()
        rate = self.new / max(now - self.start, 1e-3)
        self.bar.update(self.task, completed=self.done, losses=self.losses, rate=rate)
        if not self.console.is_terminal and (now - self.shown >= 5 or self.done == self.total):
            self.shown = now
            line = f"guidance {self.key}: {self.done}/{self.total} messages, {self.losses} processing losses, "
            self.console.print(line + f"{rate:.3g} messages/s", markup=False, highlight=False)
