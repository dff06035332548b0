#include "dedupe/survivors.hpp"

#include <cstddef>
#include <cstdint>

#include "dedupe/dedupe_stages.hpp"

namespace fenbatch::pipeline::detail {

void keep_survivors(chunk& c, const survivor_policy& policy, kept_text text) {
  c.duplicates.clear();
  c.dropped.clear();
  c.kept.clear();
  const bool with_finals = policy.needs_final_count();
  std::uint64_t unique = 0;
  std::uint64_t ten_by_eight_unique = 0;
  std::uint64_t ten_by_eight_duplicates = 0;
  std::uint64_t rare = 0;
  std::uint64_t ten_by_eight_rare = 0;
  for (std::size_t i = 0; i < c.valid.size(); ++i) {
    const std::uint32_t place = c.shard_position[i];
    const std::uint32_t occurrence = c.occurrences[place];
    const bool ten_by_eight = c.valid[i].facts.ten_by_eight();
    if (occurrence == 1) {
      ++unique;
      ten_by_eight_unique += ten_by_eight ? 1 : 0;
    }
    const line_fate fate = policy.fate(occurrence, with_finals ? c.finals[place] : 0);
    if (fate == line_fate::kept) continue;
    const auto index = static_cast<std::uint32_t>(i);
    c.dropped.push_back(index);
    if (fate == line_fate::rare) {
      ++rare;
      ten_by_eight_rare += ten_by_eight ? 1 : 0;
      continue;
    }
    c.duplicates.push_back(index);
    ten_by_eight_duplicates += ten_by_eight ? 1 : 0;
  }
  c.counts.duplicates = c.duplicates.size();
  c.counts.rare = rare;
  c.counts.ten_by_eight_rare = ten_by_eight_rare;
  c.counts.written = c.valid.size() - c.dropped.size();
  c.counts.ten_by_eight_unique = ten_by_eight_unique;
  c.counts.eight_by_eight_unique = unique - ten_by_eight_unique;
  c.compacted = false;
  if (!c.dropped.empty()) {
    untally_dropped(c, c.dropped);
    c.counts.ten_by_eight_duplicates = ten_by_eight_duplicates;
    c.compacted = text == kept_text::compacted;
    if (c.compacted) copy_kept_text(c, c.dropped);
  }
  c.counts.derive_eight_by_eight();
}

bool first_written_line(const survivor_policy& policy, std::uint32_t occurrence,
                        std::uint32_t final_count) noexcept {
  if (policy.fate(occurrence, final_count) != line_fate::kept) return false;
  // Ranked: the best line (rank 1), whatever its place among the written ones.
  if (policy.keep != keep_occurrence::last) return occurrence == 1;
  // The last M of F: the (F - M + 1)-th, or the first when F <= M.
  return final_count <= policy.max_per_position
             ? occurrence == 1
             : occurrence == final_count - policy.max_per_position + 1;
}

}  // namespace fenbatch::pipeline::detail
