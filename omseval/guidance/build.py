"""Build (or reuse) an approach's guidance from the corpus's correction stream: the registry of builders."""

from pathlib import Path

from omegaconf import OmegaConf

from omseval.guidance import artifact
from omseval.guidance.artifact import Guidance
from omseval.guidance.file_edit import FileEdit
from omseval.guidance.simple import NoGuidance, Verbatim
from omseval.oms.service import OMS
from omseval.pack import Message, Pack
from omseval.pack.ordering import correction_sequence

BUILDERS = {"verbatim": Verbatim, "none": NoGuidance, "oms": OMS, "oms_no_retrieval": OMS,
            "file_edit": FileEdit, "file_edit_hinted": FileEdit}


def correction_stream(pack: Pack, corpus: str, seed: int | None) -> list[Message]:
    """The pack's own sequence (02), or the same deterministic rule applied with another seed."""
    if seed is None:
        return pack.sequence_of(corpus)
    return correction_sequence(pack.rules_of(corpus), corpus, seed)


def key_parts(cfg, pack: Pack, model) -> dict:
    """Everything that changes a build's result (the model's endpoint stands for its revision)."""
    approach = OmegaConf.to_container(cfg.approach, enum_to_str=True)
    parts = {"pack": pack.checksum, "corpus": cfg.corpus.name.value, "seed": cfg.seed, "approach": approach}
    if cfg.approach.uses_model:
        m = cfg.model
        parts["model"] = {"name": m.name, "base_url": model.api.base_url, "max_tokens": m.max_tokens,
                          "temperature": m.temperature}
    if cfg.approach.uses_store:
        parts["store"] = cfg.store.kind.value
    return parts


async def build_guidance(cfg, pack: Pack, model=None) -> Guidance:
    name = cfg.approach.name.value
    parts = key_parts(cfg, pack, model)
    key = artifact.artifact_key(parts)
    root = Path(cfg.log_dir) / "guidance"
    if done := artifact.load(root / key):
        return done
    with artifact.exclusive(root / key):  # a job needing the same build waits for it, then reuses it
        return artifact.load(root / key) or await _build(cfg, pack, model, name, parts, key, root)


async def _build(cfg, pack: Pack, model, name: str, parts: dict, key: str, root: Path) -> Guidance:
    partial = root / f"{key}.partial"
    partial.mkdir(parents=True, exist_ok=True)
    corpus = cfg.corpus.name.value
    builder = BUILDERS[name](pack, corpus, partial, cfg, model)
    try:
        messages = correction_stream(pack, corpus, cfg.seed)
        seen = builder.processed()
        for message in messages:
            if message.message_id not in seen:
                await builder.process(message)
        documents, log = await builder.publish()
    finally:
        builder.close()
    failures = sum(1 for e in log if e.get("failure"))
    manifest = parts | {
        "key": key,
        "model_label": cfg.model.label if cfg.approach.uses_model else None,
        "messages": len(messages),
        "processed": len(log) - failures,
        "failures": failures,
    }
    return artifact.finish(partial, root / key, documents, log, manifest)
