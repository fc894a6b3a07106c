"""Where the shipped pack lives: `pack/` beside the package in a checkout, `omseval/pack_files/` when installed."""

from pathlib import Path

_here = Path(__file__).resolve().parent
SHIPPED_PACK = _here / "pack_files" if (_here / "pack_files").is_dir() else _here.parent / "pack"
