// --keep max:FIELD / min:FIELD (issue 29): the best lines of each key by standing
// (ranked_standing.hpp), ties to the first, for decisions that carry a line's rank in place of
// its occurrence (survivor_policy.hpp). Fed in the records' order while they are added (first
// reading of counted_decisions.hpp), asked while they are decided (second reading). Each key
// keeps at most `places` (--max-per-position) lines: (standing, occurrence, origin), best first.
// Held beside the set, outside its memory share: about 100 bytes a key with one place.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "fenbatch/core/position_key.hpp"

namespace fenbatch::pipeline::detail {

class key_rankings {
 public:
  explicit key_rankings(std::uint32_t places) : places_(places) {}

  // The key's `occurrence`-th line (occurrences increase per key): it takes a place when it
  // beats the worst kept one (strictly: an equal standing came later, so it loses).
  void offer(const core::position_key& key, std::uint32_t occurrence, std::uint64_t standing,
             std::uint64_t origin) {
    std::vector<line>& best = best_[key];
    if (best.size() == places_) {
      if (best.back().standing >= standing) return;
      best.pop_back();
    }
    const auto after =
        std::upper_bound(best.begin(), best.end(), standing,
                         [](std::uint64_t s, const line& l) { return s > l.standing; });
    best.insert(after, line{standing, occurrence, origin});
  }

  // The line's rank among its key's lines: 1 for the best, up to `places`; places + 1 for a
  // line that holds no place.
  [[nodiscard]] std::uint32_t rank(const core::position_key& key, std::uint32_t occurrence) const {
    const std::vector<line>& best = best_.at(key);
    for (std::size_t i = 0; i < best.size(); ++i) {
      if (best[i].occurrence == occurrence) return static_cast<std::uint32_t>(i + 1);
    }
    return places_ + 1;  // (the list is full here, so places_ < the key's count <= 2^32-1)
  }
  // The origin of the key's best line: where --duplicates points a dropped line.
  [[nodiscard]] std::uint64_t best_origin(const core::position_key& key) const {
    return best_.at(key).front().origin;
  }

 private:
  struct line {
    std::uint64_t standing;
    std::uint32_t occurrence;
    std::uint64_t origin;
  };
  struct key_hash {
    std::size_t operator()(const core::position_key& k) const noexcept {
      return static_cast<std::size_t>(k.low ^ (k.high * 0x9E3779B97F4A7C15ULL));
    }
  };
  std::uint32_t places_;
  std::unordered_map<core::position_key, std::vector<line>, key_hash> best_;
};

}  // namespace fenbatch::pipeline::detail
