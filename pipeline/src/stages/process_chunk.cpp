#include "stages/process_chunk.hpp"

#include "fenbatch/core/castling_class.hpp"
#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/core/material.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/write.hpp"
#include "stages/dedupe_stages.hpp"
#include "stages/line_traits.hpp"

namespace fenbatch::pipeline::detail {

void process(chunk& c, const run_config& config, std::size_t shard_count,
             const dedupe_set* excluded) {
  c.text.clear();
  c.valid.clear();
  c.sources.clear();
  c.invalid.clear();
  c.material.clear();
  c.counts = run_counters{};
  run_counters& n = c.counts;
  const bool keyed = config.dedupe || excluded != nullptr;
  const bool with_origins = config.dedupe && needs_origins(config);
  const bool with_source_text = !config.duplicates_path.empty();
  written_traits_tally excluded_traits;
  // Most canonical lines are no longer than their input; reserve once, grow rarely.
  c.text.reserve_more(c.input.data.size() + c.input.data.size() / 4 + 256);

  core::record rec;
  core::line_splitter lines(c.input.data);
  std::uint32_t index = 0;
  for (core::line_span line; lines.next(line); ++index) {
    n.crlf_lines += line.crlf ? 1 : 0;
    const core::fen_status status = core::parse_record(line.text, config.decode, rec);
    if (status.code != core::fen_errc::ok) {
      if (status.code == core::fen_errc::skipped_blank) {
        ++n.skipped_blank;
      } else if (status.code == core::fen_errc::skipped_comment) {
        ++n.skipped_comment;
      } else {
        ++n.invalid;
        ++n.invalid_by_reason[static_cast<std::size_t>(status.code)];
        c.invalid.push_back({index, status.column, status.code, line.text});
      }
      continue;
    }
    ++n.valid;
    const core::position& pos = rec.pos;
    const core::castling_class castling = core::classify_castling(pos);
    const int pieces = core::popcount(pos.occupied());
    const line_traits traits = line_traits::make(pos.side_to_move, castling, pieces);
    const core::position_key key = keyed ? core::make_key(rec, config.key) : core::position_key{};
    if (excluded != nullptr && excluded->contains(key)) {
      // Valid, so still in the statistics of the input, but neither written nor deduped.
      ++n.excluded;
      excluded_traits.add(traits);
    } else {
      c.text.reserve_more(core::max_written_size(line.text.size()) + 1);
      char* out = c.text.end();
      const std::size_t length = core::write_record(rec, line.text, config.write, out);
      out[length] = '\n';
      c.valid.push_back(
          {key, static_cast<std::uint32_t>(c.text.size()),
           static_cast<std::uint32_t>(length + 1) | traits.bits << chunk::valid_line::length_bits});
      c.text.grow_by(length + 1);
      if (with_origins) {
        c.sources.push_back({index, with_source_text ? line.text : std::string_view()});
      }
    }

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
    n.white_to_move += pos.side_to_move == core::color::white ? 1 : 0;
    switch (castling) {
      case core::castling_class::none: ++n.castling_none; break;
      case core::castling_class::standard: ++n.castling_standard; break;
      case core::castling_class::chess960: ++n.castling_chess960; break;
    }
    n.legal_ep += rec.legal_ep != core::no_square ? 1 : 0;
    n.in_check += rec.in_check ? 1 : 0;
    ++n.piece_count[static_cast<std::size_t>(pieces)];
    c.material.add(core::material_signature(pos));
  }
  n.lines = index;
  // Per chunk rather than per line: what the input reader counted, and what follows from the
  // counts. Without dedupe every valid line is written; the keep stage takes duplicates out.
  n.input_bytes = c.input.input_bytes;
  n.bytes = c.input.text_bytes;
  n.bom_skipped = c.input.bom_skipped ? 1 : 0;
  n.crlf_lines += c.input.dropped_crlf_lines;
  n.black_to_move = n.valid - n.white_to_move;
  n.written = n.valid - n.excluded;
  written_as_valid(n);
  excluded_traits.subtract_from(n);
  if (config.dedupe) {
    group_by_shard(c, shard_count, with_origins);
    c.occurrences.resize(c.valid.size());
  }
}

}  // namespace fenbatch::pipeline::detail
