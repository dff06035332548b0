"""fenbatch.run against the command line: the same job gives the same output bytes, side files
and statistics (less timings, thread count and memory figures), for several option sets;
usage errors are ValueError with the command line's message, I/O errors OSError, exit-1 runs
InvalidInputError; progress reaches the callback; Ctrl-C leaves nothing behind."""

import errno
import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

import fenbatch
from support import child_environment, load_stats, run_cli, stable_stats

SIDE_FILES = ("rejects.txt", "counts.tsv", "dups.txt")


def make_csv(source, path):
    """A CSV file (id,fen,score) whose fen column holds the lines of `source`; a line with a
    quote or comma gets quoted so that the CSV reader sees the line whole."""
    rows = ["id,fen,score"]
    for number, line in enumerate(source.read_bytes().decode().split("\n")[:-1]):
        if any(c in line for c in ',"'):
            line = '"' + line.replace('"', '""') + '"'
        rows.append(f"{number},{line},{number % 7 - 3}")
    path.write_bytes(("\n".join(rows) + "\n").encode())
    return path


@pytest.fixture
def inputs(tmp_path, mixed_file, big_file):
    """The inputs of a comparison, in tmp_path, which both runs name as ../NAME."""
    (tmp_path / "mixed.fen").symlink_to(mixed_file)
    (tmp_path / "big.fen").symlink_to(big_file)
    lines = mixed_file.read_bytes().splitlines(keepends=True)
    (tmp_path / "ref.fen").write_bytes(b"".join(lines[::5]))
    make_csv(mixed_file, tmp_path / "mixed.csv")
    return tmp_path


def same_job(cli, folder, monkeypatch, sources, output, cli_args, **options):
    """Runs the job as a command line in folder/cli and through run() in folder/py, with the
    same relative names; returns run()'s statistics after asserting that both wrote the same
    bytes and statistics."""
    for side in ("cli", "py"):
        (folder / side).mkdir()
    run_cli(cli, "--rejects", "rejects.txt", "--stats-json", "stats.json", *cli_args,
            *sources, "-o", output, cwd=folder / "cli")
    monkeypatch.chdir(folder / "py")
    stats = fenbatch.run(list(sources), output, rejects="rejects.txt", stats_json="stats.json",
                         **options)
    for name in (output, *SIDE_FILES):
        written = folder / "cli" / name
        if written.exists():
            assert (folder / "py" / name).read_bytes() == written.read_bytes(), name
        else:
            assert not (folder / "py" / name).exists(), name
    assert stable_stats(stats) == load_stats(folder / "cli" / "stats.json")
    assert load_stats(folder / "py" / "stats.json") == stable_stats(stats)
    return stats


WHERE = ["pieces >= 16 or board == 10x8", "not in_check"]


@pytest.mark.parametrize("sources, output, cli_args, options", [
    (["../mixed.fen"], "out.fen", [], {}),
    (["../mixed.fen"], "out.fen", ["-d", "--counts", "counts.tsv", "--duplicates", "dups.txt"],
     {"dedupe": True, "counts": "counts.tsv", "duplicates": "dups.txt"}),
    (["../mixed.fen"], "out.fen", ["-d", "--where", WHERE[0], "--where", WHERE[1]],
     {"dedupe": True, "where": WHERE}),
    (["../mixed.fen"], "out.fen", ["--exclude", "../ref.fen", "--key", "board"],
     {"exclude": ["../ref.fen"], "key": "board"}),
    (["../mixed.csv"], "out.csv", ["-d", "--castling", "shredder"],
     {"dedupe": True, "castling": "shredder"}),
    (["../mixed.fen", "../ref.fen"], "out.epd", ["--keep", "last", "-j", "1"],
     {"keep": "last", "threads": 1}),
    (["../big.fen"], "out.fen", ["-d", "--memory-limit", "16M", "--temp-dir", "."],
     {"dedupe": True, "memory_limit": "16M", "temp_dir": "."}),
], ids=["plain", "dedupe_counts_duplicates", "where", "exclude_key", "csv", "keep_last_epd",
       "partitioned"])
