#!/usr/bin/env bash
# I09 (issue 26, item 9): a stream read twice, as inputs or references, is refused: its first
# reader consumes it and the second finds nothing (before: `... | fenbatch -d --exclude - - out`
# read the whole stream as the reference and wrote an empty output, exit 0). Standard input as
# -, /dev/stdin and /dev/fd/0 (a pipe; and a regular file behind <, where - and /dev/stdin
# share one offset), one FIFO by two names, one socket through two descriptor names, one
# regular file through one descriptor twice: each exits 2 naming both reads, before anything is read or
# written (no output, no temporary; a run that read the stream would hang on the FIFO: a time
# limit catches it). Two reads of one regular file by name are fine: each opens its own.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need timeout
printf '%s\n' "$K" "$S" >in.fen
printf '%s\n' "$K" >ref.epd

# refused WHAT MESSAGE_REGEX COMMAND: the shell line COMMAND exits 2 with the message, and
# publishes nothing.
refused() {
  local what=$1 message=$2 command=$3
  rm -f out.fen
  FB=$FENBATCH timeout 20 bash -c "$command" 2>err.txt >/dev/null
  local status=$?
  [ "$status" = 2 ] || fail "$what: exit $status, expected 2"
  grep -Eq "^fenbatch: $message" err.txt || fail "$what: stderr: $(cat err.txt)"
  [ ! -e out.fen ] || fail "$what: out.fen was published"
  no_temps "$what"
}
stdin_twice='.* both read standard input, which can be read only once'
refused "the issue's case: --exclude - - from a pipe" \
  'an input - and an --exclude reference - both read standard input' \
  'cat in.fen | "$FB" -q -d --exclude - - out.fen'
refused "two inputs -" "$stdin_twice" 'cat in.fen | "$FB" -q -d -o out.fen - -'
refused "- and /dev/stdin" "$stdin_twice" 'cat in.fen | "$FB" -q -o out.fen - /dev/stdin'
refused "--exclude /dev/fd/0 and -" "$stdin_twice" 'cat in.fen | "$FB" -q --exclude /dev/fd/0 - out.fen'
refused "--exclude /dev/stdin with /proc/self/fd/0" "$stdin_twice" \
  'cat in.fen | "$FB" -q --exclude /dev/stdin /proc/self/fd/0 out.fen'
refused "- twice, a regular file behind <" \
  'an input - and an --exclude reference - both read standard input through descriptors' \
  '"$FB" -q --exclude - - out.fen <in.fen'
mkfifo fifo
ln -s fifo fifo.link
# The FIFO held open read-write here, with data in it: opening it never blocks.
exec 3<>fifo
printf '%s\n' "$K" >&3
refused "one FIFO by two names" \
  'an input fifo\.link and an --exclude reference fifo both read one stream' \
  '"$FB" -q --exclude fifo fifo.link out.fen'
exec 3>&-
refused "one socket through two descriptor names" \
  'an input /dev/fd/[0-9]+ and an --exclude reference /proc/self/fd/[0-9]+ both read one stream' \
  'exec python3 -c "import socket, subprocess, sys
a, b = socket.socketpair(); a.sendall(b\"x\\n\"); a.shutdown(socket.SHUT_WR)
n = b.fileno()
sys.exit(subprocess.run([sys.argv[1], \"-q\", \"--exclude\", f\"/proc/self/fd/{n}\", f\"/dev/fd/{n}\", \"out.fen\"], pass_fds=[n]).returncode)" "$FB"'
refused "a regular file through one descriptor twice" \
  'an input /dev/fd/3 and an input /dev/fd/3 both read one file through descriptors' \
  'exec 3<in.fen; "$FB" -q -o out.fen /dev/fd/3 /dev/fd/3'

# Fine: one regular file read twice by its names, and by a name and a descriptor.
"$FENBATCH" -q --exclude in.fen in.fen out.fen || fail "--exclude in.fen in.fen: exit $?"
[ ! -s out.fen ] || fail "--exclude in.fen in.fen: the output is not empty: $(cat out.fen)"
"$FENBATCH" -q -o out2.fen in.fen ./in.fen || fail "in.fen ./in.fen: exit $?"
[ "$(wc -l <out2.fen)" = 4 ] || fail "in.fen ./in.fen: $(wc -l <out2.fen) lines, expected 4"
"$FENBATCH" -q --exclude ref.epd -o out3.fen - in.fen <in.fen || fail "- and in.fen: exit $?"
[ "$(cat out3.fen)" = "$S"$'\n'"$S" ] || fail "- and in.fen: $(cat out3.fen)"
finish
