#!/usr/bin/env bash
# C07: en-passant fields "e9", "z3", "e", "E3", "e33", "3e" are ep_syntax (also under
# --repair: syntax is never repaired); SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
for ep in e9 z3 e E3 e33 3e; do row ep_syntax "4k3/8/8/8/8/8/8/4K3 w - $ep 0 1"; done
row valid="$K" "$K"
check_rows "ep syntax"
check_rows "ep syntax --repair" --repair
finish
