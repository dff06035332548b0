#include "stages/process_chunk.hpp"

#include "fenbatch/core/castling_class.hpp"
#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/core/material.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/material.hpp"
#include "fenbatch/core/ten_by_eight/position_key.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/core/ten_by_eight/write.hpp"
#include "fenbatch/core/write.hpp"
#include "formats/field_records.hpp"
#include "stages/dedupe_stages.hpp"
#include "stages/line_facts.hpp"

namespace fenbatch::pipeline::detail {

namespace {

// What varies between runs, as template parameters: the per-line loop of a plain run keeps
// no branch for what it does not do (exclusion, origins).
struct loop_options {
  bool dedupe;     // --dedupe: each kept line's facts are kept, for the written statistics
  bool excluding;  // --exclude
  bool origins;    // --counts or --duplicates: each valid line's index (and text) is kept
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

// What process_lines keeps across the lines of a chunk that a 10x8 line adds to.
struct chunk_state {
  written_facts_tally& excluded_facts;
  bool with_source_text;
};

// One line whose first rank is ten squares wide, after the 8x8 reader rejected it: the 10x8
// reader's verdict is final. The whole of process_lines' work for a line (write, key,
// exclusion, origins, counters, facts), out of line and cold so that the 8x8 loop around it
// stays as it was: 10x8 corpora are rare beside 8x8 ones, and an 8x8 line never comes here.
template <loop_options options, class Records>
[[gnu::noinline, gnu::cold]] void process_ten_by_eight_line(chunk& c, const line_options& config,
                                                            const dedupe_set* excluded,
                                                            Records& records, std::string_view line,
                                                            std::uint32_t index,
                                                            chunk_state state) {
  namespace tbe = core::ten_by_eight;
  run_counters& n = c.counts;
  ++n.ten_by_eight_lines;
  tbe::record rec;
  const core::fen_status status = records.read(line, rec);
  if (!status.ok()) {
    ++n.ten_by_eight_invalid;
    ++n.invalid;
    ++n.invalid_by_reason[static_cast<std::size_t>(status.code)];
    c.invalid.push_back({index, status.column, status.code, line});
    return;
  }
  ++n.ten_by_eight_valid;
  ++n.valid;
  const core::castling_class castling = count_valid_record(rec, n);
  const std::uint64_t signature = tbe::material_signature(rec.pos);
  c.material.add(signature);
  const line_facts facts = line_facts::make(signature, rec.pos.side_to_move, castling);
  core::position_key key{};
  if constexpr (options.excluding || options.dedupe) key = tbe::make_key(rec, config.key);
  const bool kept = !options.excluding || !excluded->contains(key);
  if (!kept) {
    ++n.excluded;
    ++n.ten_by_eight_excluded;
    state.excluded_facts.add(facts, c.dropped_material);
  } else {
    const auto offset = static_cast<std::uint32_t>(c.text.size());
    const auto length = static_cast<std::uint32_t>(records.write(rec, line, c.text));
    c.valid.push_back({key, offset, length, options.dedupe ? facts : line_facts{}});
    if constexpr (options.origins) {
      c.sources.push_back({index, state.with_source_text ? line : std::string_view()});
    }
  }
}

// Records is fen_lines or field_records (formats/field_records.hpp): how a line's position is
// read and how the line is written back.
template <loop_options options, class Records>
void process_lines(chunk& c, const line_options& config, const dedupe_set* excluded,
                   Records& records) {
  run_counters& n = c.counts;
  const bool with_source_text = config.with_source_text;
  written_facts_tally excluded_facts;
  // Most canonical lines are no longer than their input; reserve once, grow rarely.
  c.text.reserve_more(c.input.data.size() + c.input.data.size() / 4 + 256);

  core::record rec;
  core::line_splitter lines(c.input.data);
  std::uint32_t index = 0;
  for (core::line_span line; lines.next(line); ++index) {
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
        process_ten_by_eight_line<options>(c, config, excluded, records, line.text, index,
                                           {excluded_facts, with_source_text});
      } else {
        ++n.invalid;
        ++n.invalid_by_reason[static_cast<std::size_t>(status.code)];
        c.invalid.push_back({index, status.column, status.code, line.text});
      }
      continue;
    }
    ++n.valid;
    const core::position& pos = rec.pos;
    core::position_key key{};
    if constexpr (options.excluding) key = core::make_key(rec, config.key);
    const bool kept = !options.excluding || !excluded->contains(key);
    if (!kept) {
      // Valid, so still in the statistics of the input, but neither written nor deduped.
      ++n.excluded;
      excluded_facts.add(line_facts::make(core::material_signature(pos), pos.side_to_move,
                                          core::classify_castling(pos)),
                         c.dropped_material);
    } else {
      const auto offset = static_cast<std::uint32_t>(c.text.size());
      const auto length = static_cast<std::uint32_t>(records.write(rec, line.text, c.text));
      if constexpr (options.dedupe && !options.excluding) key = core::make_key(rec, config.key);
      c.valid.push_back({key, offset, length, {}});
      if constexpr (options.origins) {
        c.sources.push_back({index, with_source_text ? line.text : std::string_view()});
      }
    }

