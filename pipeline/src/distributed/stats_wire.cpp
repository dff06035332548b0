#include "distributed/stats_wire.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <stdexcept>
#include <utility>

#include "fenbatch/core/fen_errc.hpp"
#include "uniqueness/uniqueness_counter.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// "FBSW" and the format's version: a rank never reads another build's bytes, but a mix-up
// (a message from another collective) must fail loudly rather than decode as numbers.
constexpr std::uint32_t wire_magic = 0x57534246;
// 2: filtered_by_where (--where); 3: uniqueness (--uniqueness) and written_by_split (--split);
// 4: missing_by_where (--where's fields)
constexpr std::uint32_t wire_version = 4;

// Every count of run_counters, from the one list (run_counters.hpp), so that a counter added
// there travels without an edit here. `Counters` is const for encoding, not for decoding.
template <class Counters, class F>
void for_each_count(Counters& c, F f) {
#define FENBATCH_WIRE_COUNTER(section, member, path, reported) f(c.member);
#define FENBATCH_WIRE_COUNTS(section, member, extent, path, name) \
  for (auto& count : c.member) f(count);
  FENBATCH_RUN_COUNTERS(FENBATCH_WIRE_COUNTER, FENBATCH_WIRE_COUNTS)
#undef FENBATCH_WIRE_COUNTER
#undef FENBATCH_WIRE_COUNTS
}

// How many counts a run_counters holds: written after the version, so that two builds with
// different counter lists refuse each other's bytes instead of shifting every field.
std::uint64_t count_of_counts() {
  const run_counters counters;
  std::uint64_t n = 0;
  for_each_count(counters, [&n](std::uint64_t) { ++n; });
  return n;
}

class wire_writer {
 public:
  void u8(std::uint8_t value) { out_ += static_cast<char>(value); }
  void u32(std::uint32_t value) { little_endian(value, 4); }
  void u64(std::uint64_t value) { little_endian(value, 8); }
  void flag(bool value) { u8(value ? 1 : 0); }
  void text(std::string_view value) {
    u64(value.size());
    out_ += value;
  }
  void counters(const run_counters& c) {
    for_each_count(c, [this](std::uint64_t count) { u64(count); });
  }
  void table(const std::unordered_map<std::uint64_t, std::uint64_t>& entries) {
    u64(entries.size());
    for (const auto& [signature, count] : entries) {
      u64(signature);
      u64(count);
    }
  }
  [[nodiscard]] std::string take() { return std::move(out_); }

 private:
  void little_endian(std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out_ += static_cast<char>((value >> (8 * i)) & 0xFF);
  }
  std::string out_;
};

class wire_reader {
 public:
  explicit wire_reader(std::string_view bytes) : bytes_(bytes) {}

  std::uint8_t u8() { return static_cast<std::uint8_t>(take(1).front()); }
  std::uint32_t u32() { return static_cast<std::uint32_t>(little_endian(4)); }
  std::uint64_t u64() { return little_endian(8); }
  bool flag() {
    const std::uint8_t value = u8();
    if (value > 1) fail("a flag of " + std::to_string(value));
    return value == 1;
  }
  std::string text() { return std::string(take(length())); }
  // An element count: never more than the bytes left, so garbage cannot ask for a huge vector.
  std::uint64_t length() {
    const std::uint64_t n = u64();
    if (n > bytes_.size()) fail("a length of " + std::to_string(n));
    return n;
  }
  void counters(run_counters& c) {
    for_each_count(c, [this](std::uint64_t& count) { count = u64(); });
  }
  void table(std::unordered_map<std::uint64_t, std::uint64_t>& entries) {
    for (std::uint64_t n = length(); n > 0; --n) {
      const std::uint64_t signature = u64();
      if (!entries.emplace(signature, u64()).second) fail("a repeated material signature");
    }
  }
  core::fen_errc reason() {
    const std::uint8_t value = u8();
    const auto reason = static_cast<core::fen_errc>(value);
    // Samples are of invalid lines only.
    if (value >= core::fen_errc_count || !core::is_error(reason)) {
      fail("an invalid-line reason of " + std::to_string(value));
    }
    return reason;
  }
  void expect_end() const {
    if (!bytes_.empty()) fail(std::to_string(bytes_.size()) + " bytes after the end");
  }
  [[noreturn]] static void fail(const std::string& what) {
    throw std::runtime_error("statistics from another rank are damaged: " + what);
  }

