// Which occurrences of a position survive dedupe (issue 28: --keep, --max-per-position,
// --min-count), as one rule over a line's occurrence k (1 for the first line of its key) and its
// key's final count F. The default policy (first, 1, 1) is plain dedupe: k == 1 survives.
// Ranked policies (issue 29: --keep max:FIELD / min:FIELD) order a key's lines by their value
// (ranked_standing.hpp), ties to the first; their decisions carry each line's rank in that
// order in place of its occurrence (1: the best, exactly one line per key, as occurrence 1 is),
// so that the rule, the unique counts and the side files read them alike.
#pragma once

#include <cstdint>
#include <string>

#include "fenbatch/pipeline/run_config.hpp"

namespace fenbatch::pipeline::detail {

enum class line_fate : std::uint8_t { kept, duplicate, rare };

struct survivor_policy {
  keep_occurrence keep = keep_occurrence::first;
  std::uint32_t max_per_position = 1;  // M: the first (or last, or best) M occurrences are written
  std::uint32_t min_count = 1;         // N: positions seen fewer times are rare
  std::string field;                   // ranked: the field whose value orders a key's lines

  // Today's dedupe: only first occurrences are written.
  [[nodiscard]] bool plain() const noexcept {
    return keep == keep_occurrence::first && max_per_position == 1 && min_count == 1;
  }
  // --keep max:FIELD / min:FIELD: `k` is a line's rank among its key's lines by value.
  [[nodiscard]] bool ranked() const noexcept {
    return keep == keep_occurrence::max_value || keep == keep_occurrence::min_value;
  }
  // A line's fate depends on its key's final count (or, ranked, on every line's value), known
  // only once every line is counted.
  [[nodiscard]] bool needs_final_count() const noexcept {
    return keep != keep_occurrence::first || min_count > 1;
  }
  // `final_count` is read only when needs_final_count(). Counts saturate at 2^32-1 (dedupe_set).
  [[nodiscard]] line_fate fate(std::uint32_t k, std::uint32_t final_count) const noexcept {
    if (min_count > 1 && final_count < min_count) return line_fate::rare;
    const bool kept = keep == keep_occurrence::last
                          ? std::uint64_t{k} + max_per_position > final_count
                          : k <= max_per_position;
    return kept ? line_fate::kept : line_fate::duplicate;
  }
  // --keep's value as typed: first, last, max:FIELD or min:FIELD (statistics, report, ranks).
  [[nodiscard]] std::string keep_text() const {
    switch (keep) {
      case keep_occurrence::first: return "first";
      case keep_occurrence::last: return "last";
      case keep_occurrence::max_value: return std::string("max:").append(field);
      case keep_occurrence::min_value: return std::string("min:").append(field);
    }
    return {};
  }
  friend bool operator==(const survivor_policy&, const survivor_policy&) = default;
};

}  // namespace fenbatch::pipeline::detail
