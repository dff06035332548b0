// The statistics counters, defined once. Everything that lists counters follows from the one
// list below: the members of run_counters (and so of run_stats and of each chunk's partial
// counts), merge(), the names in the JSON document and the labels of the human summary.
// Adding a counter is one line here.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "fenbatch/core/fen_errc.hpp"

// An X-macro: STYLE.md keeps macros rare, and this is the case it allows. The list must be
// spelled out to declare members, add them and name them; a template over a reflection-less
// struct would need every member written again. One line per counter:
//   COUNTER(section, member, path, reported)   one count
//   COUNTS(section, member, extent, path, name)  an array of counts; name(i) names element i
// section: where the JSON document puts it (see counter_section); path: its name within the
// section, "group.name" for a member of a nested object; reported: always, or with_dedupe
// (meaningless without dedupe: null in the JSON, left out of the summary).
#define FENBATCH_RUN_COUNTERS(COUNTER, COUNTS)                                                 \
  /* bytes read from the inputs (compressed size if compressed) */                             \
  COUNTER(input, input_bytes, "input_bytes", always)                                           \
  COUNTER(input, bytes, "bytes", always) /* text bytes after decompression */                  \
  COUNTER(input, lines, "lines", always)                                                       \
  COUNTER(input, skipped_blank, "skipped.blank", always)                                       \
  COUNTER(input, skipped_comment, "skipped.comment", always)                                   \
  /* CSV/TSV header lines (the first line of each such input) */                               \
  COUNTER(input, skipped_header, "skipped.header", always)                                     \
  /* .plain records' lines after their first (counted there), the e line included */           \
  COUNTER(input, skipped_record_lines, "skipped.record_lines", always)                         \
  COUNTER(input, valid, "valid", always)                                                       \
  COUNTER(input, invalid, "invalid", always)                                                   \
  COUNTS(input, invalid_by_reason, ::fenbatch::core::fen_errc_count, "invalid_by_reason",      \
         reason_name)                                                                          \
  COUNTS(input, repairs, ::fenbatch::core::repair_kind_count, "repairs",                       \
         repair_name) /* by kind */                                                            \
  /* Notes on accepted input. */                                                               \
  COUNTER(input, crlf_lines, "notes.crlf_lines", always)                                       \
  COUNTER(input, bom_skipped, "notes.bom_skipped", always)                                     \
  COUNTER(input, fullmove_zero, "notes.fullmove_zero", always)                                 \
  COUNTER(input, epd_records, "notes.epd_records", always) /* 4-field records */               \
  /* records carrying EPD operations */                                                        \
  COUNTER(input, with_operations, "notes.with_operations", always)                             \
  /* separators other than single spaces, or trimmed */                                        \
  COUNTER(input, whitespace_normalized, "notes.whitespace_normalized", always)                 \
  /* kept, but the counters contradict the position */                                         \
  COUNTER(input, counters_inconsistent, "notes.counters_inconsistent", always)                 \
  COUNTER(output, written, "written", always)                                                  \
  /* distinct keys among valid lines */                                                        \
  COUNTER(output, unique, "unique", with_dedupe)                                               \
  COUNTER(output, duplicates, "duplicates", always) /* valid lines dropped as such */          \
  /* valid lines dropped because a reference file (--exclude) has their position */            \
  COUNTER(output, excluded, "excluded", always)                                                \
  /* valid lines dropped because a --where did not hold for them */                            \
  COUNTER(output, filtered, "filtered", always)                                                \
  /* valid lines dropped because --sample did not pick their position */                       \
  COUNTER(output, unsampled, "unsampled", always)                                              \
  /* valid lines of positions seen fewer than --min-count times (none of them written) */      \
  COUNTER(output, rare, "rare", always)                                                        \
  /* Over every valid line (before dedupe). */                                                 \
  COUNTER(positions, white_to_move, "side_to_move.white", always)                              \
  COUNTER(positions, black_to_move, "side_to_move.black", always)                              \
  COUNTER(positions, castling_none, "castling.none", always)                                   \
  /* rights only with rooks on a/h files and king on e */                                      \
  COUNTER(positions, castling_standard, "castling.standard", always)                           \
  COUNTER(positions, castling_chess960, "castling.chess960", always) /* other rights */        \
  COUNTER(positions, legal_ep, "legal_ep", always) /* a legal en-passant capture exists */     \
  COUNTER(positions, in_check, "in_check", always)                                             \
  /* by number of pieces on the board (up to 40 on 10x8) */                                    \
  COUNTS(positions, piece_count, ::fenbatch::pipeline::piece_count_extent, "piece_count",      \
         piece_count_name)                                                                     \
  /* The same over the lines written (after dedupe and --exclude). */                          \
  COUNTER(written_positions, written_white_to_move, "side_to_move.white", always)              \
  COUNTER(written_positions, written_black_to_move, "side_to_move.black", always)              \
  COUNTER(written_positions, written_castling_none, "castling.none", always)                   \
  COUNTER(written_positions, written_castling_standard, "castling.standard", always)           \
  COUNTER(written_positions, written_castling_chess960, "castling.chess960", always)           \
  COUNTS(written_positions, written_piece_count, ::fenbatch::pipeline::piece_count_extent,     \
         "piece_count", piece_count_name)                                                      \
  /* By board type (core::board_kind): the lines that are records (not skipped), routed by */  \
  /* the width of their first rank; lines = valid + invalid and valid = written + */           \
  /* duplicates + excluded + filtered + unsampled per board. The 8x8 ones follow */            \
  /* from the totals (derive_eight_by_eight), so the 8x8 per-line loop counts nothing more. */ \
  COUNTER(boards, eight_by_eight_lines, "8x8.lines", always)                                   \
  COUNTER(boards, eight_by_eight_valid, "8x8.valid", always)                                   \
  COUNTER(boards, eight_by_eight_invalid, "8x8.invalid", always)                               \
  COUNTER(boards, eight_by_eight_written, "8x8.written", always)                               \
  COUNTER(boards, eight_by_eight_duplicates, "8x8.duplicates", always)                         \
  COUNTER(boards, eight_by_eight_excluded, "8x8.excluded", always)                             \
  COUNTER(boards, eight_by_eight_filtered, "8x8.filtered", always)                             \
  COUNTER(boards, eight_by_eight_unsampled, "8x8.unsampled", always)                           \
  COUNTER(boards, eight_by_eight_rare, "8x8.rare", always)                                     \
  COUNTER(boards, eight_by_eight_unique, "8x8.unique", with_dedupe)                            \
  COUNTER(boards, ten_by_eight_lines, "10x8.lines", always)                                    \
  COUNTER(boards, ten_by_eight_valid, "10x8.valid", always)                                    \
  COUNTER(boards, ten_by_eight_invalid, "10x8.invalid", always)                                \
  COUNTER(boards, ten_by_eight_written, "10x8.written", always)                                \
  COUNTER(boards, ten_by_eight_duplicates, "10x8.duplicates", always)                          \
  COUNTER(boards, ten_by_eight_excluded, "10x8.excluded", always)                              \
  COUNTER(boards, ten_by_eight_filtered, "10x8.filtered", always)                              \
  COUNTER(boards, ten_by_eight_unsampled, "10x8.unsampled", always)                            \
  COUNTER(boards, ten_by_eight_rare, "10x8.rare", always)                                      \
  COUNTER(boards, ten_by_eight_unique, "10x8.unique", with_dedupe)

