"""A pack's identity is its content: the checksum digests every file a run reads, `pack verify` names each
file that no longer matches CHECKSUMS.sha256, and an edited pack never reuses an earlier build or log."""

from pathlib import Path

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from omseval.builders.build import build_parts
from omseval.errors import PackError
from omseval.identity import build_key
from omseval.pack_schema import FILES, load_pack
from omseval.pack_schema._csv import read_rows, write_rows
from omseval.pack_schema.build import build, verify
from tests.helpers import run_module, validated

EDIT = "Answer in the team's own words."


def edit_template(pack: Path, template_id: str = "question") -> None:
    """Add a sentence to one template of 06, without `pack build`."""
    name = FILES["templates"]
    rows = read_rows(pack / name, name, [])
    for row in rows:
        if row["template_id"] == template_id:
            row["text"] = f"{EDIT}\n\n{row['text']}"
    write_rows(pack / name, [c for c in rows[0] if c != "#"], rows)


def edit_marker(pack: Path) -> None:
    name = FILES["handoff"]
    rows = read_rows(pack / name, name, [])
    rows[0]["marker"] += "x"
    write_rows(pack / name, [c for c in rows[0] if c != "#"], rows)


def test_an_edited_template_changes_the_checksum_with_or_without_build(pack_copy):
    before = load_pack(pack_copy).checksum
    edit_template(pack_copy)
    edited = load_pack(pack_copy).checksum
    assert edited != before
    build(pack_copy)  # CHECKSUMS.sha256 now lists the edit; the pack's content, and so its identity, is the same
    assert load_pack(pack_copy).checksum == edited


def test_a_file_no_run_reads_leaves_the_checksum(pack_copy):
    before = load_pack(pack_copy).checksum
    (pack_copy / "README.md").write_text("Edited.\n", encoding="utf-8")
    assert load_pack(pack_copy).checksum == before


def test_an_edited_skill_document_changes_the_checksum(pack_copy):
    before = load_pack(pack_copy).checksum
    doc = next((pack_copy / "skills").glob("*.md"))
    doc.write_bytes(doc.read_bytes() + b"\nAn extra line.\n")
    build(pack_copy)  # 05 takes the document's new sha256
    assert load_pack(pack_copy).checksum != before


def test_verify_names_each_file_that_no_longer_matches(pack_copy):
    edit_template(pack_copy)
    edit_marker(pack_copy)
    with pytest.raises(PackError) as info:
        verify(pack_copy)
    message = str(info.value)
    assert message.startswith("CHECKSUMS.sha256: the content of 2 file(s) no longer matches its checksum: ")
    assert FILES["templates"] in message and FILES["handoff"] in message
    assert FILES["questions"] not in message


@pytest.mark.parametrize("approach", ["verbatim", "file_edit"])
def test_an_edited_template_makes_a_new_build_key_and_run_key(pack_copy, approach, tmp_path):
    def run():
        return validated(tmp_path, f"approach={approach}", "corpus=smaller", f"pack.path={pack_copy}")

    before = run()
    edit_template(pack_copy, "shared_file_editing")
    after = run()
    assert after.identity["pack"] == load_pack(pack_copy).checksum != before.identity["pack"]
    assert build_key(build_parts(before)) != build_key(build_parts(after))
    assert before.key != after.key


@pytest.mark.slow
def test_a_run_on_an_edited_pack_never_reuses_old_builds_or_logs(pack_copy, tmp_path):
    logs = tmp_path / "logs"
    args = ["omseval", "experiment=maintain", "corpus=smaller", "approach=verbatim", "limit=2"]
    args += [f"pack.path={pack_copy}", f"log_dir={logs}"]
    first = run_module(*args, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    edit_template(pack_copy)  # no `pack build`: the run still sees the edit
    second = run_module(*args, cwd=tmp_path)
    assert second.returncode == 0, second.stderr
    builds = [p for p in (logs / "builds").iterdir() if p.is_dir()]
    assert len(builds) == 2
    runs = sorted(list_eval_logs(str(logs)), key=lambda i: i.mtime)
    assert len(runs) == 2 and Path(runs[0].name).parent != Path(runs[1].name).parent
    old, new = (read_eval_log(i) for i in runs)
    assert old.eval.metadata["pack_checksum"] != new.eval.metadata["pack_checksum"]
    assert all(EDIT not in s.messages[0].text for s in old.samples)
    assert all(s.messages[0].text.startswith(EDIT) for s in new.samples)
