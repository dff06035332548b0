#include "option_suggestion.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace fenbatch::app {
namespace {

// Optimal string alignment distance: Levenshtein plus the swap of two neighbours, the commonest
// typing slip ("--dedpue").
std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t columns = b.size() + 1;
  std::vector<std::size_t> d((a.size() + 1) * columns);
  const auto at = [&d, columns](std::size_t i, std::size_t j) -> std::size_t& {
    return d[i * columns + j];
  };
  for (std::size_t i = 0; i <= a.size(); ++i) at(i, 0) = i;
  for (std::size_t j = 0; j <= b.size(); ++j) at(0, j) = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      at(i, j) = std::min({at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        at(i, j) = std::min(at(i, j), at(i - 2, j - 2) + 1);
      }
    }
  }
  return at(a.size(), b.size());
}

}  // namespace

std::optional<std::string> nearest_option(std::string_view typed,
                                          std::span<const std::string> known) {
  if (!typed.starts_with("--")) return std::nullopt;
  typed.remove_prefix(2);
  typed = typed.substr(0, typed.find('='));  // "--dedup=yes"
  if (typed.empty()) return std::nullopt;
  // A third of the name, at least one and at most three edits: "--stat" is --stats, while
  // "--frobnicate" is nothing.
  const std::size_t allowed = std::clamp<std::size_t>(typed.size() / 3, 1, 3);
  const std::string* best = nullptr;
  std::size_t best_distance = allowed + 1;
  for (const std::string& name : known) {
    const std::size_t distance = edit_distance(typed, name);
    if (distance < best_distance) {
      best = &name;
      best_distance = distance;
    }
  }
  if (best == nullptr && typed.size() >= 3) {
    for (const std::string& name : known) {
      if (name.find(typed) == std::string::npos) continue;
      if (best != nullptr) return std::nullopt;  // ambiguous: say nothing
      best = &name;
    }
  }
  if (best == nullptr) return std::nullopt;
  return "--" + *best;
}

}  // namespace fenbatch::app
