// The parallel stage's work on a chunk of Stockfish's .plain records (formats/plain_records.hpp):
// the per-line loop of process_lines.hpp made a per-record one. Its own unit, so that the FEN
// and field loops keep their code.
#pragma once

#include "chunks/chunk.hpp"
#include "dedupe/dedupe_set.hpp"
#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

// A record counts once, at its first line (its index is the record's in rejects and origins),
// under its outcome; its other lines, the `e` included, count as skipped.record_lines, so that
// lines = written + duplicates + ... + skipped holds as for lines. Blank lines between records
// are skipped.blank. A line that cannot start a record (neither `KEY VALUE` nor `e`) is
// rejected alone (plain_bad_line); a record without `e` by the chunk's end (the file's, or
// where record_ends.hpp could find none) or within max_plain_record_lines is plain_unterminated.
void process_plain_records(chunk& c, const line_options& config, const dedupe_set* excluded,
                           bool with_origins);

// --format plain (line_options::plain_output) for FEN/EPD lines and CSV/TSV records: read as
// usual (process_lines.hpp), each kept record written as a .plain record: `fen` and the
// canonical position (6 fields), a CSV/TSV record's other columns as `NAME VALUE` lines in
// order, then `e`. No CSV/TSV header is written.
void process_as_plain(chunk& c, const line_options& config, const dedupe_set* excluded,
                      bool with_origins);

}  // namespace fenbatch::pipeline::detail
