#!/usr/bin/env bash
# F16: fenbatch only reads its input: a mode 0444 input, an immutable one (chattr +i, where the
# file system supports it) and one on a read-only bind mount are processed normally (exit 0,
# same output as a writable copy) and are unchanged afterwards (IIC). The immutable and
# read-only-mount parts need root; if neither chattr nor mount works here, that is a failure.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need chattr mount
"$FENBATCH_GEN" -n 3000 --seed 14 -o in.fen || die "fenbatch-gen failed"
"$FENBATCH" -q --dedupe in.fen expected.fen || die "reference run failed"
cp in.fen ro.fen && chmod 444 ro.fen
cp in.fen immutable.fen
mkdir rodir src && cp in.fen src/in.fen
chattr +i immutable.fen 2>/dev/null && have_immutable=1 || have_immutable=0
if mount --bind src rodir 2>/dev/null && mount -o remount,bind,ro rodir 2>/dev/null; then have_ro=1; else have_ro=0; fi
trap 'chattr -i immutable.fen 2>/dev/null; umount rodir 2>/dev/null' EXIT
[ $((have_immutable + have_ro)) -gt 0 ] || fail "neither chattr +i nor a read-only bind mount works here"
inputs="ro.fen"
[ $have_immutable = 1 ] && inputs="$inputs immutable.fen"
[ $have_ro = 1 ] && inputs="$inputs rodir/in.fen"
for input in $inputs; do
  for mode in "" --no-mmap; do
    iic_save "$input"
    "$FENBATCH" -q --dedupe $mode "$input" out.fen || fail "$input${mode:+ $mode}: exit $?"
    same_file expected.fen out.fen "$input${mode:+ $mode}"
    iic_check "$input" "$input${mode:+ $mode}"
  done
done
finish
