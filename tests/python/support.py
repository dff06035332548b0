"""Helpers of the Python suite that tests import: running the command line, reading its side
files, and damaging lines."""

import json
import os
import pathlib
import subprocess

REPO = pathlib.Path(__file__).resolve().parents[2]

# Statistics members that differ between two runs of the same job: timings, the thread count
# and the memory member (as tests/cli/same_runs.sh leaves them out).
VOLATILE_STATS = ("wall_seconds", "threads", "memory", "mb_per_second", "positions_per_second")


def run_cli(cli, *args, check=True, cwd=None):
    """Runs the command line quietly; returns the CompletedProcess (stdout/stderr bytes)."""
    done = subprocess.run([str(cli), "-q", *map(str, args)], capture_output=True, cwd=cwd)
    if check and done.returncode != 0:
        raise AssertionError(f"fenbatch {' '.join(map(str, args))} exited {done.returncode}: "
                             f"{done.stderr.decode(errors='replace')}")
    return done


def damage(line, rng):
    """A line made invalid (or not) in one of several ways: the corpus of the cross checks
    needs every kind of verdict, and fenbatch-gen writes only valid lines."""
    kind = rng.randrange(8)
    fields = line.split(" ")
    if kind == 0:  # a byte of the placement replaced
        i = rng.randrange(len(fields[0]))
        fields[0] = fields[0][:i] + rng.choice("x9/0Pp") + fields[0][i + 1:]
    elif kind == 1:  # a field dropped
        del fields[rng.randrange(1, len(fields))]
    elif kind == 2:  # trailing text
        fields.append(rng.choice(["extra", "0", "| 25 | 0.5", "bm e4;"]))
    elif kind == 3:  # an ep square out of thin air
        if len(fields) > 3:
            fields[3] = rng.choice(["e3", "d6", "a6", "h3", "e4"])
    elif kind == 4:  # castling rights out of thin air
        if len(fields) > 2:
            fields[2] = rng.choice(["KQkq", "Kq", "HAha", "qK", "-", "Bb"])
    elif kind == 5:  # a bad counter
        if len(fields) > 4:
            fields[4] = rng.choice(["-1", "x", "007", "4294967296"])
    elif kind == 6:  # a control or non-ASCII byte
        i = rng.randrange(len(line))
        return line[:i] + rng.choice(["\x1b", "\x00", "\u00e9", "\ufeff", "\v", "\r"]) + line[i:]
    else:  # the side to move swapped (often opposite_check)
        if len(fields) > 1:
            fields[1] = {"w": "b", "b": "w"}.get(fields[1], "w")
    return " ".join(fields)


def read_rejects(path):
    """{line number: (reason, column)} from a --rejects file (FILE:LINE:COL: reason: text); the
    file name holds no ':' here."""
    found = {}
    for entry in pathlib.Path(path).read_bytes().split(b"\n"):
        if not entry:
            continue
        _, line, column, rest = entry.split(b":", 3)
        reason = rest.split(b":", 1)[0].strip().decode()
        found[int(line)] = (reason, int(column))
    return found


def stable_stats(stats):
    """The statistics less the members that vary between runs of one job."""
    stats = dict(stats)
    for key in VOLATILE_STATS:
        stats.pop(key, None)
    return stats


def load_stats(path):
    return stable_stats(json.loads(pathlib.Path(path).read_text()))


def child_environment():
    """The environment for a Python child that imports fenbatch from another directory: the
    package's folder made absolute in PYTHONPATH (the suite may run with a relative one)."""
    import fenbatch
    environment = dict(os.environ)
    package_parent = str(pathlib.Path(fenbatch.__file__).resolve().parents[1])
    environment["PYTHONPATH"] = os.pathsep.join(
        [package_parent, *filter(None, [environment.get("PYTHONPATH")])])
    return environment
