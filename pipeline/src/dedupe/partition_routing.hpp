// Which partition a key goes to at each split level. Level 0 (the top-level partitions) and
// the first splits take the key's high word without bit 63 (which only says 10x8 or 8x8, so
// it would halve nothing), multiplied by an odd constant of the level's own and scaled to the
// count by its top bits; deeper levels take the low word, so that keys sharing a high word
// still part. The in-memory set's shards use the low word with another constant: a partition's
// keys still spread over the shards and slots of any set built from them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "fenbatch/core/position_key.hpp"

namespace fenbatch::pipeline::detail {

inline constexpr std::array<std::uint64_t, 8> partition_multipliers = {
    0x9FB21C651E98DF25ULL, 0xC2B2AE3D27D4EB4FULL, 0x94D049BB133111EBULL, 0xBF58476D1CE4E5B9ULL,
    0xFF51AFD7ED558CCDULL, 0xC4CEB9FE1A85EC53ULL, 0x2127599BF4325C37ULL, 0x880355F21E6D1965ULL};

// The deepest split level: past it a partition is deduplicated whatever its size (never
// reached with a 64-bit hash unless far more keys collide than a run can hold).
inline constexpr unsigned max_split_level = 12;

[[nodiscard]] inline std::size_t partition_of(const core::position_key& key, unsigned level,
                                              std::size_t count) noexcept {
  __extension__ using wide = unsigned __int128;
  const std::uint64_t word = level < 4 ? key.high & ~(std::uint64_t{1} << 63) : key.low;
  const std::uint64_t mixed =
      (word ^ (word >> 29)) * partition_multipliers[level % partition_multipliers.size()];
  return static_cast<std::size_t>((static_cast<wide>(mixed) * count) >> 64);
}

}  // namespace fenbatch::pipeline::detail
