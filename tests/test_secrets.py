"""No secret in any written file: a Neo4j password and a model API key planted in a run, a multirun and the report
are found in none of the files they leave (inside .eval archives and SQLite files too), nor in what they print;
and they are not part of a run's identity."""

import secrets
import zipfile
from pathlib import Path

import pytest

from tests.helpers import run_module, validated
from tests.helpers.fake_anthropic import OfflineMessages, serving
from tests.helpers.stores import neo4j_uri

SMALL = ["experiment=replay", "corpus=smaller", "rules=2", "approach=oms", "store=neo4j"]


def readable(path: Path) -> list[tuple[str, bytes]]:
    """(where, bytes) of a file, and of each member when it is a zip archive (an .eval log)."""
    data = path.read_bytes()
    found = [(str(path), data)]
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as z:
            found += [(f"{path}!{name}", z.read(name)) for name in z.namelist()]
    return found


def holding(root: Path, secret: str) -> list[str]:
    """Every file under `root` (and archive member) that holds `secret`."""
    files = [p for p in root.rglob("*") if p.is_file()]
    return [where for p in files for where, data in readable(p) if secret.encode() in data]


@pytest.mark.neo4j
def test_secrets_are_not_part_of_a_run_identity(tmp_path):
    store = ("store=neo4j", f"store.uri={neo4j_uri()}")  # the checked run reaches the server
    one = validated(tmp_path, *store, "store.password=planted-one")
    other = validated(tmp_path, *store, "store.password=planted-other")
    assert one.key == other.key and "planted" not in str(one.identity)


@pytest.mark.slow
@pytest.mark.neo4j
def test_a_planted_password_and_key_are_in_no_file_a_run_a_multirun_and_the_report_leave(tmp_path):
    password, key, env_password = (f"planted-{secrets.token_hex(8)}" for _ in range(3))
    OfflineMessages.reset(key=key)
    store = [f"store.uri={neo4j_uri()}", f"store.password={password}"]
    env = {"ANTHROPIC_API_KEY": key, "INSPECT_CACHE_DIR": str(tmp_path / "cache")}
    printed = []
    with serving(OfflineMessages) as url:
        sonnet = ["model=sonnet", f"model.base_url={url}", "model.max_retries=0"]
        for args in (
            [*SMALL, *store, *sonnet, "judge=offline"],  # a run, the password on the command line
            ["-m", *SMALL, *store, "seed=11,23"],  # a multirun: multirun.yaml and its job configs
        ):
            result = run_module("omseval", *args, f"log_dir={tmp_path / 'logs'}", cwd=tmp_path, env=env)
            assert result.returncode == 0, result.stdout + result.stderr
            printed.append(result.stdout + result.stderr)
        from_env = run_module(  # the password read from NEO4J_PASSWORD, the store's default
            "omseval", f"log_dir={tmp_path / 'logs'}", *SMALL, f"store.uri={neo4j_uri()}", "seed=41",
            cwd=tmp_path, env={**env, "NEO4J_PASSWORD": env_password},
        )  # fmt: skip
        assert from_env.returncode == 0, from_env.stdout + from_env.stderr
        printed.append(from_env.stdout + from_env.stderr)
    report = run_module("omseval.report", str(tmp_path / "logs"), "--out", str(tmp_path / "report"), cwd=tmp_path)
    assert report.returncode == 0, report.stderr
    printed.append(report.stdout + report.stderr)

    assert list((tmp_path / "logs").rglob("*.eval")) and list((tmp_path / "logs").rglob("multirun.yaml"))
    assert list((tmp_path / "report").iterdir())
    for secret in (password, key, env_password):
        assert holding(tmp_path, secret) == []
        assert not any(secret in text for text in printed)


@pytest.mark.slow
def test_a_uri_holding_a_password_is_refused_without_printing_it(tmp_path):
    uri = "bolt://neo4j:hunter2-planted@127.0.0.1:7687"
    result = run_module("omseval", f"log_dir={tmp_path / 'logs'}", "store=neo4j", f"store.uri={uri}", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "hunter2-planted" not in result.stdout + result.stderr
    assert "store.password" in result.stderr and not (tmp_path / "logs").exists()
