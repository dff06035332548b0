#!/usr/bin/env bash
# I16 (unclear errors): a UNIX socket named as an input fails with "No such device or address"
# (open(2) gives ENXIO). It is refused plainly: exit 2, "fenbatch: open: NAME: is a socket,
# which cannot be read as a file (...)", before anything is read or written, also as the second
# input after a good one and with a name that needs quoting (quoted_name). A socket that is
# standard input (inetd, systemd, socat) is a stream like a pipe and is read.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
printf '%s\n' "$K" "$S" >plain.fen
"$FENBATCH" -q plain.fen ref.fen || die "reference run failed"
# A listening socket file, kept while the runs are made (the binding process then exits).
python3 -c 'import socket, sys
for name in sys.argv[1:]:
    s = socket.socket(socket.AF_UNIX); s.bind(name)' sock "so ck" || die "cannot make sockets"
[ -S sock ] || die "sock is not a socket"
printf 'old\n' >out.fen
saved=$(fingerprint_content out.fen)
for inputs in sock "plain.fen sock" "so ck"; do
  if [ "$inputs" = "so ck" ]; then
    "$FENBATCH" -q -o out.fen "so ck" 2>err.txt
    status=$?
    name="'so ck'"
  else
    # shellcheck disable=SC2086  # word splitting of the input list is intended
    "$FENBATCH" -q -o out.fen $inputs 2>err.txt
    status=$?
    name=sock
  fi
  aoc_check "$inputs" "$status" out.fen "$saved" err.txt
  grep -qxF "fenbatch: open: $name: is a socket, which cannot be read as a file (send its data through a pipe or standard input instead)" err.txt ||
    fail "$inputs: stderr $(head -c 300 err.txt)"
done
python3 - "$FENBATCH" <<'PY' || fail "a socket as standard input"
import socket, subprocess, sys
ours, theirs = socket.socketpair()
run = subprocess.Popen([sys.argv[1], "-q", "-", "out-stdin.fen"], stdin=theirs)
theirs.close()
ours.sendall(open("plain.fen", "rb").read())
ours.close()
sys.exit(run.wait())
PY
same_file ref.fen out-stdin.fen "a socket as standard input"
finish
