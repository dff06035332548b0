// The batch run: inputs -> parallel decode/validate/normalize/key -> ordered dedupe and output.
// Plain structs in and out; TBB and Boost stay inside the library.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/write.hpp"
#include "fenbatch/pipeline/signal_cleanup.hpp"

namespace fenbatch::pipeline {

struct progress_info {
  std::uint64_t bytes_done = 0;   // input bytes consumed so far (on-disk bytes)
  std::uint64_t bytes_total = 0;  // sum of regular input sizes; 0 when unknown (pipes, stdin)
  double seconds = 0;
};

struct run_config {
  std::vector<std::string> inputs;  // read in this order as one stream; "-" is standard input
  std::string output = "-";         // "-" is standard output
  std::string rejects_path;         // every rejected line, with file, line, column and reason
  std::string stats_json_path;      // statistics as JSON

  bool dedupe = false;
  core::key_kind key = core::key_kind::position;
  core::decode_options decode;
  core::write_options write;

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
  bool use_mmap = true;              // map regular uncompressed files (else read them)
  bool allow_special_files = false;  // accept character and block devices as input
  std::uint64_t max_bytes = 0;       // stop reading after about this many bytes (0: no limit)
  unsigned samples_per_reason = 3;   // invalid lines quoted through `diagnostic`, per reason

  // One diagnostic line (no newline), e.g. "in.fen:12:5: rank_width: <escaped line>".
  std::function<void(std::string_view)> diagnostic;
  // Called from the ordered stage at most about every 100 ms, and once at the end.
  std::function<void(const progress_info&)> progress;
};

struct counted_text {
  std::string text;
  std::uint64_t count = 0;
  friend bool operator==(const counted_text&, const counted_text&) = default;
};

// Where an invalid line was: the same lines as the stderr samples, in input order.
struct invalid_sample {
  std::string file;
  std::uint64_t line = 0;    // 1-based, per input file
  std::uint32_t column = 0;  // 1-based byte column in the line
  std::uint64_t offset = 0;  // byte offset of the line's start in its (decompressed) file
  core::fen_errc reason = core::fen_errc::ok;
  friend bool operator==(const invalid_sample&, const invalid_sample&) = default;
};

struct run_stats {
  std::uint64_t input_bytes = 0;  // bytes read from the inputs (compressed size if compressed)
  std::uint64_t bytes = 0;        // text bytes after decompression
  std::uint64_t lines = 0;
  std::uint64_t skipped_blank = 0;
  std::uint64_t skipped_comment = 0;
  std::uint64_t valid = 0;
  std::uint64_t invalid = 0;
  std::array<std::uint64_t, core::fen_errc_count> invalid_by_reason{};
  std::array<std::uint64_t, core::repair_kind_count> repairs{};  // lines repaired, by kind
  std::uint64_t written = 0;
  std::uint64_t unique = 0;      // distinct keys among valid lines (with dedupe only)
  std::uint64_t duplicates = 0;  // valid lines dropped as duplicates

  // Notes on accepted input.
  std::uint64_t crlf_lines = 0;
  std::uint64_t bom_skipped = 0;
  std::uint64_t fullmove_zero = 0;
  std::uint64_t epd_records = 0;            // 4-field records
  std::uint64_t with_operations = 0;        // records carrying EPD operations
  std::uint64_t whitespace_normalized = 0;  // separators other than single spaces, or trimmed
  std::uint64_t counters_inconsistent = 0;  // kept, but the counters contradict the position

  // Inputs that changed (size or modification time) while they were read, and whether
  // reading stopped at run_config::max_bytes.
  std::vector<std::string> inputs_changed;
  bool stopped_at_max_bytes = false;

  // Over every valid line (before dedupe).
  std::uint64_t white_to_move = 0;
  std::uint64_t black_to_move = 0;
  std::uint64_t castling_none = 0;
  std::uint64_t castling_standard = 0;  // rights only with rooks on a/h files and king on e
  std::uint64_t castling_chess960 = 0;  // any other rights
  std::uint64_t legal_ep = 0;           // a legal en-passant capture exists
  std::uint64_t in_check = 0;
  std::array<std::uint64_t, 33> piece_count{};  // by number of pieces on the board
  std::vector<counted_text> top_material;       // e.g. "KQRBNPPvKRNPP", most frequent first
  std::vector<counted_text> most_repeated;      // 4-field position, count (with dedupe)
  std::vector<invalid_sample> invalid_samples;  // up to samples_per_reason per reason

  double wall_seconds = 0;
  unsigned threads = 0;  // the threads used (run_config::threads, capped at the usable CPUs)

  [[nodiscard]] std::uint64_t skipped() const noexcept { return skipped_blank + skipped_comment; }
  // lines = written + duplicates + invalid + skipped, always.
  [[nodiscard]] bool reconciles() const noexcept {
    return lines == written + duplicates + invalid + skipped();
  }
};

// Runs the whole job. Output, rejects and statistics files appear only if the run succeeds
// (each through a temporary file in its directory, fsynced and renamed). Throws
// std::system_error or std::runtime_error, with the path in the message, on I/O errors.
run_stats run(const run_config& config);

// The statistics as a JSON document (names documented in README.md).
std::string to_json(const run_stats& stats, const run_config& config);

}  // namespace fenbatch::pipeline
