#include "top_lists.hpp"

#include <algorithm>
#include <utility>

#include "fenbatch/core/material.hpp"

namespace fenbatch::pipeline::detail {

void rank_most_repeated(std::vector<repeated_position>& entries) {
  std::sort(entries.begin(), entries.end(),
            [](const repeated_position& a, const repeated_position& b) {
              return a.count != b.count ? a.count > b.count : a.key < b.key;
            });
  if (entries.size() > run_stats::top_count) entries.resize(run_stats::top_count);
}

std::vector<counted_text> top_material(
    const std::unordered_map<std::uint64_t, std::uint64_t>& material) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> ranked(material.begin(), material.end());
  std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  std::vector<counted_text> top;
  for (std::size_t i = 0; i < ranked.size() && i < run_stats::top_count; ++i) {
    top.push_back({core::material_signature_text(ranked[i].first), ranked[i].second});
  }
  return top;
}

std::vector<repeated_position> most_repeated_tracker::top() const {
  std::vector<repeated_position> entries;
  entries.reserve(candidates_.size());
  for (const auto& [key, entry] : candidates_) entries.push_back({entry, key});
  rank_most_repeated(entries);
  return entries;
}

void most_repeated_tracker::prune() {
  if (candidates_.size() <= run_stats::top_count) return;
  std::vector<repeated_position> kept;
  kept.reserve(candidates_.size());
  for (auto& [key, entry] : candidates_) kept.push_back({std::move(entry), key});
  rank_most_repeated(kept);
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