    const core::castling_class castling = count_valid_record(rec, n);
    const std::uint64_t signature = core::material_signature(pos);
    c.material.add(signature);
    // The facts of a kept line, for taking it out of the written statistics should it turn
    // out a duplicate; here, where they are at hand (before the calls above they cost a plain
    // --dedupe run 1% more instructions).
    if (options.dedupe && kept) {
      c.valid.back().facts = line_facts::make(signature, pos.side_to_move, castling);
    }
  }
  n.lines = index;
  n.black_to_move = n.valid - n.white_to_move;
  written_as_valid(n);
  excluded_facts.subtract_from(n);
}

// The loop made for what this run does.
template <class Records>
void process_with(chunk& c, const line_options& config, const dedupe_set* excluded,
                  bool with_origins, Records& records) {
  if (excluded != nullptr) {
    if (with_origins) {
      process_lines<loop_options{true, true, true}>(c, config, excluded, records);
    } else if (config.keyed) {
      process_lines<loop_options{true, true, false}>(c, config, excluded, records);
    } else {
      process_lines<loop_options{false, true, false}>(c, config, excluded, records);
    }
  } else if (with_origins) {
    process_lines<loop_options{true, false, true}>(c, config, excluded, records);
  } else if (config.keyed) {
    process_lines<loop_options{true, false, false}>(c, config, excluded, records);
  } else {
    process_lines<loop_options{false, false, false}>(c, config, excluded, records);
  }
}

}  // namespace

void process(chunk& c, const line_options& config, std::size_t shard_count,
             const dedupe_set* excluded) {
  c.text.clear();
  c.valid.clear();
  c.sources.clear();
  c.dropped_material.clear();  // (cheap: clears only the slots used)
  c.invalid.clear();
  c.material.clear();
  c.counts = run_counters{};
  const bool with_origins = config.keyed && config.with_origins;
  if (c.layout != nullptr) {
    field_records records(*c.layout, config);
    process_with(c, config, excluded, with_origins, records);
  } else {
    fen_lines records(config);
    process_with(c, config, excluded, with_origins, records);
  }
  // Per chunk rather than per line: what the input reader counted, and what follows from the
  // counts. Without dedupe every valid line not excluded is written; the keep stage takes
  // duplicates out.
  run_counters& n = c.counts;
  n.input_bytes = c.input.input_bytes;
  n.bytes = c.input.text_bytes;
  n.bom_skipped = c.input.bom_skipped ? 1 : 0;
  n.crlf_lines += c.input.dropped_crlf_lines;
  n.written = n.valid - n.excluded;
  n.derive_eight_by_eight();
  if (config.keyed) {
    group_by_shard(c, shard_count, with_origins);
    c.occurrences.resize(c.valid.size());
  }
}

}  // namespace fenbatch::pipeline::detail
