#include "dedupe/survivors.hpp"

#include <cstddef>
#include <cstdint>

#include "dedupe/dedupe_stages.hpp"

namespace fenbatch::pipeline::detail {

void keep_survivors(chunk& c, const survivor_policy& policy) {
  c.duplicates.clear();
  c.dropped.clear();
  c.kept.clear();
  std::uint64_t unique = 0;
  std::uint64_t ten_by_eight_unique = 0;
  std::uint64_t ten_by_eight_duplicates = 0;
  for (std::size_t i = 0; i < c.valid.size(); ++i) {
    const std::uint32_t place = c.shard_position[i];
    const std::uint32_t occurrence = c.occurrences[place];
    const bool ten_by_eight = c.valid[i].facts.ten_by_eight();
    if (occurrence == 1) {
      ++unique;
      ten_by_eight_unique += ten_by_eight ? 1 : 0;
    }
    const line_fate fate = policy.fate(occurrence, 0);
    if (fate == line_fate::kept) continue;
    const auto index = static_cast<std::uint32_t>(i);
    c.dropped.push_back(index);
    c.duplicates.push_back(index);
    ten_by_eight_duplicates += ten_by_eight ? 1 : 0;
  }
  c.counts.duplicates = c.duplicates.size();
  c.counts.written = c.valid.size() - c.dropped.size();
  c.counts.ten_by_eight_unique = ten_by_eight_unique;
  c.counts.eight_by_eight_unique = unique - ten_by_eight_unique;
  c.compacted = !c.dropped.empty();
  if (!c.compacted) return;
  drop_lines(c, c.dropped);
  c.counts.ten_by_eight_duplicates = ten_by_eight_duplicates;
  c.counts.derive_eight_by_eight();
}

}  // namespace fenbatch::pipeline::detail
