// Which rank owns a key in a distributed run: all of a key's lines, from every rank, go there
// to be counted. Its own mix of both key words, so that an owner's keys still spread over its
// partitions (partition_routing.hpp) and the shards and slots of its sets.
#pragma once

#include <cstddef>
#include <cstdint>

#include "fenbatch/core/position_key.hpp"

namespace fenbatch::pipeline::detail {

[[nodiscard]] inline std::size_t owner_of(const core::position_key& key,
                                          std::size_t ranks) noexcept {
  __extension__ using wide = unsigned __int128;
  const std::uint64_t word = key.low ^ (key.high >> 17) ^ (key.high << 23);
  const std::uint64_t mixed = (word ^ (word >> 31)) * 0xD6E8FEB86659FD93ULL;
  return static_cast<std::size_t>((static_cast<wide>(mixed ^ (mixed >> 32)) * ranks) >> 64);
}

}  // namespace fenbatch::pipeline::detail
