// The per-line loop of the parallel stage, as templates over what a run does: private to
// the stages. process_chunk.cpp instantiates the plain loops and process_chunk_selecting.cpp
// the selecting ones (--where or --uniqueness), each in its own unit, so that the plain loops
// are compiled as if selection did not exist (more instances in one unit changed GCC's
// inlining of the plain loop: one more instruction per line).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "chunks/chunk.hpp"
#include "chunks/line_facts.hpp"
#include "dedupe/dedupe_set.hpp"
#include "dedupe/dedupe_stages.hpp"
#include "fenbatch/core/castling_class.hpp"
#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/core/material.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/selection_hash.hpp"
#include "fenbatch/core/ten_by_eight/material.hpp"
#include "fenbatch/core/ten_by_eight/position_key.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/core/ten_by_eight/write.hpp"
#include "fenbatch/core/write.hpp"
#include "formats/field_records.hpp"
#include "plan/resolved_run.hpp"
#include "stages/line_standing.hpp"
#include "stages/where_fields.hpp"
#include "stages/where_values_of.hpp"
#include "uniqueness/identity_keys.hpp"

namespace fenbatch::pipeline::detail::line_loop {

// What varies between runs, as template parameters: the per-line loop of a plain run keeps
// no branch for what it does not do (exclusion, origins).
struct loop_options {
  bool dedupe;  // --dedupe or --split: each kept line is keyed, its facts kept for the statistics
  bool excluding;  // --exclude
  bool origins;    // --counts or --duplicates: each valid line's index (and text) is kept
  // --where, --sample, --uniqueness or --keep max/min: count_and_select decides each valid line
  // (--where's values computed and the expressions tested, the sample drawn, and with
  // --uniqueness each kept line's identity keys made, with --keep max/min its value's standing:
  // runtime tests, per line)
  bool selecting;
};

// FEN/EPD lines: the line is the record.
class fen_lines {
 public:
  static constexpr bool has_header = false;
  explicit fen_lines(const line_options& config) : config_(config) {}
  core::fen_status read(std::string_view line, core::record& rec) const noexcept {
    return core::parse_record(line, config_.decode, rec);
  }
  // Appends the canonical line and its LF; returns the bytes appended.
  std::size_t write(const core::record& rec, std::string_view line, text_buffer& text) const {
    text.reserve_more(core::max_written_size(line.size()) + 1);
    char* out = text.end();
    const std::size_t length = core::write_record(rec, line, config_.write, out);
    out[length] = '\n';
    text.grow_by(length + 1);
    return length + 1;
  }

  // For a line the 8x8 reader rejected: whether the 10x8 reader owns its verdict.
  [[nodiscard]] static bool routes_to_ten_by_eight(std::string_view line) noexcept {
    return core::ten_by_eight::has_ten_files(line);
  }
  core::fen_status read(std::string_view line, core::ten_by_eight::record& rec) const noexcept {
    return core::ten_by_eight::parse_record(line, config_.decode, rec);
  }
  std::size_t write(const core::ten_by_eight::record& rec, std::string_view line,
                    text_buffer& text) const {
    text.reserve_more(core::ten_by_eight::max_written_size(line.size()) + 1);
    char* out = text.end();
    const std::size_t length = core::ten_by_eight::write_record(rec, line, config_.write, out);
    out[length] = '\n';
    text.grow_by(length + 1);
    return length + 1;
  }

