"""Scorers: the pack's deterministic regex checks (`check`) and the replay score (`compliance`)."""
