// A run's options resolved once: the public run_config cut into slices, each read by its
// consumers only, with every implication and derived flag decided in resolve_run() and
// nowhere else. A part of the run that needs a slice gets that slice, not the whole.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dedupe/survivor_policy.hpp"
#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/where_expression.hpp"
#include "fenbatch/core/write.hpp"
#include "fenbatch/pipeline/compression.hpp"
#include "fenbatch/pipeline/header_mode.hpp"
#include "fenbatch/pipeline/record_format.hpp"
#include "fenbatch/pipeline/record_moves.hpp"
#include "input/input_options.hpp"

namespace fenbatch::pipeline {
struct run_config;
struct progress_info;
}  // namespace fenbatch::pipeline

namespace fenbatch::pipeline::detail {

// What is read, and how.
struct input_slice {
  std::vector<std::string> paths;  // in this order as one stream; "-" is standard input
  input_options reading;
  std::size_t chunk_size = 1 << 20;  // bytes per unit of parallel work
};

// How each line is read, checked, written and keyed.
struct line_options {
  std::optional<input_format> format;  // unset: by each input's name
  std::string fen_field;               // empty: the column or key "fen"
  core::decode_options decode;
  core::write_options write;
  core::key_kind key = core::key_kind::position;
  bool keyed = false;             // dedupe: every valid line is keyed and grouped by shard
  bool with_origins = false;      // --counts, --duplicates: where each line and first occurrence is
  bool with_source_text = false;  // --duplicates: each line's text as read is kept
  // --where, compiled once, in the order given: a valid line is kept only if every one holds,
  // and is counted under the first that does not. `where_needs`: the values they read together.
  // Empty for a reference: a reference line is never filtered (it excludes its position
  // whatever --where says of it).
  std::vector<core::where_program> where;
  core::where_needs where_needs = 0;
  // --uniqueness: the identities (uniqueness/identity_keys.hpp's identity_mask) whose keys each
  // line that reaches dedupe gets, for the counting stages of pass 1; 0 without it, for a
  // reference and for the replay of pass 3.
  std::uint8_t identities = 0;
  // --sample: a valid line is kept only if selection_value(key, sample_seed) is below this
  // (after --exclude, before dedupe). --split without dedupe: every written line is keyed (for
  // its split) but not grouped by shard. Neither for a reference.
  std::optional<std::uint64_t> sample_threshold;
  std::uint64_t sample_seed = 1;
  bool keys_for_splits = false;
  // CSV/TSV: --header and --columns (formats/record_headers.hpp decides each input's first line).
  header_mode header = header_mode::automatic;
  std::vector<std::string> columns;
  // --apply-moves and --check-move (--exclude-apply-moves for a reference): empty for none.
  record_moves moves;
  // The `$NAME` fields the --where expressions read, each once: the field table their programs
  // index (core::compile_where); empty when none reads a field, and for a reference.
  std::vector<std::string> where_fields;
  // run_config::plain_output: each record written as a .plain record (formats/plain_records).
  bool plain_output = false;
  // --keep max:FIELD / min:FIELD (issue 29): each line that reaches dedupe gets the standing of
  // this field's value (dedupe/ranked_standing.hpp; chunk::standings), for the partitions to
  // rank a key's lines. Empty otherwise, for a reference and for the replay of pass 3.
  std::string ranking_field;
  bool ranking_by_max = true;
  // stream_run (record_stream.hpp): each kept line's index in its chunk (chunk::sources), with
  // or without dedupe, so that each streamed record says where it came from.
  bool with_sources = false;
};

// --split: each written line goes to the split its position's value falls in
// (core::selection_part over these cumulative thresholds, in the order given), else to the
// output. Empty: no split.
struct split_plan {
  std::vector<std::uint64_t> thresholds;
  std::uint64_t seed = 0;
  [[nodiscard]] bool empty() const noexcept { return thresholds.empty(); }
};

// A reference of --exclude: read whole, with its own line options (its format by its name).
struct reference_input {
  std::string path;
  line_options lines;
};

// Whether and how duplicates are removed.
struct dedupe_options {
  bool enabled = false;       // --dedupe, or implied by --counts or --duplicates
  bool with_origins = false;  // each key's first occurrence is kept
  bool final_counts = false;  // --counts: each first occurrence's final count is asked
  survivor_policy survivors;  // --keep, --max-per-position, --min-count
};

// What the machine plan (run_plan.hpp) is made from: threads, shards, memory, temporaries.
struct resource_options {
  unsigned threads = 0;  // 0: the usable CPUs
  std::size_t shards = 0;
  std::size_t stages = 0;
  std::uint64_t memory_limit = 0;       // 0: the default share
  std::uint64_t test_memory_bytes = 0;  // for tests: the set's and partitions' bytes
  std::string temp_dir;                 // as asked; empty: $TMPDIR, else /tmp
  bool may_write_temporaries = false;   // dedupe, --counts, --duplicates or --temp-dir
};

// A --split file: its name, its fraction as given, its path.
struct split_output {
  std::string name;
  std::string fraction;
  std::string path;
  double share = 0;  // the fraction's value, for the statistics
};

// The files written.
struct output_options {
  std::string output = "-";  // "-" is standard output
  std::string rejects;       // empty: none (likewise below)
  std::string stats_json;
  std::string report;
  std::string duplicates;
  std::string counts;
  compression codec = compression::automatic;
  int level = 0;  // 0: the codec's default
  // The input when there is exactly one (the output may replace it, and then keeps its codec).
  std::string single_input;
  std::vector<split_output> splits;  // --split, in the order given (written like the output)
  // stream_run: the records go to the caller's sink; no output file is opened (`output` is
  // neither checked nor created).
  bool streamed = false;
};

// The run as the statistics and the report describe it: what was asked.
struct report_options {
  std::vector<std::string> inputs;
  std::vector<std::string> references;
  output_options outputs;
  line_options lines;
  bool dedupe = false;
  std::size_t top = 20;
  unsigned samples_per_reason = 3;
  unsigned threads_asked = 0;
  std::size_t chunk_size = 1 << 20;
  std::uint64_t max_bytes = 0;
  std::vector<std::string> where;  // --where, as given
  // --split-seed, --sample (as given; empty: none) and --sample-seed; the splits are in
  // outputs.splits.
  std::uint64_t split_seed = 0;
  std::string sample;
  std::uint64_t sample_seed = 1;
  survivor_policy survivors;     // --keep, --max-per-position, --min-count, as given
  bool uniqueness = false;       // --uniqueness
  move_request exclude_moves{};  // --exclude-apply-moves (the inputs' moves are lines.moves)
};

// Where the run's remarks and progress go; either may be empty.
struct run_listeners {
  std::function<void(std::string_view)> diagnostic;
  std::function<void(const progress_info&)> progress;

  void notice(std::string_view text) const {
    if (diagnostic) diagnostic(text);
  }
};

struct resolved_run {
  input_slice inputs;
  line_options lines;
  std::vector<reference_input> references;
  dedupe_options dedupe;
  split_plan splits;
  resource_options resources;
  output_options outputs;
  report_options report;
  run_listeners listeners;
};

// The one place where options are turned into what each part reads: --counts,
// --duplicates and a survivor policy other than plain dedupe imply --dedupe, origins are tracked
// for either, a reference keeps --fen-field only when it has the inputs' format and has no --where,
// temporaries may be written with dedupe or --temp-dir, each --where is compiled (a config_error,
// with where_refusal's line, for one that does not compile).
[[nodiscard]] resolved_run resolve_run(const run_config& config);

// The run as `config` asks it, implied nothing (to_json and to_html_report of a configuration
// describe it as given).
[[nodiscard]] report_options describe_run(const run_config& config);
// Whether a run of `config` dedupes: --dedupe, or implied by --counts, --duplicates or a
// survivor policy (--keep, --max-per-position, --min-count).
[[nodiscard]] bool dedupes(const run_config& config);

}  // namespace fenbatch::pipeline::detail