 private:
  std::string_view take(std::size_t n) {
    if (bytes_.size() < n) fail("truncated");
    const std::string_view taken = bytes_.substr(0, n);
    bytes_.remove_prefix(n);
    return taken;
  }
  std::uint64_t little_endian(std::size_t bytes) {
    const std::string_view taken = take(bytes);
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < bytes; ++i) {
      value |= std::uint64_t{static_cast<unsigned char>(taken[i])} << (8 * i);
    }
    return value;
  }
  std::string_view bytes_;
};

// Which samples of each part the whole run keeps: the first samples_kept_per_reason per reason
// over the parts in rank order, as one process reading the inputs in order would have kept.
std::vector<std::vector<bool>> kept_samples(const std::vector<run_stats>& parts,
                                            unsigned samples_per_reason) {
  const unsigned kept_per_reason = samples_kept_per_reason(samples_per_reason);
  std::array<unsigned, core::fen_errc_count> taken{};
  std::vector<std::vector<bool>> kept(parts.size());
  for (std::size_t r = 0; r < parts.size(); ++r) {
    for (const invalid_sample& sample : parts[r].invalid_samples) {
      unsigned& n = taken[static_cast<std::size_t>(sample.reason)];
      kept[r].push_back(n < kept_per_reason);
      if (n < kept_per_reason) ++n;
    }
  }
  return kept;
}

// The start of the stderr line that quoted the sample (stages/reject_report.cpp): the file as
// displayed (the sample's file already is), its line and column, and the reason.
std::string sample_prefix(const invalid_sample& sample) {
  return sample.file + ':' + std::to_string(sample.line) + ':' + std::to_string(sample.column) +
         ": " + std::string(core::to_string(sample.reason)) + ": ";
}

// --uniqueness: a flag, then per identity its count and whether exact, then the sketches'
// registers (identity_count x sketch_registers bytes) as one text.
void encode_uniqueness(wire_writer& out, const std::optional<uniqueness_stats>& uniqueness) {
  out.flag(uniqueness.has_value());
  if (!uniqueness) return;
  for (const identity_distinct& counted : uniqueness->identities) {
    out.u64(counted.distinct);
    out.flag(counted.exact);
  }
  const std::vector<std::uint8_t>& registers = uniqueness->sketches;
  out.text(std::string(registers.begin(), registers.end()));
}

std::optional<uniqueness_stats> decode_uniqueness(wire_reader& in) {
  if (!in.flag()) return std::nullopt;
  uniqueness_stats uniqueness;
  for (identity_distinct& counted : uniqueness.identities) {
    counted.distinct = in.u64();
    counted.exact = in.flag();
  }
  const std::string registers = in.text();
  if (!registers.empty() && registers.size() != identity_count * sketch_registers) {
    wire_reader::fail("sketches of " + std::to_string(registers.size()) + " bytes");
  }
  uniqueness.sketches.assign(registers.begin(), registers.end());
  return uniqueness;
}

}  // namespace

