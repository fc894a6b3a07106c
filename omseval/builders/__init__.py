"""Guidance builders: each approach turns the correction stream into the documents an agent reads."""
