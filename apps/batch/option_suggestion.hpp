// "did you mean --dedupe?": the known option nearest to one the user mistyped.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace fenbatch::app {

// The long option ("--dedupe") among `known` (names without dashes) closest to `typed`
// ("--dedup", "--stat", "--jason-stats"): by edit distance (insertions, deletions,
// substitutions and swaps of neighbours), when it is small for the name's length, else by
// containment ("--json" in "--stats-json") when only one name contains it. Nothing for short
// options and for names with no near neighbour.
[[nodiscard]] std::optional<std::string> nearest_option(std::string_view typed,
                                                        std::span<const std::string> known);

}  // namespace fenbatch::app