std::string encode_stats(const run_stats& stats) {
  wire_writer out;
  out.u32(wire_magic);
  out.u32(wire_version);
  out.u64(count_of_counts());
  out.counters(stats);

  out.u64(stats.inputs.size());
  for (const input_stats& input : stats.inputs) {
    out.text(input.path);
    out.counters(input.counts);
  }
  const reference_stats& reference = stats.reference;
  for (const std::uint64_t n : {reference.files, reference.lines, reference.valid,
                                reference.invalid, reference.positions}) {
    out.u64(n);
  }
  out.u64(stats.inputs_changed.size());
  for (const std::string& path : stats.inputs_changed) out.text(path);
  out.flag(stats.stopped_at_max_bytes);

  out.u64(stats.top);
  out.table(stats.material);
  out.table(stats.written_material);
  out.u64(stats.most_repeated.size());
  for (const repeated_position& entry : stats.most_repeated) {
    out.text(entry.text);
    out.u64(entry.count);
    out.u64(entry.key.low);
    out.u64(entry.key.high);
  }
  out.u64(stats.invalid_samples.size());
  for (const invalid_sample& sample : stats.invalid_samples) {
    out.text(sample.file);
    out.u64(sample.line);
    out.u32(sample.column);
    out.u64(sample.offset);
    out.u8(static_cast<std::uint8_t>(sample.reason));
  }

  out.u64(std::bit_cast<std::uint64_t>(stats.wall_seconds));
  out.u32(stats.threads);
  const memory_stats& memory = stats.memory;
  out.u64(memory.limit_bytes);
  out.text(memory.limit_source);
  out.flag(memory.partitioned);
  out.u64(memory.lines_before_switch);
  out.u64(memory.partitions);
  out.u64(memory.temp_bytes);
  out.u64(stats.distribution.ranks);
  out.u64(stats.distribution.bytes_exchanged);
  out.u64(stats.distribution.bytes_joined);
  out.u64(stats.filtered_by_where.size());
  for (const std::uint64_t n : stats.filtered_by_where) out.u64(n);
  encode_uniqueness(out, stats.uniqueness);
  out.u64(stats.written_by_split.size());
  for (const std::uint64_t n : stats.written_by_split) out.u64(n);
  out.u64(stats.missing_by_where.size());
  for (const std::uint64_t n : stats.missing_by_where) out.u64(n);
  return out.take();
}

run_stats decode_stats(std::string_view bytes) {
  wire_reader in(bytes);
  if (in.u32() != wire_magic) wire_reader::fail("not statistics (wrong magic word)");
  if (const std::uint32_t version = in.u32(); version != wire_version) {
    wire_reader::fail("format version " + std::to_string(version));
  }
  if (in.u64() != count_of_counts()) wire_reader::fail("a different list of counters");
  run_stats stats;
  in.counters(stats);

  for (std::uint64_t n = in.length(); n > 0; --n) {
    input_stats& input = stats.inputs.emplace_back();
    input.path = in.text();
    in.counters(input.counts);
  }
  reference_stats& reference = stats.reference;
  for (std::uint64_t* n : {&reference.files, &reference.lines, &reference.valid, &reference.invalid,
                           &reference.positions}) {
    *n = in.u64();
  }
  for (std::uint64_t n = in.length(); n > 0; --n) stats.inputs_changed.push_back(in.text());
  stats.stopped_at_max_bytes = in.flag();

  stats.top = static_cast<std::size_t>(in.u64());
  in.table(stats.material);
  in.table(stats.written_material);
  for (std::uint64_t n = in.length(); n > 0; --n) {
    repeated_position& entry = stats.most_repeated.emplace_back();
    entry.text = in.text();
    entry.count = in.u64();
    entry.key.low = in.u64();
    entry.key.high = in.u64();
  }
  for (std::uint64_t n = in.length(); n > 0; --n) {
    invalid_sample& sample = stats.invalid_samples.emplace_back();
    sample.file = in.text();
    sample.line = in.u64();
    sample.column = in.u32();
    sample.offset = in.u64();
    sample.reason = in.reason();
  }

  stats.wall_seconds = std::bit_cast<double>(in.u64());
  stats.threads = in.u32();
  memory_stats& memory = stats.memory;
  memory.limit_bytes = in.u64();
  memory.limit_source = in.text();
  memory.partitioned = in.flag();
  memory.lines_before_switch = in.u64();
  memory.partitions = in.u64();
  memory.temp_bytes = in.u64();
  stats.distribution.ranks = in.u64();
  stats.distribution.bytes_exchanged = in.u64();
  stats.distribution.bytes_joined = in.u64();
  for (std::uint64_t n = in.length(); n > 0; --n) stats.filtered_by_where.push_back(in.u64());
  stats.uniqueness = decode_uniqueness(in);
  for (std::uint64_t n = in.length(); n > 0; --n) stats.written_by_split.push_back(in.u64());
  for (std::uint64_t n = in.length(); n > 0; --n) stats.missing_by_where.push_back(in.u64());
  in.expect_end();
  return stats;
}

