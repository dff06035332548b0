#include "distributed/owner_resolution.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dedupe/counted_decisions.hpp"
#include "dedupe/dedupe_set.hpp"
#include "distributed/sharded_owner_set.hpp"
#include "spill/spill_reader.hpp"

namespace fenbatch::pipeline::detail {
namespace {

constexpr std::size_t io_buffer = std::size_t{64} << 10;

// Calls f(source, key, origin, standing) for every record received, source by source.
template <class F>
void for_each_record(const dedupe_wire& wire, const spill_files& received, F f) {
  for (std::size_t s = 0; s < received.size(); ++s) {
    const spill_file& file = *received[s];
    spill_reader reader(file, 0, file.size(), io_buffer);
    for (std::uint64_t n = file.size() / wire.key_bytes(); n != 0; --n) {
      core::position_key key;
      std::uint64_t origin = 0;
      std::uint64_t standing = 0;
      wire.get_key(reader.read(wire.key_bytes()), key, origin, standing);
      f(s, key, origin, standing);
    }
  }
}

// Calls f(source, n) for each block of up to keys.size() records received, source by source,
// the block's keys and origins in keys[0, n) and origins[0, n).
template <class F>
void for_each_block(const dedupe_wire& wire, const spill_files& received,
                    std::span<core::position_key> keys, std::span<std::uint64_t> origins, F f) {
  std::uint64_t standing = 0;  // (not ranked here)
  for (std::size_t s = 0; s < received.size(); ++s) {
    const spill_file& file = *received[s];
    spill_reader reader(file, 0, file.size(), io_buffer);
    for (std::uint64_t left = file.size() / wire.key_bytes(); left != 0;) {
      const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(keys.size(), left));
      for (std::size_t i = 0; i < n; ++i) {
        wire.get_key(reader.read(wire.key_bytes()), keys[i], origins[i], standing);
      }
      f(s, n);
      left -= n;
    }
  }
}

// for_each_record() for the set: each block of records' home slots is fetched before the
// block is added (the set is far larger than the cache; the adds then find their slots there).
template <class F>
void for_each_record_prefetched(const dedupe_wire& wire, const spill_files& received,
                                const dedupe_set& set, F f) {
  std::array<core::position_key, 16> keys;
  std::array<std::uint64_t, 16> origins{};
  for_each_block(wire, received, keys, origins, [&](std::size_t s, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) set.prefetch(keys[i]);
    for (std::size_t i = 0; i < n; ++i) f(s, keys[i], origins[i]);
  });
}

// The first occurrences' keys, in order, and how many each source has: their final counts are
// known only after the last record, and go back in this order.
class first_occurrences {
 public:
  first_occurrences(const std::string& directory, std::size_t sources)
      : keys_(directory, io_buffer), per_source_(sources, 0) {}

  void add(std::size_t source, const core::position_key& key) {
    char bytes[16];
    dedupe_wire{}.put_key(bytes, key, 0);
    keys_.append({bytes, sizeof bytes});
    ++per_source_[source];
  }
  // Appends final(key) to finals[s] for each source's first occurrences.
  template <class Final>
  void write_finals(const spill_files& finals, Final final) {
    keys_.finish_writing();
    spill_reader reader(keys_, 0, keys_.size(), io_buffer);
    for (std::size_t s = 0; s < per_source_.size(); ++s) {
      for (std::uint64_t n = per_source_[s]; n != 0; --n) {
        core::position_key key;
        std::uint64_t unused = 0;
        std::uint64_t no_standing = 0;
        dedupe_wire{}.get_key(reader.read(16), key, unused, no_standing);
        const std::uint32_t count = final(key);
        char bytes[dedupe_wire::final_bytes];
        std::memcpy(bytes, &count, sizeof count);
        finals[s]->append({bytes, sizeof bytes});
      }
    }
  }
  [[nodiscard]] std::uint64_t bytes() const noexcept { return keys_.size(); }

 private:
  spill_file keys_;
  std::vector<std::uint64_t> per_source_;
};

std::uint64_t records_received(const dedupe_wire& wire, const spill_files& received) {
  std::uint64_t records = 0;
  for (const auto& file : received) records += file->size() / wire.key_bytes();
  return records;
}

void append_decision(const dedupe_wire& wire, spill_file& out, std::uint32_t occurrence,
                     std::uint64_t origin, std::uint32_t final_count = 0) {
  char bytes[16];
  wire.put_decision(bytes, occurrence, origin, final_count);
  out.append({bytes, wire.decision_bytes()});
}

// The owner's set with final counts in the decisions (counted_decisions.hpp); returns the
// scratch file's bytes.
std::uint64_t decide_in_set_with_final_counts(const dedupe_wire& wire,
                                              const partitioned_dedupe_options& options,
                                              const spill_files& received,
                                              const spill_files& decisions, dedupe_set& set) {
  std::optional<key_rankings> rankings;
  if (options.ranked_places != 0) rankings.emplace(options.ranked_places, set.capacity());
  return decide_with_final_counts(
      set, options.last_origins, rankings ? &*rankings : nullptr, temp_directory(options.temp_dir),
      io_buffer,
      [&](auto visit) {
        for_each_record(wire, received,
                        [&](std::size_t s, const core::position_key& key, std::uint64_t origin,
                            std::uint64_t standing) { visit(key, origin, s, standing); });
      },
      [&](std::size_t s, std::uint32_t occurrence, std::uint32_t final_count,
          std::uint64_t origin) {
        append_decision(wire, *decisions[s], occurrence, origin, final_count);
      });
}