 private:
  const line_options& config_;
};

// The counters of a valid line (kept or excluded) that follow from its record, the same for
// both boards: core::record and core::ten_by_eight::record name these members alike. Inlined,
// so that the 8x8 loop keeps its code.
[[nodiscard]] constexpr bool has_legal_ep(const core::record& rec) noexcept {
  return rec.legal_ep != core::no_square;
}
[[nodiscard]] constexpr bool has_legal_ep(const core::ten_by_eight::record& rec) noexcept {
  return rec.legal_ep != core::ten_by_eight::no_square;
}
// Returns the record's castling class.
template <class Record>
[[gnu::always_inline]] inline core::castling_class count_valid_record(const Record& rec,
                                                                      run_counters& n) noexcept {
  // Most lines have no repair and many no note: skip those counters then.
  if (rec.repairs != 0) {
    for (int k = 0; k < core::repair_kind_count; ++k) {
      n.repairs[static_cast<std::size_t>(k)] += (rec.repairs >> k) & 1U;
    }
  }
  if (rec.notes != 0) {
    n.fullmove_zero += rec.has(core::record_note::fullmove_zero) ? 1 : 0;
    n.epd_records += rec.has(core::record_note::epd_form) ? 1 : 0;
    n.with_operations += rec.has(core::record_note::has_operations) ? 1 : 0;
    n.whitespace_normalized += rec.has(core::record_note::whitespace_normalized) ? 1 : 0;
    n.counters_inconsistent += rec.has(core::record_note::counters_inconsistent) ? 1 : 0;
  }
  n.white_to_move += rec.pos.side_to_move == core::color::white ? 1 : 0;
  using core::classify_castling;
  using core::ten_by_eight::classify_castling;
  const core::castling_class castling = classify_castling(rec.pos);
  switch (castling) {
    case core::castling_class::none: ++n.castling_none; break;
    case core::castling_class::standard: ++n.castling_standard; break;
    case core::castling_class::chess960: ++n.castling_chess960; break;
  }
  n.legal_ep += has_legal_ep(rec) ? 1 : 0;
  n.in_check += rec.in_check ? 1 : 0;
  using core::popcount;
  using core::ten_by_eight::popcount;
  ++n.piece_count[static_cast<std::size_t>(popcount(rec.pos.occupied()))];
  return castling;
}

// Whether the --where programs read no value of the position (no `load`), only record fields.
[[nodiscard]] inline bool reads_only_fields(const std::vector<core::where_program>& where) {
  for (const core::where_program& program : where) {
    for (const core::where_instruction& i : program.code()) {
      if (i.op == core::where_op::load) return false;
    }
  }
  return true;
}

// --where's values of a line, made once per chunk and reused line to line: a fresh
// core::where_values per line is 96 bytes zeroed (a `rep stos`, slow to start) for every line,
// and each value a program reads is written for each line before it is read. When the programs
// read record fields only (`$score > 100`), the position's values are not filled at all.
struct where_line_values {
  explicit where_line_values(const line_options& config)
      : fields_only(reads_only_fields(config.where)) {}
  core::where_values values;
  bool fields_only;
};

// What the per-line body needs of the chunk it works on, the same for a line of either board.
template <class Records>
struct chunk_lines {
  chunk& c;
  const line_options& config;
  const dedupe_set* excluded;  // (null unless options.excluding)
  Records& records;
  written_facts_tally& excluded_facts;  // and filtered lines'
  bool with_source_text;
  where_field_reader* fields;  // --where's `$NAME` fields (null unless an expression reads one)
  where_line_values& where_values;
};

// An invalid line: counted by its reason and kept for --rejects. Inlined, as it was written in
// the 8x8 loop before both boards shared it (a call there costs the loop registers).
[[gnu::always_inline]] inline void count_invalid(chunk& c, core::fen_status status,
                                                 std::string_view line, std::uint32_t index) {
  ++c.counts.invalid;
  ++c.counts.invalid_by_reason[static_cast<std::size_t>(status.code)];
  c.invalid.push_back({index, status.column, status.code, line});
}

// What became of a valid line.
enum class line_outcome : std::uint8_t { kept, excluded, filtered, unsampled };

// The line's key (made here unless --exclude made it), unless the reference has it; then the
// line is written and kept with its key and, with origins, its index. Returns whether it was
// kept.
template <loop_options options, class Records, class Record>
[[gnu::always_inline]] inline bool write_unless_excluded(const chunk_lines<Records>& lines,
                                                         const Record& rec, std::string_view line,
                                                         std::uint32_t index) {
  using core::make_key;
  using core::ten_by_eight::make_key;
  chunk& c = lines.c;
  core::position_key key{};
  if constexpr (options.excluding) key = make_key(rec, lines.config.key);
  const bool kept = !options.excluding || !lines.excluded->contains(key);
  if (kept) {
    const auto offset = static_cast<std::uint32_t>(c.text.size());
    const auto length = static_cast<std::uint32_t>(lines.records.write(rec, line, c.text));
    if constexpr (options.dedupe && !options.excluding) key = make_key(rec, lines.config.key);
    c.valid.push_back({key, offset, length, {}});
    if constexpr (options.origins) {
      c.sources.push_back({index, lines.with_source_text ? line : std::string_view()});
    }
  }
  return kept;
}

// The first --where that does not hold for the line (its index), or where.size(); counted
// as `missing` too when a field it reads is missing from the record.
template <class Records, class Record>
[[gnu::always_inline]] inline std::size_t first_failed_where(const chunk_lines<Records>& lines,
                                                             const Record& rec,
                                                             std::string_view line,
                                                             std::uint64_t signature,
                                                             core::castling_class castling) {
  const line_options& config = lines.config;
  core::where_values& values = lines.where_values.values;
  if (!lines.where_values.fields_only) {
    fill_where_values(rec, config.where_needs, signature, castling, values);
  }
  if (lines.fields != nullptr) values.fields = lines.fields->read(rec, line);
  std::size_t i = 0;
  while (i < config.where.size() && config.where[i].evaluate(values)) ++i;
  if (values.fields != nullptr && i < config.where.size() && config.where[i].misses_field(values)) {
    ++lines.c.missing_by_where[i];
  }
  return i;
}

// --sample: the key made first, --exclude before the sample (so that `excluded` keeps its
// meaning, a reference's positions, whatever the sample), then written only if the position's
// value under the sample's seed is below the threshold (core/selection_hash.hpp).
template <loop_options options, class Records, class Record>
[[gnu::always_inline]] inline line_outcome sample_and_write(const chunk_lines<Records>& lines,
                                                            const Record& rec,
                                                            std::string_view line,
                                                            std::uint32_t index) {
  const line_options& config = lines.config;
  const core::position_key key = make_key(rec, config.key);  // (found by the record's namespace)
  if (options.excluding && lines.excluded->contains(key)) return line_outcome::excluded;
  if (core::selection_value(key, config.sample_seed) >= *config.sample_threshold) {
    return line_outcome::unsampled;
  }
  // Written as write_unless_excluded writes a kept line, with the key made already.
  chunk& c = lines.c;
  c.valid.push_back({key, static_cast<std::uint32_t>(c.text.size()), 0, {}});
  c.valid.back().text_length = static_cast<std::uint32_t>(lines.records.write(rec, line, c.text));
  if constexpr (options.origins) {
    c.sources.push_back({index, lines.with_source_text ? line : std::string_view()});
  }
  return line_outcome::kept;
}

// A valid line's material signature: on 8x8 validate()'s hint where it left one (record.hpp).
[[gnu::always_inline]] inline std::uint64_t material_of(const core::record& rec) noexcept {
  return rec.material_hint != 0 ? rec.material_hint : core::material_signature(rec.pos);
}
inline std::uint64_t material_of(const core::ten_by_eight::record& rec) noexcept {
  return core::ten_by_eight::material_signature(rec.pos);
}

// A valid line with --where, --sample or --uniqueness: counted, then filtered (counted under
// the first --where that does not hold: valid, so in the statistics of the input, but neither
// written nor keyed) or on to --exclude, --sample and the write; a kept line gets its
// --uniqueness keys. The facts are made first: a filtered or unsampled line needs them as an
// excluded one does.
template <loop_options options, class Records, class Record>
[[gnu::always_inline]] inline line_outcome count_and_select(const chunk_lines<Records>& lines,
                                                            const Record& rec,
                                                            std::string_view line,
                                                            std::uint32_t index) {
  chunk& c = lines.c;
  run_counters& n = c.counts;
  const core::castling_class castling = count_valid_record(rec, n);
  const std::uint64_t signature = material_of(rec);
  c.material.add(signature);
  const line_facts facts = line_facts::make(signature, rec.pos.side_to_move, castling);
  line_outcome outcome = line_outcome::kept;
  if (const std::size_t failed = lines.config.where.empty()
                                     ? 0
                                     : first_failed_where(lines, rec, line, signature, castling);
      failed < lines.config.where.size()) {
    ++c.filtered_by_where[failed];
    ++n.filtered;
    outcome = line_outcome::filtered;
  } else if (lines.config.sample_threshold) {
    outcome = sample_and_write<options>(lines, rec, line, index);
    n.excluded += outcome == line_outcome::excluded ? 1 : 0;
    n.unsampled += outcome == line_outcome::unsampled ? 1 : 0;
  } else if (!write_unless_excluded<options>(lines, rec, line, index)) {
    ++n.excluded;
    outcome = line_outcome::excluded;
  }
  if (outcome != line_outcome::kept) {
    lines.excluded_facts.add(facts, c.dropped_material);
    return outcome;
  }
  if (options.dedupe) c.valid.back().facts = facts;
  // --keep max/min: the line's value, for the partitions to rank its key's lines.
  if (c.ranked) {
    c.standings.push_back(c.ranking == nullptr
                              ? no_standing
                              : line_standing(*c.ranking, lines.config.ranking_by_max, c.layout,
                                              line, rec.operations(line), rec.payload(line)));
  }
  // --uniqueness: a line that reaches dedupe, keyed under each identity counted.
  if (lines.config.identities != 0) {
    add_identity_keys(rec, lines.config.identities, c.identity_keys);
  }
  return outcome;
}

// "Count and keep": a valid line of either board, counted, then either excluded (valid, so in
// the statistics of the input, but neither written nor deduped) or written and kept with its
// key and, with origins, its index. Its facts are made only where they are needed: an excluded
// line's, and with dedupe a kept line's (for taking it out of the written statistics should it
// turn out a duplicate); made after the write and the key, where they are at hand (before them
// they cost a plain --dedupe run 1% more instructions). Inlined into the 8x8 loop, which thus
// keeps its code; the cold 10x8 line has its own instance. With --where, --sample or
// --uniqueness, count_and_select.
template <loop_options options, class Records, class Record>
[[gnu::always_inline]] inline line_outcome count_and_keep(const chunk_lines<Records>& lines,
                                                          const Record& rec, std::string_view line,
                                                          std::uint32_t index) {
  chunk& c = lines.c;
  run_counters& n = c.counts;
  ++n.valid;
  if constexpr (options.selecting) return count_and_select<options>(lines, rec, line, index);
  const bool kept = write_unless_excluded<options>(lines, rec, line, index);

  const core::castling_class castling = count_valid_record(rec, n);
  const std::uint64_t signature = material_of(rec);
  c.material.add(signature);
  if (!kept) {
    ++n.excluded;
    lines.excluded_facts.add(line_facts::make(signature, rec.pos.side_to_move, castling),
                             c.dropped_material);
  } else if (options.dedupe) {
    c.valid.back().facts = line_facts::make(signature, rec.pos.side_to_move, castling);
  }
  return kept ? line_outcome::kept : line_outcome::excluded;
}

// One line whose first rank is ten squares wide, after the 8x8 reader rejected it: the 10x8
// reader's verdict is final. Out of line and cold so that the 8x8 loop around it stays as it
// was: 10x8 corpora are rare beside 8x8 ones, and an 8x8 line never comes here. `lines` by
// value, so that the 8x8 loop's own never leaves its registers.
template <loop_options options, class Records>
[[gnu::noinline, gnu::cold]] void process_ten_by_eight_line(chunk_lines<Records> lines,
                                                            std::string_view line,
                                                            std::uint32_t index) {
  run_counters& n = lines.c.counts;
  ++n.ten_by_eight_lines;
  core::ten_by_eight::record rec;
  const core::fen_status status = lines.records.read(line, rec);
  if (!status.ok()) {
    ++n.ten_by_eight_invalid;
    count_invalid(lines.c, status, line, index);
    return;
  }
  ++n.ten_by_eight_valid;
  switch (count_and_keep<options>(lines, rec, line, index)) {
    case line_outcome::kept: break;
    case line_outcome::excluded: ++n.ten_by_eight_excluded; break;
    case line_outcome::filtered: ++n.ten_by_eight_filtered; break;
    case line_outcome::unsampled: ++n.ten_by_eight_unsampled; break;
  }
}

// Records is fen_lines or field_records (formats/field_records.hpp): how a line's position is
// read and how the line is written back.
template <loop_options options, class Records>
void process_lines(chunk& c, const line_options& config, const dedupe_set* excluded,
                   Records& records) {
  run_counters& n = c.counts;
  written_facts_tally excluded_facts;
  const bool with_source_text = config.with_source_text;
  std::optional<where_field_reader> fields;
  if constexpr (options.selecting) {
    if (!config.where_fields.empty()) fields.emplace(config.where_fields, c.layout);
  }
  where_line_values where_values(config);
  where_field_reader* const field_reader = fields ? &*fields : nullptr;
  const chunk_lines<Records> lines{
      c, config, excluded, records, excluded_facts, with_source_text, field_reader, where_values};
  // Most canonical lines are no longer than their input; reserve once, grow rarely.
  c.text.reserve_more(c.input.data.size() + c.input.data.size() / 4 + 256);

  core::record rec;
  core::line_splitter splitter(c.input.data);
  std::uint32_t index = 0;
  for (core::line_span line; splitter.next(line); ++index) {
    n.crlf_lines += line.crlf ? 1 : 0;
    if constexpr (Records::has_header) {
      if (index == 0 && c.starts_with_header) {
        ++n.skipped_header;
        continue;
      }
    }
    const core::fen_status status = records.read(line.text, rec);
    if (status.code != core::fen_errc::ok) {
      if (status.code == core::fen_errc::skipped_blank) {
        ++n.skipped_blank;
      } else if (status.code == core::fen_errc::skipped_comment) {
        ++n.skipped_comment;
      } else if (records.routes_to_ten_by_eight(line.text)) {
        process_ten_by_eight_line<options>(lines, line.text, index);
      } else {
        count_invalid(c, status, line.text, index);
      }
      continue;
    }
    count_and_keep<options>(lines, rec, line.text, index);
  }
  n.lines = index;
  n.black_to_move = n.valid - n.white_to_move;
  written_as_valid(n);
  excluded_facts.subtract_from(n);
}

// Whether a run takes the selecting loops: --where, --sample, --uniqueness or --keep max/min.
[[nodiscard]] inline bool selects(const line_options& config) noexcept {
  return !config.where.empty() || config.sample_threshold || config.identities != 0 ||
         !config.ranking_field.empty();
}

// Whether each written line is keyed: for dedupe, or for its --split.
[[nodiscard]] inline bool keys_lines(const line_options& config) noexcept {
  return config.keyed || config.keys_for_splits;
}

// The loop made for what this run does, selecting (--where, --sample or --uniqueness) or not.
template <bool selecting, class Records>
void process_with(chunk& c, const line_options& config, const dedupe_set* excluded,
                  bool with_origins, Records& records) {
  if (excluded != nullptr) {
    if (with_origins) {
      process_lines<loop_options{true, true, true, selecting}>(c, config, excluded, records);
    } else if (keys_lines(config)) {
      process_lines<loop_options{true, true, false, selecting}>(c, config, excluded, records);
    } else {
      process_lines<loop_options{false, true, false, selecting}>(c, config, excluded, records);
    }
  } else if (with_origins) {
    process_lines<loop_options{true, false, true, selecting}>(c, config, excluded, records);
  } else if (keys_lines(config)) {
    process_lines<loop_options{true, false, false, selecting}>(c, config, excluded, records);
  } else {
    process_lines<loop_options{false, false, false, selecting}>(c, config, excluded, records);
  }
}

// The selecting loops, for each kind of record (process_chunk_selecting.cpp).
void process_selected(chunk& c, const line_options& config, const dedupe_set* excluded,
                      bool with_origins, fen_lines& records);
void process_selected(chunk& c, const line_options& config, const dedupe_set* excluded,
                      bool with_origins, field_records& records);

// The loops of runs with --apply-moves or --check-move (or a reference with
// --exclude-apply-moves), the records read through stages/moving_records.hpp
// (process_chunk_moving.cpp). `layout`: the chunk's, null for FEN lines.
void process_moving(chunk& c, const line_options& config, const dedupe_set* excluded,
                    bool with_origins, fen_lines& records);
void process_moving(chunk& c, const line_options& config, const dedupe_set* excluded,
                    bool with_origins, field_records& records, const record_layout& layout);

}  // namespace fenbatch::pipeline::detail::line_loop
