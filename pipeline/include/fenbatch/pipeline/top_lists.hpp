// The ranked lists of the statistics: the most repeated positions and the most frequent
// material signatures, and the order they are ranked in. Public because run_stats holds them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "fenbatch/core/board_kind.hpp"
#include "fenbatch/core/position_key.hpp"

namespace fenbatch::pipeline {

// Entries in each list unless the run says otherwise (run_config::top, --top).
inline constexpr std::size_t top_list_length = 20;

struct counted_text {
  std::string text;
  std::uint64_t count = 0;
  friend bool operator==(const counted_text&, const counted_text&) = default;
};

// A material signature counted, with its board: the same text ("KRvKR") names an 8x8 and a 10x8
// signature, which are counted apart.
struct counted_material : counted_text {
  core::board_kind board = core::board_kind::eight_by_eight;
  friend bool operator==(const counted_material&, const counted_material&) = default;
};

// A position counted among duplicates; its key ranks ties and matches it across parts.
struct repeated_position : counted_text {
  core::position_key key;
  friend bool operator==(const repeated_position&, const repeated_position&) = default;
};

// Sorts by count (highest first), then key, and keeps `length` entries.
void rank_most_repeated(std::vector<repeated_position>& entries, std::size_t length);

// The `length` signatures (core::material_signature, core::ten_by_eight::material_signature)
// with the highest counts, by count, then signature, as text (e.g. "KQRBNPPvKRNPP") and board.
[[nodiscard]] std::vector<counted_material> top_material(
    const std::unordered_map<std::uint64_t, std::uint64_t>& counts, std::size_t length);

}  // namespace fenbatch::pipeline