// The set on the owner's threads (sharded_owner_set.hpp): each source's records a block at a
// time, added on every thread, then their decisions appended in record order.
void decide_in_sharded_set(const dedupe_wire& wire, const spill_files& received,
                           const spill_files& decisions, first_occurrences* firsts,
                           sharded_owner_set& set) {
  constexpr std::size_t block = std::size_t{1} << 15;
  std::vector<core::position_key> keys(block);
  std::vector<std::uint64_t> origins(block);
  std::vector<std::uint32_t> occurrences(block);
  for_each_block(wire, received, keys, origins, [&](std::size_t s, std::size_t n) {
    set.add_block(keys.data(), origins.data(), occurrences.data(), n);
    for (std::size_t i = 0; i < n; ++i) {
      append_decision(wire, *decisions[s], occurrences[i], origins[i]);
      if (occurrences[i] == 1 && firsts != nullptr) firsts->add(s, keys[i]);
    }
  });
}

}  // namespace

bool share_fits_in_memory(std::uint64_t records, bool with_origins, std::uint64_t memory_bytes,
                          bool ranked) noexcept {
  const std::uint64_t slot =
      16 + 1 + (with_origins ? 8 : 0) + (ranked ? key_rankings::slot_bytes : 0);
  return records / 3 * 4 * slot <= memory_bytes;
}

owner_share resolve_owner_share(const dedupe_wire& wire, const partitioned_dedupe_options& options,
                                const spill_files& received, const spill_files& decisions,
                                const spill_files& finals,
                                const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  const std::uint64_t records = records_received(wire, received);
  std::unique_ptr<first_occurrences> firsts;
  if (options.final_counts) {
    firsts = std::make_unique<first_occurrences>(temp_directory(options.temp_dir), received.size());
  }
  owner_share share;
  if (share_fits_in_memory(records, wire.with_origins, options.memory_bytes, wire.standings) &&
      wire.finals_in_decisions) {
    dedupe_set set(static_cast<std::size_t>(records), 16, wire.with_origins);
    share.temp_bytes += decide_in_set_with_final_counts(wire, options, received, decisions, set);
    share.unique = set.size();
  } else if (share_fits_in_memory(records, wire.with_origins, options.memory_bytes) &&
             options.threads > 1) {
    sharded_owner_set set(records, options.threads, wire.with_origins);
    decide_in_sharded_set(wire, received, decisions, firsts.get(), set);
    share.unique = set.size();
    if (firsts) firsts->write_finals(finals, [&](const auto& key) { return set.count(key); });
  } else if (share_fits_in_memory(records, wire.with_origins, options.memory_bytes)) {
    dedupe_set set(static_cast<std::size_t>(records), 16, wire.with_origins);
    for_each_record_prefetched(
        wire, received, set,
        [&](std::size_t s, const core::position_key& key, std::uint64_t origin) {
          const std::uint32_t occurrence =
              wire.with_origins ? set.add_with_origin(key, origin) : set.add(key);
          append_decision(wire, *decisions[s], occurrence, origin);
          if (occurrence == 1 && firsts) firsts->add(s, key);
        });
    share.unique = set.size();
    if (firsts) firsts->write_finals(finals, [&](const auto& key) { return set.count(key); });
  } else {
    partitioned_dedupe_options own = options;
    own.expected_lines = records;
    partitioned_dedupe partitions(own);
    // Without origins on the wire the partitions still want increasing ones (their final
    // counts come back in first-occurrence order): the records' own order serves.
    std::uint64_t place = 0;
    for_each_record(wire, received,
                    [&](std::size_t, const core::position_key& key, std::uint64_t origin,
                        std::uint64_t standing) {
                      partitions.add(key, wire.with_origins ? origin : ++place, standing);
                    });
    partitions.resolve(progress);
    for_each_record(
        wire, received,
        [&](std::size_t s, const core::position_key& key, std::uint64_t, std::uint64_t) {
          const partitioned_dedupe::decision d = partitions.next(key);
          append_decision(wire, *decisions[s], d.occurrence, d.first_origin, d.final_count);
          if (d.occurrence == 1 && firsts) firsts->add(s, key);
        });
    if (firsts) {
      firsts->write_finals(finals, [&](const auto& key) { return partitions.final_count(key); });
    }
    share.unique = partitions.unique();
    share.partitions = partitions.partitions();
    share.temp_bytes = partitions.temp_bytes_written();
  }
  if (firsts) share.temp_bytes += firsts->bytes();
  return share;
}

}  // namespace fenbatch::pipeline::detail
