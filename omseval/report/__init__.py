"""Reports from .eval logs: runs kept apart by identity, rates with intervals, paired tests, handoff
curves, guidance size and audit, tokens and cost; as text, markdown, CSV and plots."""
