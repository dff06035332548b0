// The records of a dedupe past memory, as they lie in its temporary files (native byte order:
// the files never outlive the process). Fixed sizes, so that a region's length is its count
// times the size and any region can be read on its own.
//   partition file:  decided records (key, count[, first origin]), then added records
//                    (key[, origin][, standing]), each in the order they came (the standing:
//                    ranked, --keep max/min);
//   resolved file:   one decision per added record (occurrence[, final count][, origin]; the
//                    final count with finals_in_decisions, the origin the first occurrence's,
//                    or with last_origins the last's), then (with
//                    final counts) the decided keys' final counts by first origin, then the
//                    added first occurrences' final counts in their order. Between split
//                    levels the decided keys' final counts carry their first origin, so that a
//                    parent can merge its children's by origin.
// Origins are kept when decisions carry them or final counts are asked for (the final counts'
// order is that of first origins).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fenbatch/core/position_key.hpp"

namespace fenbatch::pipeline::detail {

struct partition_record_layout {
  bool origins_in_records = false;    // with_origins or final_counts
  bool origins_in_decisions = false;  // with_origins
  bool final_counts = false;
  // --keep last, --min-count: each decision carries its key's final count (every chunk is then
  // deferred, so there are no decided records), and with last_origins the origin it carries is
  // the key's last occurrence's.
  bool finals_in_decisions = false;
  bool last_origins = false;
  // --keep max/min (with finals in decisions): --max-per-position, the places each key ranks
  // (0: not ranked); each added record carries its line's standing (ranked_standing.hpp), and a
  // decision its rank and the key's best line's origin.
  std::uint32_t ranked_places = 0;
  [[nodiscard]] bool standings_in_records() const noexcept { return ranked_places != 0; }

  [[nodiscard]] std::size_t added_bytes() const noexcept {
    return sizeof(core::position_key) + (origins_in_records ? sizeof(std::uint64_t) : 0) +
           (standings_in_records() ? sizeof(std::uint64_t) : 0);
  }
  [[nodiscard]] std::size_t decided_bytes() const noexcept {
    return sizeof(core::position_key) + (origins_in_records ? sizeof(std::uint64_t) : 0) +
           sizeof(std::uint32_t);
  }
  [[nodiscard]] std::size_t decision_bytes() const noexcept {
    return sizeof(std::uint32_t) + (finals_in_decisions ? sizeof(std::uint32_t) : 0) +
           (origins_in_decisions ? sizeof(std::uint64_t) : 0);
  }
  static constexpr std::size_t final_bytes = sizeof(std::uint32_t);
  static constexpr std::size_t final_with_origin_bytes = sizeof(std::uint64_t) + final_bytes;
};

// One record of a partition file, decided or added (an added one has count 0).
struct partition_record {
  core::position_key key;
  std::uint32_t count = 0;
  std::uint64_t origin = 0;
  std::uint64_t standing = 0;  // an added record's, ranked only
};

inline void put_word(char*& out, std::uint64_t v) noexcept {
  std::memcpy(out, &v, sizeof v);
  out += sizeof v;
}
inline void put_count(char*& out, std::uint32_t v) noexcept {
  std::memcpy(out, &v, sizeof v);
  out += sizeof v;
}
inline std::uint64_t get_word(const char*& in) noexcept {
  std::uint64_t v = 0;
  std::memcpy(&v, in, sizeof v);
  in += sizeof v;
  return v;
}
inline std::uint32_t get_count(const char*& in) noexcept {
  std::uint32_t v = 0;
  std::memcpy(&v, in, sizeof v);
  in += sizeof v;
  return v;
}

// Writes one record into `out` (at least max(decided_bytes(), added_bytes())); returns its size.
inline std::size_t encode_record(const partition_record_layout& layout, bool decided,
                                 const partition_record& r, char* out) noexcept {
  char* p = out;
  put_word(p, r.key.low);
  put_word(p, r.key.high);
  if (decided) put_count(p, r.count);
  if (layout.origins_in_records) put_word(p, r.origin);
  if (!decided && layout.standings_in_records()) put_word(p, r.standing);
  return static_cast<std::size_t>(p - out);
}

inline partition_record decode_record(const partition_record_layout& layout, bool decided,
                                      const char* in) noexcept {
  partition_record r;
  r.key.low = get_word(in);
  r.key.high = get_word(in);
  if (decided) r.count = get_count(in);
  if (layout.origins_in_records) r.origin = get_word(in);
  if (!decided && layout.standings_in_records()) r.standing = get_word(in);
  return r;
}

}  // namespace fenbatch::pipeline::detail
