// --uniqueness (issue 28): how many distinct positions the lines that reach dedupe hold under
// six identities, from the finest (the whole canonical FEN) to the coarsest (the position up to
// the colour flip). Exact while each identity's set fits its share of the memory budget; past
// it, and in a distributed run, a HyperLogLog estimate (p = 16) with its relative standard
// error.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace fenbatch::pipeline {

enum class identity : std::uint8_t {
  fen,                  // the whole canonical FEN, counters included (core::key_kind::full)
  position,             // placement, side, castling, legal ep (key_kind::position)
  board_side_castling,  // placement, side, castling (the position key without the ep square)
  board_side,           // placement and side to move (key_kind::board)
  placement,            // the piece placement alone (key_kind::placement)
  mirror,               // the position up to the colour flip (key_kind::mirror)
};
inline constexpr std::size_t identity_count = 6;

// Its name in the statistics, the summary and the report ("board_side_castling").
[[nodiscard]] std::string_view identity_name(identity which) noexcept;

// A HyperLogLog of 2^16 one-byte registers: 1.04 / sqrt(2^16), about 0.41%.
inline constexpr double sketch_relative_standard_error = 1.04 / 256.0;
inline constexpr std::size_t sketch_registers = std::size_t{1} << 16;

struct identity_distinct {
  std::uint64_t distinct = 0;
  bool exact = true;  // false: a sketch's estimate, within sketch_relative_standard_error
  friend bool operator==(const identity_distinct&, const identity_distinct&) = default;
};

struct uniqueness_stats {
  std::array<identity_distinct, identity_count> identities{};
  // Each identity's sketch of the same keys (identity_count x sketch_registers registers,
  // identity by identity), kept also while the count is exact: a distributed run's ranks send
  // them to rank 0, which merges them register by register (distinct counts do not add over
  // ranks: a position may be read by two). Not written to the statistics.
  std::vector<std::uint8_t> sketches;
  friend bool operator==(const uniqueness_stats&, const uniqueness_stats&) = default;
};

}  // namespace fenbatch::pipeline
