// What every accepted record adds to its chunk's counts, and the per-chunk counts that follow
// from them: shared by FEN lines (process_chunk.cpp) and field records (formats/).
#pragma once

#include <cstddef>

#include "fenbatch/core/castling_class.hpp"
#include "fenbatch/core/material.hpp"
#include "fenbatch/core/record.hpp"
#include "stages/chunk.hpp"
#include "stages/dedupe_stages.hpp"

namespace fenbatch::pipeline::detail {

inline void count_valid_record(const core::record& rec, run_counters& n,
                               material_counter& material) {
  ++n.valid;
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
  const core::position& pos = rec.pos;
  n.white_to_move += pos.side_to_move == core::color::white ? 1 : 0;
  switch (core::classify_castling(pos)) {
    case core::castling_class::none: ++n.castling_none; break;
    case core::castling_class::standard: ++n.castling_standard; break;
    case core::castling_class::chess960: ++n.castling_chess960; break;
  }
  n.legal_ep += rec.legal_ep != core::no_square ? 1 : 0;
  n.in_check += rec.in_check ? 1 : 0;
  ++n.piece_count[static_cast<std::size_t>(core::popcount(pos.occupied()))];
  material.add(core::material_signature(pos));
}

inline void count_invalid_record(chunk& c, std::uint32_t index, core::fen_status status,
                                 std::string_view line) {
  ++c.counts.invalid;
  ++c.counts.invalid_by_reason[static_cast<std::size_t>(status.code)];
  c.invalid.push_back({index, status.column, status.code, line});
}

// Per chunk rather than per line: what the input reader counted, and what follows from the
// counts. Without dedupe every valid line is written; the keep stage takes duplicates out.
inline void finish_chunk(chunk& c, std::uint32_t lines, bool keyed, std::size_t shard_count) {
  run_counters& n = c.counts;
  n.lines = lines;
  n.input_bytes = c.input.input_bytes;
  n.bytes = c.input.text_bytes;
  n.bom_skipped = c.input.bom_skipped ? 1 : 0;
  n.crlf_lines += c.input.dropped_crlf_lines;
  n.black_to_move = n.valid - n.white_to_move;
  n.written = n.valid;
  if (keyed) {
    group_by_shard(c, shard_count);
    c.occurrences.resize(c.valid.size());
  }
}

}  // namespace fenbatch::pipeline::detail
