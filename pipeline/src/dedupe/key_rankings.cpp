#include "dedupe/key_rankings.hpp"

#include <algorithm>
#include <random>
#include <stdexcept>

#include "dedupe/dedupe_set.hpp"

namespace fenbatch::pipeline::detail {

static_assert(sizeof(key_rankings::line) == 24);

key_rankings::key_rankings(std::uint32_t places, std::size_t slots)
    : places_(places), slots_(std::max<std::size_t>(16, slots)), seed_(std::random_device{}()) {
  static_assert(sizeof(slot) == slot_bytes);
}

// The key's slot, or the empty one that ends its probe run (as dedupe_set, linear probing from
// a seeded home slot: the output never depends on where a key sits).
std::size_t key_rankings::find(const core::position_key& key) const noexcept {
  std::size_t i = first_probe_slot(key, seed_, slots_.size());
  while (slots_[i].state != 0 && slots_[i].key != key) i = i + 1 == slots_.size() ? 0 : i + 1;
  return i;
}

void key_rankings::grow() {
  std::vector<slot> old(slots_.size() * 2);
  old.swap(slots_);
  for (const slot& s : old) {
    if (s.state != 0) slots_[find(s.key)] = s;
  }
}

void key_rankings::offer(const core::position_key& key, std::uint32_t occurrence,
                         std::uint64_t standing, std::uint64_t origin) {
  if ((size_ + 1) * 4 > slots_.size() * 3) grow();
  slot& s = slots_[find(key)];
  if (s.state == 0 || (places_ == 1 && standing > s.standing)) {
    size_ += s.state == 0 ? 1 : 0;
    s = {key, standing, origin, occurrence, 1};
    return;
  }
  if (places_ == 1) return;
  if (s.state == 1) {  // the key's second line: its places move to a list
    if (lists_.size() >= UINT32_MAX - 2) throw std::length_error("key_rankings: too many keys");
    s.state = static_cast<std::uint32_t>(lists_.size() + 2);
    lists_.push_back({s.best()});
  }
  std::vector<line>& best = lists_[s.state - 2];
  if (best.size() == places_) {
    if (best.back().standing >= standing) return;
    best.pop_back();
  }
  const auto after =
      std::upper_bound(best.begin(), best.end(), standing,
                       [](std::uint64_t value, const line& l) { return value > l.standing; });
  best.insert(after, line{standing, origin, occurrence});
}

key_rankings::ranking key_rankings::rank(const core::position_key& key,
                                         std::uint32_t occurrence) const {
  const slot& s = slots_[find(key)];
  if (s.state == 0) throw std::logic_error("key_rankings: a key never offered");
  if (s.state == 1) {
    return {s.occurrence == occurrence ? 1U : places_ + 1, s.origin};
  }
  const std::vector<line>& best = lists_[s.state - 2];
  ranking r{places_ + 1, best.front().origin};  // (the list is full then: places_ < 2^32-1)
  for (std::size_t i = 0; i < best.size(); ++i) {
    if (best[i].occurrence == occurrence) r.rank = static_cast<std::uint32_t>(i + 1);
  }
  return r;
}

}  // namespace fenbatch::pipeline::detail
