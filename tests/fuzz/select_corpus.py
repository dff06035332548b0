#!/usr/bin/env python3
"""Picks a small committed corpus from fuzzing output: a greedy set cover over libFuzzer's
per-input coverage.

    tests/fuzz/select_corpus.py FUZZER OUT MAX_FILES MAX_BYTES MAX_LEN [--have DIR] DIR...

Plain `FUZZER -merge=1` keeps every input that adds a feature (hit-count buckets included),
taking inputs smallest first: several hundred files here, over the budget of about 200 files and
200 KB per target. This script measures each input alone (one `-merge=1` per input, so its
control file lists all of the input's edges and features, not only the new ones), then takes
inputs by new edges per byte while any input within MAX_FILES and MAX_BYTES adds an edge, then
by new features per byte likewise. Edges only large inputs reach may so be left out. Inputs in
--have directories (the regressions, replayed anyway) count as covered and are not copied. It
writes the selection to OUT (created; inputs named by SHA-1).
"""

import hashlib
import pathlib
import shutil
import subprocess
import sys
import tempfile


def measure(fuzzer, data, max_len, scratch):
    """(edges, features) of one input, from a merge control file."""
    shutil.rmtree(scratch, ignore_errors=True)
    (scratch / "in").mkdir(parents=True)
    (scratch / "out").mkdir()
    (scratch / "in" / "input").write_bytes(data)
    control = scratch / "control"
    subprocess.run([fuzzer, "-merge=1", f"-max_len={max_len}", f"-merge_control_file={control}",
                    str(scratch / "out"), str(scratch / "in")],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    edges, features = set(), set()
    if not control.exists():  # (libFuzzer skips an empty input: nothing measured)
        return edges, features
    for line in control.read_text().splitlines():
        words = line.split()
        if words[:1] == ["COV"]:
            edges = set(map(int, words[2:]))
        elif words[:1] == ["FT"]:
            features = set(map(int, words[2:]))
    return edges, features


def main():
    fuzzer, out = sys.argv[1], pathlib.Path(sys.argv[2])
    max_files, max_bytes, max_len = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    args = sys.argv[6:]
    have_dirs = [args[i + 1] for i, a in enumerate(args) if a == "--have"]
    dirs = [a for i, a in enumerate(args) if a != "--have" and (i == 0 or args[i - 1] != "--have")]

    def read_dirs(directories):
        found = {}
        for directory in directories:
            for path in sorted(pathlib.Path(directory).iterdir()):
                if path.is_file() and not path.name.startswith("."):
                    data = path.read_bytes()
                    found.setdefault(hashlib.sha1(data).hexdigest(), data)
        return found

    inputs, have = read_dirs(dirs), read_dirs(have_dirs)
    scratch = pathlib.Path(tempfile.mkdtemp())
    edges, features = {}, {}
    for name, data in inputs.items():
        edges[name], features[name] = measure(fuzzer, data, max_len, scratch)
    got_edges, got_features = set(), set()
    for data in have.values():
        e, f = measure(fuzzer, data, max_len, scratch)
        got_edges |= e
        got_features |= f
    shutil.rmtree(scratch, ignore_errors=True)

    all_edges = got_edges.union(*edges.values())
    all_features = got_features.union(*features.values())
    chosen, size = [], 0

    def best(gain):
        # Ties go to the first name in sorted order, so the selection is reproducible.
        pick, score = None, 0.0
        for name in sorted(inputs):
            if name in chosen:
                continue
            g = gain(name)
            s = g / (len(inputs[name]) + 64)  # + 64: a file costs more than its bytes
            if g > 0 and s > score:
                pick, score = name, s
        return pick

    def take(name):
        nonlocal size
        chosen.append(name)
        got_edges.update(edges[name])
        got_features.update(features[name])
        size += len(inputs[name])

    def fits(name):
        return len(chosen) < max_files and size + len(inputs[name]) <= max_bytes

    for gain in (lambda n: len(edges[n] - got_edges) if fits(n) else 0,
                 lambda n: len(features[n] - got_features) if fits(n) else 0):
        while (name := best(gain)) is not None:
            take(name)

    out.mkdir(parents=True)
    for name in chosen:
        (out / name).write_bytes(inputs[name])
    print(f"{len(inputs)} inputs -> {len(chosen)} files, {size} bytes, "
          f"edges {len(got_edges)}/{len(all_edges)}, features {len(got_features)}/{len(all_features)}")


if __name__ == "__main__":
    main()