def test_run_equals_the_command_line(cli, inputs, monkeypatch, sources, output, cli_args,
                                     options):
    stats = same_job(cli, inputs, monkeypatch, sources, output, cli_args, **options)
    assert stats["reconciliation"]["balanced"] is True
    if "memory_limit" in options:
        assert stats["memory"]["dedupe"] == "partitioned"
        assert stats["memory"]["partitions"] > 1
        assert sorted(os.listdir(".")) == ["out.fen", "rejects.txt", "stats.json"]


def test_flags_false_and_none_are_left_out(cli, inputs, monkeypatch):
    stats = same_job(cli, inputs, monkeypatch, ["../mixed.fen"], "out.fen", [],
                     dedupe=False, repair=None, payload=False)
    assert stats["options"]["dedupe"] is False


def test_a_path_like_single_input(cli, inputs, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    run_cli(cli, "mixed.fen", "cli.fen")
    fenbatch.run(pathlib.Path("mixed.fen"), pathlib.Path("py.fen"))
    fenbatch.run("mixed.fen", "py2.fen")
    assert (tmp_path / "py.fen").read_bytes() == (tmp_path / "cli.fen").read_bytes()
    assert (tmp_path / "py2.fen").read_bytes() == (tmp_path / "cli.fen").read_bytes()


def test_no_output_writes_nothing_but_counts_everything(cli, inputs, monkeypatch, tmp_path):
    for side in ("py", "cli"):
        (tmp_path / side).mkdir()
    monkeypatch.chdir(tmp_path / "py")
    stats = fenbatch.run("../mixed.fen", dedupe=True)
    assert os.listdir(".") == []
    run_cli(cli, "-d", "--stats-json", "stats.json", "../mixed.fen", "out.fen",
            cwd=tmp_path / "cli")
    expected = load_stats(tmp_path / "cli" / "stats.json")
    got = stable_stats(stats)
    expected.pop("output")
    got.pop("output")
    assert got == expected


def test_standard_output(cli, mixed_file, tmp_path):
    script = "import sys, fenbatch; fenbatch.run(sys.argv[1], '-', dedupe=True)"
    done = subprocess.run([sys.executable, "-c", script, str(mixed_file)], capture_output=True,
                          check=True, env=child_environment())
    assert done.stdout == run_cli(cli, "-d", mixed_file, "-").stdout


# --- errors ---

def cli_message(cli, *args):
    done = run_cli(cli, *args, check=False)
    assert done.returncode == 2
    return done.stderr.decode().splitlines()[0].removeprefix("fenbatch: ")


@pytest.mark.parametrize("options, cli_args", [
    ({"key": "nope"}, ["--key", "nope"]),
    ({"memory_limit": "1M"}, ["--memory-limit", "1M"]),
    ({"threads": "many"}, ["--threads", "many"]),
    ({"where": "pieces >>> 3"}, ["--where", "pieces >>> 3"]),
])
def test_usage_errors_are_value_errors_with_the_message(cli, mixed_file, tmp_path, options,
                                                        cli_args):
    message = cli_message(cli, *cli_args, mixed_file, tmp_path / "cli.fen")
    with pytest.raises(ValueError) as caught:
        fenbatch.run(mixed_file, tmp_path / "out.fen", **options)
    assert message in str(caught.value)
    assert not (tmp_path / "out.fen").exists()


def test_unknown_option_is_a_value_error(mixed_file, tmp_path):
    with pytest.raises(ValueError, match="no_such_option|no-such-option"):
        fenbatch.run(mixed_file, tmp_path / "out.fen", no_such_option=True)


def test_missing_input_is_an_os_error(tmp_path):
    missing = str(tmp_path / "missing.fen")
    with pytest.raises(OSError) as caught:
        fenbatch.run(missing, tmp_path / "out.fen")
    assert caught.value.errno == errno.ENOENT
    assert caught.value.filename == missing
    assert "No such file or directory" in str(caught.value)
    assert os.listdir(tmp_path) == []


def test_no_valid_line_is_invalid_input_error(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pathlib.Path("bad.fen").write_bytes(b"junk\nmore junk\n\n")
    assert run_cli(cli, "bad.fen", "cli.fen", check=False).returncode == 1
    assert issubclass(fenbatch.InvalidInputError, RuntimeError)
    with pytest.raises(fenbatch.InvalidInputError) as caught:
        fenbatch.run("bad.fen", "py.fen")
    stats = caught.value.stats
    assert (stats["valid"], stats["invalid"], stats["skipped"]["blank"]) == (0, 2, 1)
    assert pathlib.Path("py.fen").exists() == pathlib.Path("cli.fen").exists()
    if pathlib.Path("cli.fen").exists():
        assert pathlib.Path("py.fen").read_bytes() == pathlib.Path("cli.fen").read_bytes()


def test_max_invalid_exceeded_is_invalid_input_error_with_outputs(cli, mixed_file, tmp_path):
    assert run_cli(cli, "--max-invalid", "10", mixed_file, tmp_path / "cli.fen",
                   check=False).returncode == 1
    with pytest.raises(fenbatch.InvalidInputError) as caught:
        fenbatch.run(mixed_file, tmp_path / "py.fen", max_invalid=10)
    assert caught.value.stats["invalid"] > 10
    assert (tmp_path / "py.fen").read_bytes() == (tmp_path / "cli.fen").read_bytes()


# --- progress ---

def test_progress_reaches_the_callback(big_file, tmp_path):
    calls = []
    stats = fenbatch.run(big_file, tmp_path / "out.fen", dedupe=True, progress=calls.append)
    assert calls, "progress was never called"
    for call in calls:
        assert {"bytes_done", "bytes_total", "seconds", "phase", "partitioned"} <= set(call)
        assert 0 <= call["bytes_done"] <= call["bytes_total"]
        assert isinstance(call["phase"], str) and isinstance(call["partitioned"], bool)
        assert call["seconds"] >= 0
    done = [call["bytes_done"] for call in calls]
    assert done == sorted(done)
    assert calls[-1]["bytes_total"] == big_file.stat().st_size == stats["input_bytes"]


# --- Ctrl-C ---

INTERRUPTED_RUN = """
import sys, fenbatch
started = False
def progress(state):
    global started
    if not started and state["bytes_done"] > 0:
        started = True
        print("started", flush=True)
try:
    fenbatch.run(sys.argv[1], "out.fen", dedupe=True, memory_limit="16M", temp_dir=".",
                 rejects="rejects.txt", stats_json="stats.json", progress=progress)
except KeyboardInterrupt:
    print("interrupted", flush=True)
else:
    print("finished", flush=True)
"""


def test_ctrl_c_raises_keyboard_interrupt_and_leaves_nothing(big_file, tmp_path):
    # The input read many times over (2.2 M lines, 140 MB) so that the run lasts long past the signal.
    big = tmp_path / "huge.fen"
    with open(big, "wb") as out:
        chunk = big_file.read_bytes()
        for _ in range(8):
            out.write(chunk)
    work = tmp_path / "work"
    work.mkdir()
    child = subprocess.Popen([sys.executable, "-c", INTERRUPTED_RUN, str(big)], cwd=work,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=child_environment())
    try:
        first = child.stdout.readline().strip()
        if first != "started":
            child.kill()
            raise AssertionError(f"no progress before the end: {first!r} {child.stderr.read()!r}")
        time.sleep(0.1)
        child.send_signal(signal.SIGINT)
        rest, errors = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        big.unlink()  # pytest keeps its last temporary folders: not 140 MB of them
    assert rest.strip() == "interrupted", f"{rest!r} {errors!r}"
    assert os.listdir(work) == []  # no output, no side file, no temporary