namespace fenbatch::pipeline {

// Piece counts 0..40: a 10x8 board holds up to 20 pieces a side (8x8 positions use 2..32).
inline constexpr std::size_t piece_count_extent = 41;

// Counts that add up: a run's, a chunk's, or a part's (a shard, a partition, a process).
struct run_counters {
#define FENBATCH_DECLARE_COUNTER(section, member, path, reported) std::uint64_t member = 0;
#define FENBATCH_DECLARE_COUNTS(section, member, extent, path, name) \
  std::array<std::uint64_t, extent> member{};
  FENBATCH_RUN_COUNTERS(FENBATCH_DECLARE_COUNTER, FENBATCH_DECLARE_COUNTS)
#undef FENBATCH_DECLARE_COUNTER
#undef FENBATCH_DECLARE_COUNTS

  // Adds the other's counts to these: associative and commutative.
  void merge(const run_counters& other) noexcept;
  friend bool operator==(const run_counters&, const run_counters&) = default;

  [[nodiscard]] std::uint64_t skipped() const noexcept {
    return skipped_blank + skipped_comment + skipped_header + skipped_record_lines;
  }
  // lines = written + duplicates + excluded + filtered + unsampled + rare + invalid + skipped,
  // always.
  [[nodiscard]] bool reconciles() const noexcept {
    return lines ==
           written + duplicates + excluded + filtered + unsampled + rare + invalid + skipped();
  }
  // The 8x8 board counters as what the totals leave after the 10x8 ones: every line that is
  // not skipped and not routed to the 10x8 reader is an 8x8 line. Called wherever the totals
  // change (a chunk's parallel stage, its dedupe, the end of a run for unique).
  void derive_eight_by_eight() noexcept {
    eight_by_eight_lines = lines - skipped() - ten_by_eight_lines;
    eight_by_eight_valid = valid - ten_by_eight_valid;
    eight_by_eight_invalid = invalid - ten_by_eight_invalid;
    eight_by_eight_written = written - ten_by_eight_written;
    eight_by_eight_duplicates = duplicates - ten_by_eight_duplicates;
    eight_by_eight_excluded = excluded - ten_by_eight_excluded;
    eight_by_eight_filtered = filtered - ten_by_eight_filtered;
    eight_by_eight_unsampled = unsampled - ten_by_eight_unsampled;
    eight_by_eight_rare = rare - ten_by_eight_rare;
  }
};

// One enumerator per line of the list, in its order.
enum class counter : std::uint8_t {
#define FENBATCH_ENUMERATE_COUNTER(section, member, path, reported) member,
#define FENBATCH_ENUMERATE_COUNTS(section, member, extent, path, name) member,
  FENBATCH_RUN_COUNTERS(FENBATCH_ENUMERATE_COUNTER, FENBATCH_ENUMERATE_COUNTS)
#undef FENBATCH_ENUMERATE_COUNTER
#undef FENBATCH_ENUMERATE_COUNTS
};

// Where the JSON document puts a counter: `input` and `output` at its top level (before and
// after the inputs_changed and stopped_at_max_bytes members), `positions` in its "positions"
// object (every valid line), `written_positions` in "written_positions" (the lines written),
// `boards` in "boards" (by board type, one object per board).
enum class counter_section : std::uint8_t { input, output, positions, written_positions, boards };
enum class counter_reported : std::uint8_t { always, with_dedupe };

struct counter_info {
  counter_section section;
  std::string_view path;  // within the section: "name" or "group.name"
  counter_reported reported;
  // The counts: one for a single counter.
  std::span<const std::uint64_t> (*values)(const run_counters&) noexcept;
  // Arrays only (nullptr otherwise): element i's name, empty for an element that is never
  // counted (the reasons for skipped lines, fewer than two pieces).
  std::string (*element_name)(std::size_t i);

  [[nodiscard]] std::string_view name() const noexcept {
    return path.substr(path.find('.') + 1);  // (npos + 1 is 0)
  }
  // Empty for a counter directly in its section.
  [[nodiscard]] std::string_view group() const noexcept {
    const std::size_t dot = path.find('.');
    return dot == std::string_view::npos ? std::string_view() : path.substr(0, dot);
  }
  [[nodiscard]] std::uint64_t value(const run_counters& counts) const noexcept {
    return values(counts).front();
  }
};

// Every counter, in the order of the list.
[[nodiscard]] std::span<const counter_info> counter_infos() noexcept;
[[nodiscard]] inline const counter_info& describe(counter c) noexcept {
  return counter_infos()[static_cast<std::size_t>(c)];
}

}  // namespace fenbatch::pipeline
