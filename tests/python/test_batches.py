"""fenbatch.batches: the records of a run, in order, as Positions of batch_size rows; their
sources; dedupe across batches; an early close; and memory bounded by the budget and the batch,
not by the input."""

import os
import subprocess
import sys
import threading

import numpy as np
import pytest

import fenbatch
from support import child_environment, stable_stats
from test_run import make_csv


def collect(batches):
    """All batches of an iterator, checked for the invariants every batch has."""
    got = []
    for batch in batches:
        assert isinstance(batch, fenbatch.Positions)
        assert len(batch) > 0 and bool(batch.valid.all())
        assert len(batch.texts()) == len(batch) == len(batch.source_line)
        got.append(batch)
    return got


def run_output(source, tmp_path, **options):
    out = tmp_path / ("run" + source.suffix)
    stats = fenbatch.run(source, out, **options)
    return out.read_bytes().decode().split("\n")[:-1], stats


@pytest.mark.parametrize("options", [{}, {"dedupe": True}, {"dedupe": True, "key": "board",
                                                            "where": "pieces >= 10"}])
def test_batches_are_the_run_output_in_order(mixed_file, tmp_path, options):
    expected, run_stats = run_output(mixed_file, tmp_path, **options)
    stream = fenbatch.batches(mixed_file, batch_size=500, **options)
    got = collect(stream)
    assert [len(b) for b in got[:-1]] == [500] * (len(got) - 1) and 1 <= len(got[-1]) <= 500
    texts = [t for b in got for t in b.texts()]
    assert texts == expected
    assert [f for b in got for f in b.fens()] == expected  # FEN records are their positions
    ignored = ("output", "options")
    assert {k: v for k, v in stable_stats(stream.stats).items() if k not in ignored} == \
        {k: v for k, v in stable_stats(run_stats).items() if k not in ignored}


def test_batch_size_one_and_larger_than_the_input(mixed_file, tmp_path):
    expected, _ = run_output(mixed_file, tmp_path, dedupe=True)
    ones = collect(fenbatch.batches(mixed_file, batch_size=1, dedupe=True))
    assert [len(b) for b in ones] == [1] * len(expected)
    whole = collect(fenbatch.batches(mixed_file, batch_size=10**6, dedupe=True))
    assert len(whole) == 1 and whole[0].texts() == expected


def test_sources_point_at_the_lines(mixed_lines, mixed_file, big_file):
    stream = fenbatch.batches([mixed_file, big_file], batch_size=4096, dedupe=True)
    big_lines = big_file.read_bytes().decode().split("\n")
    lines_of = {0: mixed_lines, 1: big_lines}
    seen_files = set()
    for batch in collect(stream):
        assert batch.files == (str(mixed_file), str(big_file))
        assert batch.source_file.dtype == np.int32 and batch.source_line.dtype == np.uint64
        sources = batch.sources()
        assert sources == [(batch.files[f], int(n))
                           for f, n in zip(batch.source_file, batch.source_line)]
        # Each record is its source line, decoded and written canonically.
        originals = [lines_of[int(f)][int(n) - 1]
                     for f, n in zip(batch.source_file, batch.source_line)]
        assert fenbatch.decode(originals).fens() == batch.texts()
        seen_files.update(batch.source_file.tolist())
    assert seen_files == {0, 1}


def test_dedupe_holds_across_batches(big_file):
    keys = np.concatenate([b.key for b in collect(
        fenbatch.batches(big_file, batch_size=1000, dedupe=True, memory_limit="16M"))])
    assert len(np.unique(keys, axis=0)) == len(keys) > 200_000


def test_csv_records_and_their_positions(mixed_file, tmp_path):
    source = make_csv(mixed_file, tmp_path / "mixed.csv")
    expected, _ = run_output(source, tmp_path, dedupe=True)
    got = collect(fenbatch.batches(source, batch_size=700, dedupe=True))
    texts = [t for b in got for t in b.texts()]
    assert texts == expected[1:]  # the header is not streamed
    # The position of each record is the canonical form of its fen field.
    lines = source.read_bytes().decode().split("\n")
    for batch in got:
        fields = [lines[int(n) - 1].split(",")[1] for n in batch.source_line]
        quoted = [f.startswith('"') for f in fields]
        plain = [f for f, q in zip(fields, quoted) if not q]
        assert fenbatch.decode(plain).fens() == [f for f, q in zip(batch.fens(), quoted) if not q]


def test_early_close_and_context_manager_leave_nothing(mixed_file, big_file, tmp_path,
                                                       monkeypatch):
    monkeypatch.chdir(tmp_path)
    stream = fenbatch.batches(big_file, batch_size=1000, dedupe=True, memory_limit="16M",
                              temp_dir=".")
    first = next(iter(stream))
    assert len(first) == 1000
    stream.close()
    with fenbatch.batches(big_file, batch_size=1000, temp_dir=".", rejects="rejects.txt") as s:
        assert len(next(iter(s))) == 1000
    leftovers = [name for name in os.listdir(".") if name != "rejects.txt"]
    assert leftovers == []
    assert not [name for name in os.listdir(".") if ".fenbatch-" in name]


