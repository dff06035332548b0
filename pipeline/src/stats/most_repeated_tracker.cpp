#include "stats/most_repeated_tracker.hpp"

#include <utility>

namespace fenbatch::pipeline::detail {

std::vector<repeated_position> most_repeated_tracker::top() const {
  std::vector<repeated_position> entries;
  entries.reserve(candidates_.size());
  for (const auto& [key, entry] : candidates_) entries.push_back({entry, key});
  rank_most_repeated(entries, length_);
  return entries;
}

void most_repeated_tracker::prune() {
  if (candidates_.size() <= length_) return;
  std::vector<repeated_position> kept;
  kept.reserve(candidates_.size());
  for (auto& [key, entry] : candidates_) kept.push_back({std::move(entry), key});
  rank_most_repeated(kept, length_);
  threshold_ = static_cast<std::uint32_t>(kept.back().count);
  candidates_.clear();
  for (repeated_position& entry : kept) {
    candidates_.emplace(entry.key, std::move(static_cast<counted_text&>(entry)));
  }
}

std::string_view position_fields(std::string_view line) noexcept {
  std::size_t spaces = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == ' ' && ++spaces == 4) return line.substr(0, i);
    if (line[i] == '\n') return line.substr(0, i);
  }
  return line;
}

}  // namespace fenbatch::pipeline::detail
