"""Where the shipped pack lives: `pack/` beside the package in a checkout, `omseval/shipped_pack/` when installed."""

from pathlib import Path

_here = Path(__file__).resolve().parent
SHIPPED_PACK = _here / "shipped_pack" if (_here / "shipped_pack").is_dir() else _here.parent / "pack"
