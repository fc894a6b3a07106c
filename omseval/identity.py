"""A run's identity, defined once: everything that changes its results, and nothing that does not.

The identity names the run's log folder (its key), goes into the log's metadata, and is what the report groups
runs by. A build's identity is the part of it that changes the build (a build is shared by the experiments that
ask questions with its guidance). Neither holds a secret, a server's address, a cache or a concurrency setting.
"""

import ast
import functools
import hashlib
import importlib.metadata
import importlib.util
import json
from pathlib import Path
from typing import Any

from omseval.config import seed_label

VERSION = importlib.metadata.version("omseval")
NAME_KEYS = ("name", "_target_")  # a config section's name and class: named apart from its options


@functools.cache  # the code does not change while a process runs
def code_digest(module: str) -> str:
    """Digest of a module's source and of every omseval module it runs (`code`)."""
    return hashlib.sha256(json.dumps(code(module), sort_keys=True).encode()).hexdigest()[:16]


def code(module: str) -> dict[str, str]:
    """The source of a module and of every omseval module it imports, directly or not, by name (the imports of an
    `if TYPE_CHECKING:` block name types only, and are left out)."""
    sources: dict[str, str] = {}
    todo = [module]
    while todo:
        name = todo.pop()
        if name in sources or not name.startswith("omseval"):
            continue
        parent = importlib.util.find_spec(name.rpartition(".")[0]) if "." in name else None
        if "." in name and (parent is None or parent.submodule_search_locations is None):
            continue  # `from module import name`: the name is no module (and finding it would import the module)
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.origin:
            continue
        sources[name] = Path(spec.origin).read_text(encoding="utf-8")
        tree = ast.parse(sources[name])
        guarded = [b for node in ast.walk(tree) if isinstance(node, ast.If) and _type_checking(node) for b in node.body]
        typing_only = {id(inner) for block in guarded for inner in ast.walk(block)}
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.Import):
                todo += [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                todo += [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
    return sources


def _type_checking(node: ast.If) -> bool:
    return ast.unparse(node.test).rpartition(".")[2] == "TYPE_CHECKING"


def options(section: dict) -> dict:
    """A config section's options: every key but its name and class."""
    return {k: v for k, v in section.items() if k not in NAME_KEYS}


def model_identity(model: dict, endpoint: str | None) -> dict:
    """What a model's replies depend on: its name, the endpoint or file that serves it, and its sampling."""
    return {"name": model["name"], "endpoint": endpoint} | {k: model[k] for k in ("temperature", "max_tokens", "seed")}


def identity(
    config: dict,
    pack_checksum: str,
    endpoint: str | None,
    judge: dict | None,
    uses_store: bool,
    store: str,
) -> dict:
    """A run's identity from its plain config (`omseval.config.plain`): the experiment and approach with their
    options, the corpus, the answering model (`endpoint`: what serves it) and the judge, the store where the
    approach keeps its state in one, the pack's content, the seed, subset, limit and epochs, and the code."""
    return {
        "experiment": config["experiment"]["name"],
        "experiment_options": options(config["experiment"]),
        "approach": config["approach"]["name"],
        "approach_options": options(config["approach"]),
        "corpus": config["corpus"]["name"],
        "corpus_options": options(config["corpus"]),
        "model": model_identity(config["model"], endpoint),
        "judge": judge,
        "store": store if uses_store else None,
        "pack": pack_checksum,
        "seed": config["seed"],
        "limit": config["limit"],
        "rules": config["rules"],
        "epochs": config["epochs"],
        "code": f"{VERSION}:{code_digest('omseval.tasks')}",
    }


def digest(parts: dict, size: int) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:size]


def _named(*names: str, seed: int | None, rules: int | None) -> str:
    subset = f"-rules-{rules}" if rules is not None else ""  # a quick subset: never a full run's folder
    return "-".join(names) + f"-seed-{seed_label(seed)}{subset}"


def run_key(ident: dict) -> str:
    """The run's log folder: readable names, then a digest of the whole identity."""
    names = (ident["experiment"], ident["corpus"], ident["approach"])
    return f"{_named(*names, seed=ident['seed'], rules=ident['rules'])}-{digest(ident, 10)}"


def build_identity(ident: dict, uses_model: bool, prompts: dict, code: str) -> dict:
    """The part of a run's identity that changes its guidance build: the pack, corpus, seed and subset, the
    approach with its options, prompts and code, the model where the approach calls it, and the store where it
    keeps its state (already in the run's identity only then)."""
    return {
        "pack": ident["pack"],
        "corpus": ident["corpus"],
        "corpus_options": ident["corpus_options"],
        "seed": ident["seed"],
        "rules": ident["rules"],
        "approach": ident["approach"],
        "approach_options": ident["approach_options"],
        "prompts": prompts,
        "code": f"{VERSION}:{code}",
        "model": ident["model"] if uses_model else None,
        "store": ident["store"],
    }


def build_key(parts: dict) -> str:
    """A build's folder: readable names, then a digest of the build's identity."""
    names = (parts["corpus"], parts["approach"])
    return f"{_named(*names, seed=parts['seed'], rules=parts['rules'])}-{digest(parts, 12)}"


COLUMNS = (
    "experiment",
    "experiment_options",
    "corpus",
    "approach",
    "options",
    "model",
    "temperature",
    "judge",
    "store",
    "pack",
    "seed",
    "limit",
    "epochs",
    "rules",
    "code",
)  # the report's identity columns, in order


def columns(ident: dict) -> dict[str, Any]:
    """The identity as the report's columns (COLUMNS), each a plain value; options as sorted `key=value` words."""
    model, judge = ident["model"], ident["judge"]
    values = (
        ident["experiment"],
        _words(ident["experiment_options"]),
        ident["corpus"],
        ident["approach"],
        _words(ident["approach_options"]),
        model["name"],
        "default" if model["temperature"] is None else str(model["temperature"]),
        judge["option"] if judge else "none",
        ident["store"] or "-",
        ident["pack"][:12],
        seed_label(ident["seed"]),
        "all" if ident["limit"] is None else str(ident["limit"]),
        int(ident["epochs"]),
        "all" if ident["rules"] is None else str(ident["rules"]),
        ident["code"],
    )
    return dict(zip(COLUMNS, values, strict=True))


def _words(options: dict) -> str:
    return " ".join(f"{k}={json.dumps(v)}" for k, v in sorted(options.items()))
