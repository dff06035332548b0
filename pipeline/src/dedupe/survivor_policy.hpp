// Which occurrences of a position survive dedupe (issue 28: --keep, --max-per-position,
// --min-count), as one rule over a line's occurrence k (1 for the first line of its key) and its
// key's final count F. The default policy (first, 1, 1) is plain dedupe: k == 1 survives.
#pragma once

#include <cstdint>

#include "fenbatch/pipeline/run_config.hpp"

namespace fenbatch::pipeline::detail {

enum class line_fate : std::uint8_t { kept, duplicate, rare };

struct survivor_policy {
  keep_occurrence keep = keep_occurrence::first;
  std::uint32_t max_per_position = 1;  // M: the first (or last) M occurrences are written
  std::uint32_t min_count = 1;         // N: positions seen fewer times are rare

  // Today's dedupe: only first occurrences are written.
  [[nodiscard]] bool plain() const noexcept {
    return keep == keep_occurrence::first && max_per_position == 1 && min_count == 1;
  }
  // A line's fate depends on its key's final count, known only once every line is counted.
  [[nodiscard]] bool needs_final_count() const noexcept {
    return keep == keep_occurrence::last || min_count > 1;
  }
  // `final_count` is read only when needs_final_count(). Counts saturate at 2^32-1 (dedupe_set).
  [[nodiscard]] line_fate fate(std::uint32_t k, std::uint32_t final_count) const noexcept {
    if (min_count > 1 && final_count < min_count) return line_fate::rare;
    const bool kept = keep == keep_occurrence::first
                          ? k <= max_per_position
                          : std::uint64_t{k} + max_per_position > final_count;
    return kept ? line_fate::kept : line_fate::duplicate;
  }
  friend bool operator==(const survivor_policy&, const survivor_policy&) = default;
};

}  // namespace fenbatch::pipeline::detail
