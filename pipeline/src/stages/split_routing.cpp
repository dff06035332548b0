#include "stages/split_routing.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fenbatch/core/selection_hash.hpp"

namespace fenbatch::pipeline::detail {

void route_splits(chunk& c, const split_plan& plan, std::span<const std::uint32_t> dropped) {
  const std::size_t split_count = plan.thresholds.size();
  c.split_text.resize(split_count);
  c.split_written.assign(split_count, 0);
  for (text_buffer& text : c.split_text) text.clear();
  c.kept.clear();
  c.kept.reserve_more(c.text.size());
  std::size_t next_dropped = 0;  // in `dropped`, ascending
  for (std::size_t i = 0; i < c.valid.size(); ++i) {
    if (next_dropped < dropped.size() && dropped[next_dropped] == i) {
      ++next_dropped;
      continue;
    }
    const chunk::valid_line& line = c.valid[i];
    const std::size_t part =
        core::selection_part(core::selection_value(line.key, plan.seed), plan.thresholds);
    text_buffer& into = part == split_count ? c.kept : c.split_text[part];
    if (part != split_count) ++c.split_written[part];
    into.reserve_more(line.text_length);
    std::memcpy(into.end(), c.text.view(line.text_offset, 0).data(), line.text_length);
    into.grow_by(line.text_length);
  }
  c.compacted = true;
}

}  // namespace fenbatch::pipeline::detail
