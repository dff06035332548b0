"""fenbatch.decode against the command line on the same lines: the canonical line of every valid
row is fenbatch's output line (a run without dedupe), every invalid row is in --rejects with the
same reason and column, the statistics count the same verdicts, and the dedupe key keeps the
same lines as --dedupe --key K. On generated lines (some damaged) and on the shared corpus."""

import collections
import json
import subprocess

import pytest

import fenbatch
from support import read_rejects, run_cli

FIRST_REJECTION = 3  # REASONS[0..2]: ok, skipped_blank, skipped_comment


def expected_rejects(table):
    """{line number: (reason, column)} of decode's invalid rows, blank and comment lines left
    out as the rejects file leaves them out."""
    return {row + 1: (fenbatch.REASONS[reason], int(column))
            for row, (reason, column) in enumerate(zip(table.reason, table.column))
            if reason >= FIRST_REJECTION}


def output_lines(path):
    return path.read_bytes().decode().split("\n")[:-1]


def check_against_cli(cli, folder, source, table, options=()):
    """One command-line run of `source` against decode's `table` of the same lines."""
    out, rejects, stats = folder / "out.fen", folder / "rejects.txt", folder / "stats.json"
    run_cli(cli, *options, "--rejects", rejects, "--stats-json", stats, source, out)
    assert [f for f in table.fens() if f is not None] == output_lines(out)
    assert expected_rejects(table) == read_rejects(rejects)
    s = json.loads(stats.read_text())
    reasons = collections.Counter(fenbatch.REASONS[r] for r in table.reason)
    assert s["lines"] == len(table)
    assert s["valid"] == int(table.valid.sum()) == reasons["ok"]
    assert s["skipped"]["blank"] == reasons["skipped_blank"]
    assert s["skipped"]["comment"] == reasons["skipped_comment"]
    assert {k: v for k, v in s["invalid_by_reason"].items() if v} == {
        name: n for name, n in reasons.items() if name not in fenbatch.REASONS[:FIRST_REJECTION]}
    valid_boards = table.board[table.valid]
    assert s["boards"]["8x8"]["valid"] == int((valid_boards == 0).sum())
    assert s["boards"]["10x8"]["valid"] == int((valid_boards == 1).sum())


def test_generated_lines_have_every_kind_of_verdict(mixed_lines):
    table = fenbatch.decode(mixed_lines)
    assert table.valid.sum() > 3000 and (~table.valid).sum() > 500
    assert set(table.board[table.valid].tolist()) == {0, 1}
    assert len(set(table.reason.tolist())) > 15


@pytest.mark.parametrize("options, keywords", [
    ((), {}),
    (("--castling", "shredder"), {"castling": "shredder"}),
    (("--ep", "pseudo"), {"ep": "pseudo"}),
    (("--ep", "always"), {"ep": "always"}),
    (("--repair",), {"repair": True}),
    (("--payload",), {"payload": True}),
], ids=["default", "shredder", "ep_pseudo", "ep_always", "repair", "payload"])
def test_decode_agrees_with_the_command_line(cli, mixed_lines, mixed_file, tmp_path, options,
                                             keywords):
    check_against_cli(cli, tmp_path, mixed_file, fenbatch.decode(mixed_lines, **keywords),
                      options)


def test_decode_of_the_file_bytes_agrees_too(cli, mixed_file, tmp_path):
    check_against_cli(cli, tmp_path, mixed_file, fenbatch.decode(mixed_file.read_bytes()))


@pytest.mark.parametrize("key", ["position", "fen", "board", "placement", "mirror"])
def test_keys_keep_what_dedupe_keeps(cli, mixed_lines, mixed_file, tmp_path, key):
    table = fenbatch.decode(mixed_lines, key=key)
    seen, kept = set(), []
    for fen, valid, k in zip(table.fens(), table.valid, table.key.tolist()):
        if valid and tuple(k) not in seen:
            seen.add(tuple(k))
            kept.append(fen)
    out = tmp_path / "dedupe.fen"
    run_cli(cli, "--dedupe", "--key", key, mixed_file, out)
    assert kept == output_lines(out)
    assert len(kept) < int(table.valid.sum())  # the generated games repeat positions


def test_shared_corpus_line_by_line(cli, shared, tmp_path):
    files = sorted((shared / "corpus").glob("*.epd.zst"))
    assert len(files) == 20
    total = 0
    for source in files:
        text = subprocess.run(["zstd", "-dc", str(source)], check=True,
                              capture_output=True).stdout
        table = fenbatch.decode(text)
        check_against_cli(cli, tmp_path, source, table)
        total += len(table)
    assert total == 2_784_093
