// Decisions that carry their key's final count (--keep last, --min-count: a line's fate needs
// how often its position occurs in all). A count is final only once every record is added, so
// the records are read twice: the first time each is added to the set (its occurrence kept in
// a scratch file, 4 bytes a record), the second time each gets its decision: its occurrence,
// its key's final count and the origin the set holds for the key (its first occurrence's, or
// with last origins its last's). Shared by a partition's leaf (partition_resolver.cpp) and a
// key owner's set in a distributed run (owner_resolution.cpp).
// Ranked (--keep max/min, issue 29: `rankings` set): the first reading also offers each record's
// standing to the key's rankings, and a decision carries the record's rank in place of its
// occurrence and the key's best line's origin.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include "dedupe/dedupe_set.hpp"
#include "dedupe/key_rankings.hpp"
#include "fenbatch/core/position_key.hpp"
#include "spill/spill_file.hpp"
#include "spill/spill_reader.hpp"

namespace fenbatch::pipeline::detail {

// `for_each_record(visit)` calls visit(key, origin, source, standing) for every record in order
// (standing: ranked only), the same
// each time it is called (twice); `decide(source, occurrence, final_count, origin)` is called
// once per record, in that order. Throws what `set` throws (dedupe_set::capacity_exceeded)
// while adding. Returns the scratch file's bytes.
template <class ForEachRecord, class Decide>
std::uint64_t decide_with_final_counts(dedupe_set& set, bool last_origins, key_rankings* rankings,
                                       const std::string& directory, std::size_t buffer,
                                       ForEachRecord for_each_record, Decide decide) {
  spill_file occurrences(directory, buffer);
  for_each_record([&](const core::position_key& key, std::uint64_t origin, std::size_t,
                      std::uint64_t standing) {
    const std::uint64_t place = origin;
    const std::uint32_t occurrence = !set.with_origins() ? set.add(key)
                                     : last_origins      ? set.add_with_last_origin(key, origin)
                                                         : set.add_with_origin(key, origin);
    if (rankings != nullptr) rankings->offer(key, occurrence, standing, place);
    char bytes[sizeof occurrence];
    std::memcpy(bytes, &occurrence, sizeof occurrence);
    occurrences.append({bytes, sizeof bytes});
  });
  occurrences.finish_writing();
  spill_reader reader(occurrences, 0, occurrences.size(), buffer);
  for_each_record(
      [&](const core::position_key& key, std::uint64_t, std::size_t source, std::uint64_t) {
        std::uint32_t occurrence = 0;
        std::memcpy(&occurrence, reader.read(sizeof occurrence), sizeof occurrence);
        if (rankings != nullptr) {
          const key_rankings::ranking r = rankings->rank(key, occurrence);
          decide(source, r.rank, set.count(key), r.best_origin);
          return;
        }
        decide(source, occurrence, set.count(key), set.with_origins() ? set.first_origin(key) : 0);
      });
  return occurrences.size();
}

}  // namespace fenbatch::pipeline::detail
