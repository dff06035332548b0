#!/usr/bin/env bash
# I10: JSON lines whose other members hold numbers past 64 bits or past a double's range
# (18446744073709551616, -9223372036854775809, 1e309, -1E-400, a 60-digit integer, a long
# fraction), at the top level and inside nested objects and arrays, are valid JSON (RFC 8259
# sets no limit): the records are valid and written with every byte but the position's value
# as it was (here the positions are canonical already, so each line comes back byte for byte;
# one has a position to normalise, its numbers still kept). Real syntax errors around such
# numbers (a leading zero, a bare "-", "1e", a number followed by a letter, two numbers in a
# row) are still json_syntax. SR holds.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
sixty=123456789012345678901234567890123456789012345678901234567890
good() { printf '{"fen": "%s", "n": %s}\n' "$1" "$2"; }
{
  good "$K" 18446744073709551616
  good "$S" -9223372036854775809
  good '8/8/8/8/8/8/8/K6k w - - 0 1' 1e309
  printf '{"n": %s, "fen": "8/8/8/8/8/8/8/K6k b - - 0 1"}\n' "$sixty"
  printf '{"fen": "8/8/8/8/8/8/8/k6K w - - 0 1", "e": {"a": [1e400, -1E-400, [%s]], "b": {"c": -%s.%se+%s}}}\n' \
    "$sixty" "$sixty" "$sixty" "$sixty"
  printf '{"fen": "8/8/8/8/8/8/8/k6K b - - 0 1", "n": [ 1E+999 ,\t-0.0e-99999999999999999999 ]}\n'
} >valid.jsonl
printf '{"e": [18446744073709551616, 1e309], "fen": "4k3/8/8/8/8/8/8/4K3  w - - 0 1"}\n' >normalise.jsonl
{
  printf '{"fen": "%s", "n": 018446744073709551616}\n' "$K"
  printf '{"fen": "%s", "n": -}\n' "$K"
  printf '{"fen": "%s", "n": [1e]}\n' "$K"
  printf '{"fen": "%s", "n": {"a": 1e309x}}\n' "$K"
  printf '{"fen": "%s", "n": 18446744073709551616 1}\n' "$K"
} >bad.jsonl
cat valid.jsonl normalise.jsonl bad.jsonl >in.jsonl
iic_save in.jsonl
"$FENBATCH" -q --stats-json s.json in.jsonl out.jsonl 2>err.txt
status=$?
[ "$status" = 0 ] || fail "exit $status, expected 0: $(head -c 300 err.txt)"
{
  cat valid.jsonl
  printf '{"e": [18446744073709551616, 1e309], "fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}\n'
} >expected.jsonl
cmp -s expected.jsonl out.jsonl || fail "output differs from the input's valid records: $(diff expected.jsonl out.jsonl | head -20)"
got=$(json s.json '(s["lines"], s["valid"], s["invalid"], s["invalid_by_reason"]["json_syntax"])')
[ "$got" = "(12, 7, 5, 5)" ] || fail "lines, valid, invalid, json_syntax = $got, expected (12, 7, 5, 5)"
sr_check s.json "big numbers" in.jsonl
iic_check in.jsonl "big numbers"
finish
