// The records a distributed dedupe sends between ranks, fixed-size and in host byte order (the
// ranks of one job run the same build): a line's key (and with origins its global origin) to
// the key's owner; the owner's decision for it (occurrence, and with origins the first
// occurrence's origin) back to the line's rank; and per first occurrence its final count.
// With finals in decisions (--keep last, --min-count) each decision also carries its key's
// final count, after the occurrence. Ranked (--keep max/min, issue 29) a key record also carries
// its line's standing (dedupe/ranked_standing.hpp) last, and a decision's occurrence is the
// line's rank, its origin the key's best line's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fenbatch/core/position_key.hpp"

namespace fenbatch::pipeline::detail {

struct dedupe_wire {
  bool with_origins = false;
  bool finals_in_decisions = false;
  bool standings = false;

  [[nodiscard]] std::size_t key_bytes() const noexcept {
    return (with_origins ? 24 : 16) + (standings ? 8 : 0);
  }
  [[nodiscard]] std::size_t decision_bytes() const noexcept {
    return (with_origins ? 12 : 4) + (finals_in_decisions ? 4 : 0);
  }
  static constexpr std::size_t final_bytes = 4;

  // Writes key_bytes() at `out`.
  void put_key(char* out, const core::position_key& key, std::uint64_t origin,
               std::uint64_t standing = 0) const noexcept {
    std::memcpy(out, &key.low, 8);
    std::memcpy(out + 8, &key.high, 8);
    if (with_origins) std::memcpy(out + 16, &origin, 8);
    if (standings) std::memcpy(out + (with_origins ? 24 : 16), &standing, 8);
  }
  void get_key(const char* in, core::position_key& key, std::uint64_t& origin,
               std::uint64_t& standing) const noexcept {
    std::memcpy(&key.low, in, 8);
    std::memcpy(&key.high, in + 8, 8);
    origin = 0;
    if (with_origins) std::memcpy(&origin, in + 16, 8);
    standing = 0;
    if (standings) std::memcpy(&standing, in + (with_origins ? 24 : 16), 8);
  }
  // Writes decision_bytes() at `out` (`final_count` only with finals in decisions).
  void put_decision(char* out, std::uint32_t occurrence, std::uint64_t origin,
                    std::uint32_t final_count = 0) const noexcept {
    std::memcpy(out, &occurrence, 4);
    if (finals_in_decisions) std::memcpy(out += 4, &final_count, 4);
    if (with_origins) std::memcpy(out + 4, &origin, 8);
  }
  void get_decision(const char* in, std::uint32_t& occurrence, std::uint64_t& origin,
                    std::uint32_t& final_count) const noexcept {
    std::memcpy(&occurrence, in, 4);
    final_count = 0;
    if (finals_in_decisions) std::memcpy(&final_count, in += 4, 4);
    origin = 0;
    if (with_origins) std::memcpy(&origin, in + 4, 8);
  }
};

}  // namespace fenbatch::pipeline::detail
