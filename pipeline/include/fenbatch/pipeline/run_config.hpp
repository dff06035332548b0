// What a run is asked to do: inputs, destinations, options and callbacks. A plain struct, so
// that callers build it without TBB or Boost.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/selection_hash.hpp"
#include "fenbatch/core/write.hpp"
#include "fenbatch/pipeline/compression.hpp"
#include "fenbatch/pipeline/header_mode.hpp"
#include "fenbatch/pipeline/record_format.hpp"
#include "fenbatch/pipeline/record_moves.hpp"

namespace fenbatch::pipeline {

// A run past its memory budget takes three passes (see run_stats::memory); a run in memory one.
enum class run_phase : std::uint8_t {
  reading,        // the only pass of a run in memory; pass 1 of 3 (partitioning keys) otherwise
  deduplicating,  // pass 2 of 3: the partitions, one by one (done/total count partitions)
  writing,        // pass 3 of 3: the lines after the switch read again and written
};

struct progress_info {
  std::uint64_t bytes_done =
      0;  // input bytes consumed so far (on-disk bytes); partitions in pass 2
  std::uint64_t bytes_total = 0;  // sum of regular input sizes; 0 when unknown (pipes, stdin)
  double seconds = 0;
  run_phase phase = run_phase::reading;
  bool partitioned = false;  // the run has switched to partitioned dedupe (three passes)
};

// --split NAME=FRACTION:FILE (issue 28): the positions whose value (core/selection_hash.hpp)
// falls in this split's share go to FILE instead of the output.
struct split_request {
  std::string name;
  core::decimal_fraction fraction;
  std::string fraction_text;  // as given ("10%"), for the statistics
  std::string path;
};
// --keep (issue 28): which occurrences of a repeated position are written; max_value and
// min_value (issue 29, --keep max:FIELD / min:FIELD): the occurrences whose field is largest
// (smallest), ties to the first, a missing or non-numeric value below any number.
enum class keep_occurrence : std::uint8_t { first, last, max_value, min_value };

struct run_config {
  std::vector<std::string> inputs;  // read in this order as one stream; "-" is standard input
  std::string output = "-";         // "-" is standard output
  std::string rejects_path;         // every rejected line, with file, line, column and reason
  std::string stats_json_path;      // statistics as JSON
  std::string report_path;          // statistics as one HTML page (html_report.hpp)
  // Every valid line dropped as a duplicate: "FILE:LINE: duplicate of FILE:LINE: <line>".
  std::string duplicates_path;
  // One line per unique position, in first-occurrence order: "count\tposition\tFILE:LINE".
  std::string counts_path;
  // Reference files (any input format, compressed too): their positions, by `key`, are dropped
  // from the output and counted as excluded.
  std::vector<std::string> exclude_paths;
  // --where (issue 28): expressions over each valid line's position (the language is in
  // core/where_expression.hpp); a line is written only if every one holds, else it is
  // filtered, before --exclude and dedupe (a filtered line never claims a key). References
  // are not filtered. An expression that does not compile is a config_error
  // (where_check.hpp says why, in one line).
  std::vector<std::string> where;
  // --uniqueness (issue 28): the statistics count the distinct positions of the lines that
  // reach dedupe (valid, neither filtered nor excluded) under six identities
  // (uniqueness_stats.hpp), with or without dedupe.
  bool uniqueness = false;
  // --split and --sample (issue 28), decided by the position (core/selection_hash.hpp): each
  // written position goes to the split its value falls in (cumulative shares, in the order
  // given), the rest to the output; --sample keeps only the valid lines whose value (under
  // its own seed) falls below the fraction, after --exclude and before dedupe (the others are
  // unsampled). Neither implies dedupe. References are neither split nor sampled.
  std::vector<split_request> splits;
  std::uint64_t split_seed = 0;
  std::optional<core::decimal_fraction> sample;
  std::string sample_text;  // as given ("1%"), for the statistics
  std::uint64_t sample_seed = 1;
  // Which occurrence survives (issue 28); any but the defaults implies dedupe. --keep: the
  // first or the last occurrences of each position; --max-per-position: up to that many of
  // them (the first or last N); --min-count: positions seen fewer times write none of their
  // lines (each counted as rare).
  keep_occurrence keep = keep_occurrence::first;
  std::string keep_field;  // with max_value/min_value: the field, as typed after "max:"
  std::uint32_t max_per_position = 1;
  std::uint32_t min_count = 1;

