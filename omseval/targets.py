"""A config group's class, named by `_target_` (approaches, experiments): found, and its options checked
against its constructor (names and types) and by the class itself, before any work."""

import importlib
import inspect
from dataclasses import make_dataclass
from typing import Any, TypeVar

from omegaconf import MISSING, DictConfig, OmegaConf
from omegaconf.errors import OmegaConfBaseException

from omseval.errors import UserError

T = TypeVar("T")


def target_class(
    group: str, node: DictConfig, base: type[T], what: str, skip: int = 0
) -> tuple[type[T], dict[str, Any]]:
    """(the class, its options): `node._target_` must name a subclass of `base` (`what` names it in the
    refusal); the other keys must be the constructor's parameters after the first `skip`, of their types."""
    options = OmegaConf.to_container(node, resolve=True)
    if not isinstance(options, dict):
        raise UserError(f"{group}: expected {what} named by _target_ and its options, got {options!r}")
    target = str(options.pop("_target_", ""))
    module, _, name = target.rpartition(".")
    try:
        cls = getattr(importlib.import_module(module), name, None)
    except (ImportError, ValueError):  # no such module, or no module named at all
        cls = None
    if not (isinstance(cls, type) and issubclass(cls, base)):
        raise UserError(f"{group}._target_: {target!r} is not {what}")
    params = list(inspect.signature(cls).parameters.values())[skip:]
    schema = make_dataclass(f"{cls.__name__}Options", [(p.name, p.annotation, MISSING) for p in params])
    try:
        OmegaConf.merge(OmegaConf.structured(schema), options)
    except OmegaConfBaseException as e:
        reason = (e.msg or str(e)).splitlines()[0]
        raise UserError(f"{group}.{e.full_key}: {reason} ({group}={options.get('name')})") from None
    return cls, {str(k): v for k, v in options.items()}
