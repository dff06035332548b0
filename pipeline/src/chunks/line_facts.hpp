// What the statistics of the written lines (written_positions, written material, written lines
// by board) need of one valid line, in 64 bits: its material signature (core::material_signature,
// 41 bits, or a 10x8 one, core::ten_by_eight::material_signature, 57 bits, whose marker bit 56
// also tells the board), side to move and castling class. Kept per valid line with --dedupe, so
// that the duplicates found later can be taken out of the written statistics without decoding them
// again.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "chunks/material_counter.hpp"
#include "fenbatch/core/castling_class.hpp"
#include "fenbatch/core/ten_by_eight/material.hpp"
#include "fenbatch/core/types.hpp"
#include "fenbatch/pipeline/run_counters.hpp"

namespace fenbatch::pipeline::detail {

struct line_facts {
  std::uint64_t bits = 0;

  static constexpr unsigned side_shift = 57;  // above either signature
  static constexpr unsigned castling_shift = 58;

  [[nodiscard]] static constexpr line_facts make(std::uint64_t signature, core::color side,
                                                 core::castling_class castling) noexcept {
    return {signature | std::uint64_t{side == core::color::white ? 1U : 0U} << side_shift |
            std::uint64_t{static_cast<std::uint8_t>(castling)} << castling_shift};
  }
  [[nodiscard]] constexpr std::uint64_t signature() const noexcept {
    return bits & ((std::uint64_t{1} << side_shift) - 1);
  }
  [[nodiscard]] constexpr bool white_to_move() const noexcept {
    return ((bits >> side_shift) & 1U) != 0;
  }
  [[nodiscard]] constexpr core::castling_class castling() const noexcept {
    return static_cast<core::castling_class>((bits >> castling_shift) & 3U);
  }
  [[nodiscard]] constexpr bool ten_by_eight() const noexcept {
    return ((bits >> core::ten_by_eight::signature_marker_bit) & 1U) != 0;
  }
  // The kings and the counts of the signature: ten on 8x8, fourteen on 10x8. The nibbles summed
  // at once (pairs into bytes, bytes by a multiply: at most 14 * 15 = 210, no carry out of the
  // top byte), not one by one: once per filtered line of a --where run.
  [[nodiscard]] constexpr std::size_t pieces() const noexcept {
    const std::uint64_t counts =
        bits & (ten_by_eight() ? (std::uint64_t{1} << 56) - 1 : (std::uint64_t{1} << 40) - 1);
    const std::uint64_t bytes =
        (counts & 0x0F0F0F0F0F0F0F0FULL) + ((counts >> 4) & 0x0F0F0F0F0F0F0F0FULL);
    return 2 + static_cast<std::size_t>((bytes * 0x0101010101010101ULL) >> 56);
  }
};

// The written statistics of some lines, to take out of a chunk's (excluded lines,
// duplicates): the written_positions counts, and the signatures for the written material.
struct written_facts_tally {
  std::uint64_t white = 0;
  std::uint64_t lines = 0;
  std::uint64_t ten_by_eight_lines = 0;
  std::array<std::uint64_t, 3> castling{};  // by core::castling_class
  std::array<std::uint64_t, piece_count_extent> pieces{};

  void add(line_facts f, material_counter& dropped_material) noexcept {
    ++lines;
    ten_by_eight_lines += f.ten_by_eight() ? 1 : 0;
    white += f.white_to_move() ? 1 : 0;
    ++castling[static_cast<std::size_t>(f.castling())];
    ++pieces[f.pieces()];
    dropped_material.add(f.signature());
  }
  [[gnu::always_inline]] void subtract_from(run_counters& n) const noexcept {
    if (lines == 0) return;
    n.written_white_to_move -= white;
    n.written_black_to_move -= lines - white;
    n.written_castling_none -= castling[static_cast<std::size_t>(core::castling_class::none)];
    n.written_castling_standard -=
        castling[static_cast<std::size_t>(core::castling_class::standard)];
    n.written_castling_chess960 -=
        castling[static_cast<std::size_t>(core::castling_class::chess960)];
    for (std::size_t k = 0; k < pieces.size(); ++k) n.written_piece_count[k] -= pieces[k];
    n.ten_by_eight_written -= ten_by_eight_lines;
  }
};

// The written_positions counts as those of every valid line (before lines are taken out).
inline void written_as_valid(run_counters& n) noexcept {
  n.written_white_to_move = n.white_to_move;
  n.written_black_to_move = n.black_to_move;
  n.written_castling_none = n.castling_none;
  n.written_castling_standard = n.castling_standard;
  n.written_castling_chess960 = n.castling_chess960;
  n.written_piece_count = n.piece_count;
  n.ten_by_eight_written = n.ten_by_eight_valid;
}

}  // namespace fenbatch::pipeline::detail
