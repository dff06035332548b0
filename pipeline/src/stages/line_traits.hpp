// What the written_positions statistics need of one valid line, in 9 bits: side to move,
// castling class and piece count. Kept with each valid line so that the lines taken out later
// (duplicates) can be taken out of the written statistics without decoding them again.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "fenbatch/core/castling_class.hpp"
#include "fenbatch/core/types.hpp"
#include "fenbatch/pipeline/run_counters.hpp"

namespace fenbatch::pipeline::detail {

struct line_traits {
  std::uint32_t bits = 0;  // bit 0: white to move; bits 1-2: castling class; bits 3-8: pieces

  static constexpr unsigned width = 9;

  [[nodiscard]] static constexpr line_traits make(core::color side, core::castling_class castling,
                                                  int pieces) noexcept {
    return {(side == core::color::white ? 1U : 0U) | (static_cast<std::uint32_t>(castling) << 1) |
            (static_cast<std::uint32_t>(pieces) << 3)};
  }
  [[nodiscard]] constexpr bool white_to_move() const noexcept { return (bits & 1U) != 0; }
  [[nodiscard]] constexpr core::castling_class castling() const noexcept {
    return static_cast<core::castling_class>((bits >> 1) & 3U);
  }
  [[nodiscard]] constexpr std::size_t pieces() const noexcept { return bits >> 3; }
};

// The written_positions counts of some lines, to take out of a chunk's (excluded lines,
// duplicates).
struct written_traits_tally {
  std::uint64_t white = 0;
  std::uint64_t lines = 0;
  std::array<std::uint64_t, 3> castling{};  // by core::castling_class
  std::array<std::uint64_t, 33> pieces{};

  void add(line_traits t) noexcept {
    ++lines;
    white += t.white_to_move() ? 1 : 0;
    ++castling[static_cast<std::size_t>(t.castling())];
    ++pieces[t.pieces()];
  }
  void subtract_from(run_counters& n) const noexcept {
    if (lines == 0) return;
    n.written_white_to_move -= white;
    n.written_black_to_move -= lines - white;
    n.written_castling_none -= castling[static_cast<std::size_t>(core::castling_class::none)];
    n.written_castling_standard -=
        castling[static_cast<std::size_t>(core::castling_class::standard)];
    n.written_castling_chess960 -=
        castling[static_cast<std::size_t>(core::castling_class::chess960)];
    for (std::size_t k = 0; k < pieces.size(); ++k) n.written_piece_count[k] -= pieces[k];
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
}

}  // namespace fenbatch::pipeline::detail
