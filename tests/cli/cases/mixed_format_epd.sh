#!/usr/bin/env bash
# Golden: --format epd: four fields, then the record's EPD operations re-emitted with single
# spaces ("bm  Bb5 ;id" becomes "bm Bb5; id"); counter fields (line 7's "5 0") are not
# operations and are dropped, while hmvc/fmvn operations (line 6) are carried over.
set -euo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
"$FENBATCH" -q --format epd mixed.fen
