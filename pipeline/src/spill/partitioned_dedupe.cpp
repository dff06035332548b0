// TODO(h16-engine): a stand-in that keeps everything in memory, with the interface's exact
// results, so that the run can be joined to it while the partitions are built.
#include "spill/partitioned_dedupe.hpp"

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

namespace fenbatch::pipeline::detail {

struct partitioned_dedupe::state {
  partitioned_dedupe_options options;
  struct entry {
    std::uint32_t count = 0;
    std::uint64_t first_origin = 0;
  };
  std::map<core::position_key, entry> decided_and_added;
  std::vector<std::pair<core::position_key, std::uint64_t>> lines;
  std::vector<decision> decisions;
  std::size_t next_decision = 0;
  std::vector<std::uint32_t> finals;
  std::size_t next_final = 0;
};

partitioned_dedupe::partitioned_dedupe(const partitioned_dedupe_options& options)
    : state_(std::make_unique<state>()) {
  state_->options = options;
}

partitioned_dedupe::~partitioned_dedupe() = default;

void partitioned_dedupe::add_decided(const core::position_key& key, std::uint32_t count,
                                     std::uint64_t first_origin) {
  state_->decided_and_added[key] = {count, first_origin};
}

void partitioned_dedupe::add(const core::position_key& key, std::uint64_t origin) {
  state_->lines.emplace_back(key, origin);
}

void partitioned_dedupe::resolve(
    const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  auto& set = state_->decided_and_added;
  for (const auto& [key, origin] : state_->lines) {
    auto [it, fresh] = set.try_emplace(key, state::entry{0, origin});
    if (it->second.count != UINT32_MAX) ++it->second.count;
    state_->decisions.push_back({it->second.count, it->second.first_origin});
  }
  std::vector<std::pair<std::uint64_t, std::uint32_t>> firsts;
  for (const auto& [key, e] : set) firsts.emplace_back(e.first_origin, e.count);
  std::sort(firsts.begin(), firsts.end());
  for (const auto& f : firsts) state_->finals.push_back(f.second);
  if (progress) progress(1, 1);
}

partitioned_dedupe::decision partitioned_dedupe::next(const core::position_key& /*key*/) {
  return state_->decisions[state_->next_decision++];
}

std::uint32_t partitioned_dedupe::final_count(const core::position_key& /*key*/) {
  return state_->finals[state_->next_final++];
}

std::uint64_t partitioned_dedupe::unique() const noexcept {
  return state_->decided_and_added.size();
}
std::uint64_t partitioned_dedupe::partitions() const noexcept {
  return 1;
}
std::uint64_t partitioned_dedupe::temp_bytes_written() const noexcept {
  return 0;
}
std::uint64_t partitioned_dedupe::temp_bytes_per_line(bool with_origins,
                                                      bool final_counts) noexcept {
  return 16 + (with_origins ? 8 : 0) + 4 + (with_origins ? 8 : 0) + (final_counts ? 4 : 0);
}

}  // namespace fenbatch::pipeline::detail
