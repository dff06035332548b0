// The most repeated positions, tracked exactly in the write stage as duplicates are found.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/core/position_key.hpp"
#include "fenbatch/pipeline/top_lists.hpp"

namespace fenbatch::pipeline::detail {

// The `length` positions counted most often among duplicates, kept exactly (see the argument
// in record_duplicate): candidates enter when their count reaches the current length-th
// largest.
class most_repeated_tracker {
 public:
  explicit most_repeated_tracker(std::size_t length = top_list_length) : length_(length) {}

  // `text_of` gives the text to report; called only when the key becomes a candidate (cutting
  // the position fields out of every duplicate line cost most of the write stage).
  template <class TextOf>
  void record_duplicate(const core::position_key& key, std::uint32_t count, TextOf text_of) {
    // A key whose final count ranks in the top N had, at its last increment, a count at least
    // the N-th largest count seen so far among candidates, so it is inserted or refreshed
    // then; counts below that threshold may leave a candidate's count stale (low), which can
    // only make pruning drop keys that are not in the final top N either. Pruning keeps the
    // top N by (count, key), so it never drops a final top-N key.
    if (length_ == 0) return;
    if (candidates_.size() >= length_ && count < threshold_) return;
    auto it = candidates_.find(key);
    if (it != candidates_.end()) {
      it->second.count = count;
      return;
    }
    candidates_.emplace(key, counted_text{std::string(text_of()), count});
    if (candidates_.size() > 4 * length_) prune();
  }

  [[nodiscard]] std::vector<repeated_position> top() const;

 private:
  void prune();

  std::size_t length_;
  std::map<core::position_key, counted_text> candidates_;
  std::uint32_t threshold_ = 0;
};

// The first four fields of a canonical line: the position without counters or operations.
[[nodiscard]] std::string_view position_fields(std::string_view line) noexcept;

}  // namespace fenbatch::pipeline::detail
