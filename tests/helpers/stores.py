"""A skill document and a Neo4j server for the store tests."""

import os

import pytest

from omseval.oms.store import Statement

DOC = """# Competitive analysis

## Positioning maps

- Plot competitors on a positioning map with two dimensions, one per axis. Label both axes.
- Refresh maps every quarter.
"""


def neo4j_uri():
    uri = os.environ.get("OMSEVAL_NEO4J_URI")
    if not uri:
        if os.environ.get("CI"):
            pytest.fail("OMSEVAL_NEO4J_URI is not set: run the tests with scripts/test, which starts Neo4j")
        pytest.skip("no Neo4j server: run the tests with scripts/test")
    return uri


def new_statement(mid, text, target: Statement | None = None, skill="competitive-analysis"):
    s = Statement(id=f"c:{mid}", skill=skill, text=text, origin="correction", block=-1, position=1_000_001, prefix="- ")
    if target:
        s.block, s.position, s.prefix, s.section = target.block, target.position, target.prefix, target.section
    return s