run_stats merge_rank_stats(const std::vector<run_stats>& parts, unsigned samples_per_reason) {
  if (parts.empty()) return run_stats{};
  run_stats whole = parts.front();
  for (std::size_t r = 1; r < parts.size(); ++r) whole.merge(parts[r], samples_per_reason);

  // A key's count in a rank's list is its final count, or (when the rank cut its list before
  // the key's later occurrences elsewhere were known) no larger: the largest is the count.
  whole.most_repeated.clear();
  std::map<core::position_key, std::size_t> place;
  for (const run_stats& part : parts) {
    for (const repeated_position& entry : part.most_repeated) {
      const auto [it, added] = place.emplace(entry.key, whole.most_repeated.size());
      if (added) {
        whole.most_repeated.push_back(entry);
      } else {
        std::uint64_t& count = whole.most_repeated[it->second].count;
        count = std::max(count, entry.count);
      }
    }
  }
  rank_most_repeated(whole.most_repeated, whole.top);

  // Exactly the samples merge_rank_diagnostics keeps the lines of (merge() keeps all of the
  // first part's, which one rank's own cut already bounds; this says so once for both).
  const std::vector<std::vector<bool>> kept = kept_samples(parts, samples_per_reason);
  whole.invalid_samples.clear();
  for (std::size_t r = 0; r < parts.size(); ++r) {
    for (std::size_t i = 0; i < parts[r].invalid_samples.size(); ++i) {
      if (kept[r][i]) whole.invalid_samples.push_back(parts[r].invalid_samples[i]);
    }
  }

  // Ranks that read parts of one file each saw it change: it is listed once, as its warning
  // line is printed once (merge_rank_diagnostics).
  whole.inputs_changed.clear();
  std::set<std::string> listed;
  for (const run_stats& part : parts) {
    for (const std::string& path : part.inputs_changed) {
      if (!listed.contains(path)) whole.inputs_changed.push_back(path);
    }
    listed.insert(part.inputs_changed.begin(), part.inputs_changed.end());
  }

  whole.reference = parts.front().reference;

  // --uniqueness: distinct counts do not add over ranks; their sketches merge (estimates).
  if (parts.front().uniqueness) {
    std::vector<uniqueness_stats> rank_uniqueness;
    for (const run_stats& part : parts) {
      if (part.uniqueness) rank_uniqueness.push_back(*part.uniqueness);
    }
    whole.uniqueness = merge_rank_uniqueness(rank_uniqueness);
  }

  // Every rank has the same budget (one command line, alike machines are the job's premise).
  // Each switches to partitions on its own, after its own lines: no count of the whole run's
  // lines means "read before the switch", so none is claimed.
  memory_stats& memory = whole.memory;
  memory = parts.front().memory;
  memory.lines_before_switch = 0;
  memory.partitions = 0;
  memory.temp_bytes = 0;
  for (const run_stats& part : parts) {
    memory.partitioned = memory.partitioned || part.memory.partitioned;
    memory.partitions += part.memory.partitions;
    memory.temp_bytes += part.memory.temp_bytes;
  }
  return whole;
}

std::vector<std::string> merge_rank_diagnostics(const std::vector<std::vector<std::string>>& lines,
                                                const std::vector<run_stats>& parts,
                                                unsigned samples_per_reason) {
  const std::vector<std::vector<bool>> kept = kept_samples(parts, samples_per_reason);
  std::vector<std::string> merged;
  std::set<std::string_view> printed_by_earlier_ranks;
  for (std::size_t r = 0; r < lines.size(); ++r) {
    const std::vector<invalid_sample> none;
    const std::vector<invalid_sample>& samples = r < parts.size() ? parts[r].invalid_samples : none;
    // A rank printed its samples' lines in the order of its samples, among other lines.
    std::size_t next_sample = 0;
    std::string prefix = samples.empty() ? std::string() : sample_prefix(samples.front());
    std::vector<std::string_view> others;
    for (const std::string& line : lines[r]) {
      if (next_sample < samples.size() && line.starts_with(prefix)) {
        if (kept[r][next_sample]) merged.push_back(line);
        ++next_sample;
        if (next_sample < samples.size()) prefix = sample_prefix(samples[next_sample]);
      } else {
        if (!printed_by_earlier_ranks.contains(line)) merged.push_back(line);
        others.push_back(line);
      }
    }
    printed_by_earlier_ranks.insert(others.begin(), others.end());
  }
  return merged;
}

}  // namespace fenbatch::pipeline::detail
