"""Shared set-up of the Python suite (pytest): the module under test, the command line it is
compared with, and ../shared.

Environment:
  PYTHONPATH       the build's python directory (build/release/python), where fenbatch is built
  FENBATCH         the command line (default: build/release/apps/fenbatch of this checkout)
  FENBATCH_GEN     fenbatch-gen (default: next to FENBATCH)
  FENBATCH_SHARED  ../shared (default: the folder beside this checkout); tests that need it skip
                   with a message when it is absent

A missing NumPy or fenbatch ends the run with one clear message instead of a bare ImportError in
every file: the usual cause is an interpreter without NumPy first on PATH (pyenv, a venv).
"""

import os
import pathlib
import random
import subprocess
import sys

import pytest

from support import REPO, damage


def _missing_module():
    """What keeps the suite from running, or None."""
    try:
        import numpy  # noqa: F401
    except ImportError as error:
        return (f"NumPy does not import ({error}); run the suite with an interpreter that has "
                "it, such as Debian's /usr/bin/python3 with python3-numpy, or configure CMake "
                "with -DPython3_EXECUTABLE=")
    try:
        import fenbatch  # noqa: F401
    except ImportError as error:
        return (f"the fenbatch module does not import ({error}); build the target "
                "fenbatch_python and set PYTHONPATH to the build's python directory "
                "(build/release/python)")
    return None


def pytest_configure(config):
    problem = _missing_module()
    if problem:
        _stop(problem)


def _stop(message):
    raise pytest.UsageError(f"tests/python: {message} (interpreter: {sys.executable})")


def _tool(variable, default):
    path = pathlib.Path(os.environ.get(variable) or default)
    if not (path.is_file() and os.access(path, os.X_OK)):
        pytest.fail(f"{variable}: {path} is not an executable (build it, or set {variable})")
    return path


@pytest.fixture(scope="session")
def cli():
    """The command line's path."""
    return _tool("FENBATCH", REPO / "build" / "release" / "apps" / "fenbatch")


@pytest.fixture(scope="session")
def gen(cli):
    """fenbatch-gen's path."""
    return _tool("FENBATCH_GEN", cli.parent / "fenbatch-gen")


@pytest.fixture(scope="session")
def shared():
    """../shared, or a skip saying it is absent."""
    path = pathlib.Path(os.environ.get("FENBATCH_SHARED") or REPO.parent / "shared")
    if not (path / "corpus").is_dir():
        pytest.skip(f"../shared is absent ({path}/corpus); set FENBATCH_SHARED")
    return path


@pytest.fixture(scope="session")
def mixed_lines(gen, tmp_path_factory):
    """About 6,000 lines (str, no terminators): fenbatch-gen's 8x8 and 10x8 lines, some of them
    damaged, blank and comment lines among them. Fixed seeds: the same lines every run."""
    folder = tmp_path_factory.mktemp("mixed")
    made = folder / "gen.fen"
    subprocess.run([str(gen), "-n", "6000", "--seed", "30", "--variant", "mixed", "-o",
                    str(made)], check=True, capture_output=True)
    rng = random.Random(30)
    lines = []
    for number, line in enumerate(made.read_text(encoding="ascii").splitlines()):
        roll = rng.random() if number > 0 else 1.0  # line 1 intact: a BOM there is skipped
        if roll < 0.25:
            line = damage(line, rng)
        elif roll < 0.26:
            line = rng.choice(["", "   ", "\t", "# a comment", "  # indented comment"])
        lines.append(line)
    return lines


@pytest.fixture(scope="session")
def mixed_file(mixed_lines, tmp_path_factory):
    """mixed_lines as a file (UTF-8, LF endings)."""
    path = tmp_path_factory.mktemp("mixed_file") / "mixed.fen"
    path.write_bytes("".join(line + "\n" for line in mixed_lines).encode())
    return path


@pytest.fixture(scope="session")
def big_file(gen, tmp_path_factory):
    """About 270,000 lines (17 MB; as tests/cli/cases/where_partitioned.sh): 250,000 generated
    8x8 and 10x8 lines, 500 invalid ones and 20,000 repeats far from their first occurrence, so
    that dedupe under memory_limit="16M" outgrows the budget and goes on in partitions."""
    folder = tmp_path_factory.mktemp("big")
    made = folder / "gen.fen"
    subprocess.run([str(gen), "-n", "250000", "--seed", "41", "--variant", "mixed", "-o",
                    str(made)], check=True, capture_output=True)
    text = made.read_bytes()
    made.unlink()
    repeats = b"".join(text.splitlines(keepends=True)[:20000])
    path = folder / "big.fen"
    path.write_bytes(text + b"not a position\n" * 500 + repeats)
    return path
