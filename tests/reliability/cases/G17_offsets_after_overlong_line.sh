#!/usr/bin/env bash
# G17 (exact byte offsets of invalid samples; docs/usage.md: statistics do not depend on chunk size or
# on mapped versus streamed input): after a 3,000,000-byte line (line_too_long), the next
# invalid line's sample offset is its true byte offset (30 + 3,000,000 + 1) whether the input
# is mapped, read (--no-mmap, chunk sizes 1K, 64K, 1M, 4M) or piped; the statistics JSON is the
# same in every mode.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
{ printf '%s\n' "$K"; head -c 3000000 /dev/zero | tr '\0' a; printf '\nnot a fen\n%s\n' "$S"; } >in.fen
want="[(2, 30), (3, 3000031)]"
for mode in mapped "--no-mmap --chunk-size 1K" "--no-mmap --chunk-size 64K" "--no-mmap --chunk-size 1M" \
            "--no-mmap --chunk-size 4M" pipe; do
  case $mode in
    mapped) "$FENBATCH" --stats-json s.json in.fen out.fen 2>/dev/null ;;
    pipe) cat in.fen | "$FENBATCH" --stats-json s.json - out.fen 2>/dev/null ;;
    *) "$FENBATCH" $mode --stats-json s.json in.fen out.fen 2>/dev/null ;;
  esac
  got=$(json s.json '[(x["line"], x["offset"]) for x in s["invalid_samples"]]')
  [ "$got" = "$want" ] || fail "$mode: sample (line, offset) $got, expected $want"
done
finish
