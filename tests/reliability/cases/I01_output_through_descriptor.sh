#!/usr/bin/env bash
# I01 (issue 26, item 1): a destination that resolves to an input's or a reference's file
# through a descriptor is refused, whatever name leads there: /dev/fd/N, /proc/self/fd/N,
# /proc/PID/fd/N, /dev/stdout with > and >> into the input, a symlink to /dev/fd/N, a
# descriptor on a hard link of the input, standard input's descriptor opened read-write
# (/dev/fd/0, /dev/stdin), an --exclude reference as the victim, and side files through
# descriptors. Each exits 2 naming the destination and the input ("is also an input" or "is
# also an --exclude reference"), before anything is written: the input keeps its bytes (IIC:
# size, mtime, inode, sha256; with > the shell emptied it before fenbatch ran, and it stays
# empty), no output is published, no temporary is left. In place by the file's own name, and a
# descriptor on a fresh file, still work. (Before: `exec 3<>in.fen; fenbatch -d in.fen
# /dev/fd/3` exited 0 and left in.fen a mix of output and old input.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
"$FENBATCH_GEN" -n 3000 --seed 26 -o data.fen || die "fenbatch-gen failed"
cat data.fen data.fen >original.fen  # duplicates: the output is shorter than the input
printf '%s\n' "$K" >ref.epd
"$FENBATCH" -q -d original.fen expected.fen || die "reference run failed"

# refused WHAT MESSAGE_REGEX COMMAND: runs COMMAND (a shell line: its redirections are the
# point) with a fresh in.fen (and hl.fen, a hard link to it); exit 2, the message, in.fen and
# ref.epd unchanged, nothing published, no temporary.
refused() {
  local what=$1 message=$2 command=$3
  rm -f in.fen hl.fen out.fen side.txt
  cp original.fen in.fen
  ln in.fen hl.fen
  iic_save in.fen
  iic_save ref.epd
  FB=$FENBATCH bash -c "$command" 2>err.txt
  local status=$?
  [ "$status" = 2 ] || fail "$what: exit $status, expected 2"
  grep -Eq "^fenbatch: $message" err.txt || fail "$what: stderr: $(cat err.txt)"
  iic_check in.fen "$what"
  iic_check ref.epd "$what"
  [ ! -e out.fen ] || fail "$what: out.fen was published"
  [ ! -e side.txt ] || fail "$what: side.txt was published"
  no_temps "$what"
}

also_input='(the output|--[a-z-]+) [^ ]+ is also an input \(in\.fen\)'
refused "the issue's case: 3<>in.fen, /dev/fd/3" "$also_input" \
  'exec 3<>in.fen; "$FB" -q -d in.fen /dev/fd/3'
refused "/proc/self/fd/3" "$also_input" \
  'exec 3<>in.fen; "$FB" -q -d in.fen /proc/self/fd/3'
refused "/proc/PID/fd/3 (fenbatch's own pid)" "$also_input" \
  'exec 3<>in.fen; exec "$FB" -q -d in.fen /proc/$$/fd/3'
refused "/dev/stdout appending to the input (>>)" "$also_input" \
  '"$FB" -q -d in.fen /dev/stdout >>in.fen'
refused "- appending to the input (>>)" 'standard output is also an input, in\.fen' \
  '"$FB" -q -d in.fen - >>in.fen'
refused "a symlink to /dev/fd/3" "$also_input" \
  'ln -s /dev/fd/3 fd3.link; exec 3<>in.fen; "$FB" -q -d in.fen fd3.link; s=$?; rm fd3.link; exit $s'
refused "a descriptor on a hard link of the input" "$also_input" \
  'exec 3<>hl.fen; "$FB" -q -d in.fen /dev/fd/3'
refused "standard input opened read-write, written as /dev/fd/0" \
  'the output /dev/fd/0 is also an input \(-\)' '"$FB" -q -d - /dev/fd/0 0<>in.fen'
refused "standard input opened read-write, written as /dev/stdin" \
  'the output /dev/stdin is also an input \(in\.fen\)' '"$FB" -q -d in.fen /dev/stdin 0<>in.fen'
refused "an --exclude reference through a descriptor" \
  'the output /dev/fd/3 is also an --exclude reference \(ref\.epd\)' \
  'exec 3<>ref.epd; "$FB" -q -d --exclude ref.epd in.fen /dev/fd/3'
refused "--rejects through a descriptor" '--rejects /dev/fd/3 is also an input \(in\.fen\)' \
  'exec 3<>in.fen; "$FB" -q --rejects /dev/fd/3 in.fen out.fen'
refused "--stats-json on standard output appending to the input" \
  '--stats-json - \(standard output\) is also an input, in\.fen' \
  '"$FB" -q --stats-json - -o out.fen in.fen >>in.fen'
refused "--counts through /proc/self/fd of a reference" \
  '--counts /proc/self/fd/4 is also an --exclude reference \(ref\.epd\)' \
  'exec 4<>ref.epd; "$FB" -q --exclude ref.epd --counts /proc/self/fd/4 in.fen out.fen'
refused "--duplicates through a descriptor appending to the input" \
  '--duplicates /dev/fd/5 is also an input \(in\.fen\)' \
  '"$FB" -q --duplicates /dev/fd/5 in.fen out.fen 5>>in.fen'

# > truncates the input before fenbatch runs: refused all the same, and nothing is written.
rm -f in.fen && cp original.fen in.fen
"$FENBATCH" -q -d in.fen /dev/stdout >in.fen 2>err.txt
status=$?
[ "$status" = 2 ] || fail "/dev/stdout truncating the input (>): exit $status, expected 2"
grep -Eq "^fenbatch: $also_input" err.txt || fail "/dev/stdout (>): stderr: $(cat err.txt)"
[ ! -s in.fen ] || fail "/dev/stdout (>): fenbatch wrote into the input"

# Still allowed: in place by the file's name (through a temporary and a rename), and a
# descriptor on a file that is no input.
cp original.fen in.fen
"$FENBATCH" -q -d in.fen in.fen || fail "in place by name: exit $?"
same_file expected.fen in.fen "in place by name"
rm -f fresh.fen
(exec 3>fresh.fen; "$FENBATCH" -q -d original.fen /dev/fd/3) || fail "a descriptor on a fresh file: exit $?"
same_file expected.fen fresh.fen "a descriptor on a fresh file"
no_temps "descriptors"
finish