def test_close_stops_a_run_that_writes_no_record(tmp_path):
    # A run that writes nothing never reaches the sink: close() must stop it at its progress,
    # publishing nothing. The input is a FIFO fed up to 64 MB of invalid lines, far more than
    # the run reads between close() and its next progress; a run that went on to the end would
    # publish its statistics.
    fifo = tmp_path / "in.fen"
    os.mkfifo(fifo)
    stats = tmp_path / "stats.json"
    stream = fenbatch.batches(fifo, stats_json=stats)

    def feed():
        try:
            with open(fifo, "wb") as f:
                for _ in range(1000):
                    f.write(b"not a position\n" * 4500)
        except BrokenPipeError:
            pass

    writer = threading.Thread(target=feed)
    writer.start()
    stream.close()
    writer.join()
    assert next(stream, None) is None and stream.stats is None
    assert not stats.exists()
    assert os.listdir(tmp_path) == ["in.fen"]


def test_close_on_another_thread_while_a_batch_is_awaited(big_file):
    # The consumer's end of the stream and close() both join the run: it must be joined once
    # (two joins of one thread hang or crash). Repeated, as the interleavings vary.
    for attempt in range(10):
        stream = fenbatch.batches(big_file, batch_size=100000, dedupe=True,
                                  memory_limit="16M", threads=1)
        seen = []
        consumer = threading.Thread(target=lambda: seen.extend(len(b) for b in stream))
        consumer.start()
        if attempt % 2:
            threading.Event().wait(0.001 * attempt)  # (varies the interleaving only)
        stream.close()
        consumer.join()
        assert next(stream, None) is None
        assert all(n <= 100000 for n in seen)


def test_max_invalid_and_no_valid_line_end_the_stream_as_the_command_line_exits(tmp_path):
    # The command line exits 1 for both; the stream raises after its last batch, as run() does.
    source = tmp_path / "in.fen"
    source.write_bytes(b"x\ny\n8/8/8/8/8/8/8/K1k5 w - - 0 1\n")
    stream = fenbatch.batches(source, max_invalid=1)
    assert len(next(stream)) == 1
    with pytest.raises(fenbatch.InvalidInputError) as raised:
        next(stream)
    assert raised.value.stats["invalid"] == 2 and stream.stats["invalid"] == 2
    assert next(stream, None) is None
    assert [len(b) for b in fenbatch.batches(source, max_invalid=2)] == [1]
    source.write_bytes(b"x\ny\n")
    with pytest.raises(fenbatch.InvalidInputError):
        list(fenbatch.batches(source))


@pytest.mark.parametrize("options", [
    {"output": "x.fen"}, {"split": "a=10%:a.fen"}, {"batch_size": 0}, {"batch_size": -5},
    {"key": "nope"}, {"batch_size": 2**31}, {"threads": 4097},
])
def test_bad_options_are_value_errors(mixed_file, tmp_path, monkeypatch, options):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError):
        next(iter(fenbatch.batches(mixed_file, **options)))
    assert os.listdir(".") == []


@pytest.mark.parametrize("options", [{"batch_size": True}, {"batch_size": 1.5},
                                     {"threads": "2"}])
def test_values_of_another_type_are_type_errors(mixed_file, options):
    with pytest.raises(TypeError):
        fenbatch.batches(mixed_file, **options)


MEMORY_CHILD = """
import resource, sys
import fenbatch
def peak_kib():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
before = peak_kib()
rows = 0
stream = fenbatch.batches(sys.argv[1], batch_size=int(sys.argv[2]), dedupe=True,
                          memory_limit="16M", no_mmap=True, temp_dir=sys.argv[3])
for batch in stream:
    rows += len(batch)
print(peak_kib() - before, rows, stream.stats["memory"]["dedupe"], stream.stats["written"])
"""


def test_memory_stays_within_the_limit(gen, tmp_path):
    # About 48 MB of generated lines, three times memory_limit="16M". The input is read, not
    # mapped (no_mmap): pages of a mapped file count in the resident set, though they are the
    # page cache's, not the run's.
    corpus = tmp_path / "corpus.fen"
    subprocess.run([str(gen), "--bytes", "48M", "--seed", "48", "-o", str(corpus)],
                   check=True, capture_output=True)
    assert corpus.stat().st_size > 45 * 2**20
    batch_size = 4096
    try:
        done = subprocess.run([sys.executable, "-c", MEMORY_CHILD, str(corpus), str(batch_size),
                               str(tmp_path)], check=True, capture_output=True, text=True,
                              env=child_environment())
    finally:
        corpus.unlink()  # pytest keeps its last temporary folders: not 48 MB of them
    growth_kib, rows, mode, written = done.stdout.split()
    assert mode == "partitioned" and int(rows) == int(written) > 500_000
    # The allowance for the batches themselves: two alive at once (the loop's and the one being
    # filled), each row about 300 bytes of columns and text, plus 4 MiB for the interpreter's
    # and the allocator's own slack.
    allowance = 2 * batch_size * 300 + 4 * 2**20
    assert int(growth_kib) * 1024 < 16 * 2**20 + allowance, done.stdout
