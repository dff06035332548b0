#!/usr/bin/env bash
# F01: a missing input, and an unreadable one (chmod 000, run as the unprivileged user 65534
# through setpriv, since root bypasses file modes), also after a good input: exit 2 with
# "fenbatch: open: PATH: No such file or directory" / "...: Permission denied", before creating
# anything: no output, rejects, stats or temporary file; an existing output untouched; IIC.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need setpriv
chmod 0755 .                      # the unprivileged user must reach its own directory
mkdir nb && chown 65534:65534 nb && cd nb || die "cannot prepare a directory for user 65534"
printf '%s\n' "$K" >ok.fen
printf '%s\n' "$S" >secret.fen
chmod 000 secret.fen
chown 65534:65534 ok.fen
iic_save secret.fen
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
printf 'old content\n' >keep.fen && chown 65534:65534 keep.fen
saved=$(fingerprint_content keep.fen)
for args in "nope.fen out.fen" "ok.fen nope.fen out.fen" "nobody:secret.fen out.fen" \
            "nobody:ok.fen secret.fen out.fen" "nope.fen keep.fen" "nobody:secret.fen keep.fen"; do
  runner=""
  case $args in nobody:*) runner=as_nobody; args=${args#nobody:} ;; esac
  # shellcheck disable=SC2086  # word splitting of the argument list is intended
  out=${args##* }
  # (several inputs need -o; the last word is the output)
  $runner "$FENBATCH" -q --rejects rej.txt --stats-json s.json -o "$out" ${args% *} 2>err.txt
  status=$?
  if [ "$out" = keep.fen ]; then aoc_check "$args" "$status" keep.fen "$saved" err.txt
  else aoc_check "$args" "$status" out.fen absent err.txt; fi
  [ ! -e rej.txt ] && [ ! -e s.json ] || fail "$args: a side file was created"
  case $args in
    *nope.fen*) grep -qx 'fenbatch: open: nope.fen: No such file or directory' err.txt || fail "$args: stderr: $(cat err.txt)" ;;
    *) grep -qx 'fenbatch: open: secret.fen: Permission denied' err.txt || fail "$args (as 65534): stderr: $(cat err.txt)" ;;
  esac
done
iic_check secret.fen "unreadable input"
as_nobody "$FENBATCH" -q ok.fen out.fen || fail "control: user 65534 cannot run fenbatch on a readable input"
finish
