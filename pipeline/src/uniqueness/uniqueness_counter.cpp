#include "uniqueness/uniqueness_counter.hpp"

#include <algorithm>
#include <bit>

namespace fenbatch::pipeline::detail {

uniqueness_counter::uniqueness_counter(identity_mask counted, std::uint64_t memory_bytes,
                                       std::uint64_t input_bytes)
    : counted_(counted), input_bytes_(input_bytes) {
  const auto shares = static_cast<std::uint64_t>(std::popcount(counted));
  for (std::size_t i = 0; i < identity_count; ++i) {
    if ((counted & identity_bit(static_cast<identity>(i))) != 0) {
      counters_[i] = std::make_unique<identity_counter>(memory_bytes / shares);
    }
  }
}

void uniqueness_counter::add(identity which, const chunk& c) {
  const auto i = static_cast<std::size_t>(which);
  const std::vector<core::position_key>& keys = c.identity_keys[i];
  if (!sized_[i]) {
    // As dedupe sizes its set (budget_switch::expected_keys): the inputs' size at the first
    // chunk's keys per byte, every key new at worst. Unknown (a pipe): grown from the smallest
    // (six sets of 2^20 keys would touch a hundred MiB of huge pages for a short stream).
    std::uint64_t expected = 0;
    if (input_bytes_ != 0 && c.input.text_bytes != 0) {
      expected = static_cast<std::uint64_t>(static_cast<double>(input_bytes_) *
                                            static_cast<double>(keys.size()) /
                                            static_cast<double>(c.input.text_bytes));
    }
    counters_[i]->reserve(expected);
    sized_[i] = true;
  }
  counters_[i]->add(keys);
}

uniqueness_stats uniqueness_counter::result() const {
  uniqueness_stats stats;
  stats.sketches.assign(identity_count * sketch_registers, 0);
  for (std::size_t i = 0; i < identity_count; ++i) {
    if (!counters_[i]) continue;
    stats.identities[i] = counters_[i]->result();
    const std::vector<std::uint8_t>& registers = counters_[i]->sketch().registers();
    std::copy(registers.begin(), registers.end(),
              stats.sketches.begin() + static_cast<std::ptrdiff_t>(i * sketch_registers));
  }
  return stats;
}

void finish_uniqueness(uniqueness_stats& stats, bool dedupe, core::key_kind key,
                       std::uint64_t unique) noexcept {
  if (dedupe) stats.identities[static_cast<std::size_t>(identity_of(key))] = {unique, true};
}

uniqueness_stats merge_rank_uniqueness(std::span<const uniqueness_stats> parts) {
  uniqueness_stats merged;
  merged.sketches.assign(identity_count * sketch_registers, 0);
  for (const uniqueness_stats& part : parts) {
    for (std::size_t i = 0; i < merged.sketches.size() && i < part.sketches.size(); ++i) {
      merged.sketches[i] = std::max(merged.sketches[i], part.sketches[i]);
    }
  }
  const std::span<const std::uint8_t> all(merged.sketches);
  for (std::size_t i = 0; i < identity_count; ++i) {
    merged.identities[i] = {estimate_distinct(all.subspan(i * sketch_registers, sketch_registers)),
                            false};
  }
  return merged;
}

}  // namespace fenbatch::pipeline::detail

namespace fenbatch::pipeline {

std::string_view identity_name(identity which) noexcept {
  switch (which) {
    case identity::fen: return "fen";
    case identity::position: return "position";
    case identity::board_side_castling: return "board_side_castling";
    case identity::board_side: return "board_side";
    case identity::placement: return "placement";
    case identity::mirror: return "mirror";
  }
  return "?";
}

}  // namespace fenbatch::pipeline
