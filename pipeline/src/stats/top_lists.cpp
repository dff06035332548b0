#include "fenbatch/pipeline/top_lists.hpp"

#include <algorithm>
#include <utility>

#include "fenbatch/core/material.hpp"
#include "fenbatch/core/ten_by_eight/material.hpp"

namespace fenbatch::pipeline {

void rank_most_repeated(std::vector<repeated_position>& entries, std::size_t length) {
  std::sort(entries.begin(), entries.end(),
            [](const repeated_position& a, const repeated_position& b) {
              return a.count != b.count ? a.count > b.count : a.key < b.key;
            });
  if (entries.size() > length) entries.resize(length);
}

std::vector<counted_material> top_material(
    const std::unordered_map<std::uint64_t, std::uint64_t>& counts, std::size_t length) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> ranked(counts.begin(), counts.end());
  std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  std::vector<counted_material> top;
  for (std::size_t i = 0; i < ranked.size() && i < length; ++i) {
    const std::uint64_t signature = ranked[i].first;
    const bool ten_files = ((signature >> core::ten_by_eight::signature_marker_bit) & 1U) != 0;
    top.push_back({{core::material_signature_text(signature), ranked[i].second},
                   ten_files ? core::board_kind::ten_by_eight : core::board_kind::eight_by_eight});
  }
  return top;
}

}  // namespace fenbatch::pipeline