  // How records are shaped; unset: inferred from each input's name (infer_input_format).
  std::optional<input_format> format;
  // CSV/TSV: the header name or 1-based column of the position; JSON lines: the key. Empty:
  // the column named fen (any case) or the key "fen".
  std::string fen_field;
  // CSV/TSV: --header, and --columns (the names of a headerless file's columns, in order).
  header_mode header = header_mode::automatic;
  std::vector<std::string> columns;
  // --apply-moves and --check-move for the inputs, --exclude-apply-moves for the references
  // (record_moves.hpp).
  record_moves moves;
  move_request exclude_apply_moves;

  // The codec of the output (side files always go by their names: .zst, .gz, .xz, .bz2);
  // `automatic` goes by the output's name, and in place keeps the input's codec.
  compression output_compression = compression::automatic;
  int compression_level = 0;  // the output's; 0: the codec's default

  // Entries in the most-repeated and material lists of the statistics.
  std::size_t top = 20;

  bool dedupe = false;
  core::key_kind key = core::key_kind::position;
  core::decode_options decode;
  core::write_options write;
  // --format plain (or an output named .plain): FEN-line and CSV/TSV inputs written as
  // Stockfish's .plain records (fen, then the other columns as NAME VALUE, then e). A .plain
  // input is written as .plain whatever this says.
  bool plain_output = false;

  unsigned threads = 0;              // 0, or more than the CPUs this process may use: that many
  std::size_t chunk_size = 1 << 20;  // bytes per unit of parallel work
  // Dedupe table shards: 0 picks four per thread (a power of two, at most 64; one at one
  // thread); otherwise a power of two up to 64. For tests and experiments: output never
  // depends on it.
  std::size_t dedupe_shards = 0;
  // Dedupe stages (serial pipeline stages adding keys, each for a group of shards, working on
  // different chunks at once): 0 picks one per thread; otherwise that many. Never more than the
  // shards: with dedupe_shards set, more is an error; with automatic shards, the count is cut
  // to theirs. For tests and experiments: output never depends on it.
  std::size_t dedupe_stages = 0;
  // Bytes fenbatch may allocate for its own structures (dedupe set, chunks in flight, spill
  // buffers); 0: the default share of what this process may use (memory_budget.hpp). A dedupe
  // set that would outgrow it switches the run to partitioned dedupe on disk.
  std::uint64_t memory_limit = 0;
  // For tests and experiments (output never depends on it): when not 0, the bytes the dedupe
  // set may take before the switch, and the partitions after it, instead of their share of
  // memory_limit; any size, so that small inputs switch mid-run and spread over hundreds of
  // partitions.
  std::uint64_t dedupe_memory_bytes = 0;
  // Where temporary files go; empty: $TMPDIR, else /tmp.
  std::string temp_dir;
  bool use_mmap = true;              // map regular uncompressed files (else read them)
  bool allow_special_files = false;  // accept character and block devices as input
  std::uint64_t max_bytes = 0;       // stop reading after about this many bytes (0: no limit)
  unsigned samples_per_reason = 3;   // invalid lines quoted through `diagnostic`, per reason

  // One diagnostic line (no newline), e.g. "in.fen:12:5: rank_width: <escaped line>".
  std::function<void(std::string_view)> diagnostic;
  // Called from the ordered stage at most about every 100 ms, and once at the end.
  std::function<void(const progress_info&)> progress;
};

}  // namespace fenbatch::pipeline
