#!/usr/bin/env bash
# The output format follows the output's name when --format is not given (issue 14): an output
# named *.epd, also before a compression suffix (.zst .gz .xz .bz2), keeps each record's form:
# EPD records with their operations (puzzles keep their bm and id), FEN records with their
# counters and any operations (an .epd file of 6-field lines loses nothing, in place too); any
# other name, and standard output, as FEN (6 fields, no operations); --format wins over the
# name.
set -euo pipefail
cat >puzzles.epd <<'EPD'
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id "ruy.1";
4k3/8/8/8/8/8/8/4K2R w K - 0 1
6k1/5ppp/8/8/8/8/8/4R1K1 w - - bm Re8#; id "mate.1"; c0 "back rank";
8/8/8/8/8/8/8/K6k w - - 3 9 id "six.1";
EPD
show() { echo "== $1"; cat "$2"; }
"$FENBATCH" -q puzzles.epd out.epd
show "out.epd" out.epd
"$FENBATCH" -q puzzles.epd out.fen
show "out.fen" out.fen
"$FENBATCH" -q puzzles.epd out.txt
show "out.txt" out.txt
"$FENBATCH" -q puzzles.epd >stdout.txt
show "standard output" stdout.txt
"$FENBATCH" -q --format fen puzzles.epd forced.epd
show "--format fen, forced.epd" forced.epd
"$FENBATCH" -q --format epd puzzles.epd forced.fen
show "--format epd, forced.fen" forced.fen
# (--compress none: the name's codec is not the point here)
"$FENBATCH" -q --compress none puzzles.epd plain.epd.zst
show "--compress none, plain.epd.zst" plain.epd.zst
"$FENBATCH" -q -o many.epd puzzles.epd puzzles.epd
show "-o many.epd, two inputs" many.epd
cp puzzles.epd inplace.epd
"$FENBATCH" -q -d inplace.epd inplace.epd
show "in place" inplace.epd
