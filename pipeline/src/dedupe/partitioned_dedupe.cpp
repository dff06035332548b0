// The memory budget (memory_bytes, M; at least 64 KiB) is shared out so that this object never
// holds more than M at once:
//   pass 1: P partition files, each with a write buffer of B = M/4/P (4-64 KiB), so P*B <= M/4.
//   pass 2: W = min(threads, M/64 KiB) workers, each with S = M/W: a set of S/2 (key, count,
//           origin slots, and with final counts the decided keys' sorted counts), a reader and
//           a writer of S/16 each (4-64 KiB; with finals in decisions a third, the leaf's
//           scratch of occurrences, out of the share's slack), and when its partition splits, the
//           children's writers S/4 together, then (the set gone) their readers S/2 together. The
//           pass-1 buffers are given back before pass 2 starts.
//   pass 3: one reader per partition, of B each (P*B <= M/4).
// P: enough partitions that each one's lines fit a set of S/2 even if all were distinct
// (expected_lines), else 256; at most M/16 KiB (4 KiB buffers), and what the descriptor limit
// allows. A partition with more distinct keys than its set holds splits (partition_resolver).
#include "dedupe/partitioned_dedupe.hpp"

#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "dedupe/partition_plan.hpp"
#include "dedupe/partition_records.hpp"
#include "dedupe/partition_resolver.hpp"
#include "dedupe/partition_routing.hpp"
#include "spill/spill_file.hpp"
#include "spill/spill_reader.hpp"

namespace fenbatch::pipeline::detail {
struct partitioned_dedupe::state {
  partitioned_dedupe_options options;
  std::string directory;
  partition_record_layout layout;
  partition_plan plan;
  std::vector<partition_input> inputs;    // pass 1
  std::vector<partition_output> outputs;  // passes 2 and 3
  std::vector<spill_reader> readers;      // pass 3
  bool reading_finals = false;
  bool added_any = false;
  std::uint64_t first_added_origin = UINT64_MAX;
  std::uint64_t pass1_bytes = 0;
  std::atomic<std::uint64_t> pass2_bytes{0};
  std::atomic<std::uint64_t> unique{0};
  std::atomic<std::uint64_t> leaves{0};

  void append(const partition_record& r, bool decided) {
    partition_input& in = inputs[partition_of(r.key, 0, inputs.size())];
    char bytes[sizeof(core::position_key) + sizeof(std::uint32_t) + 2 * sizeof(std::uint64_t)];
    const std::size_t size = encode_record(layout, decided, r, bytes);
    in.file->append({bytes, size});
    pass1_bytes += size;
    ++(decided ? in.decided : in.added);
  }
};

partitioned_dedupe::partitioned_dedupe(const partitioned_dedupe_options& options)
    : state_(std::make_unique<state>()) {
  state& s = *state_;
  s.options = options;
  s.directory = temp_directory(options.temp_dir);
  s.layout.origins_in_records = options.with_origins || options.final_counts;
  s.layout.origins_in_decisions = options.with_origins;
  s.layout.final_counts = options.final_counts;
  s.layout.finals_in_decisions = options.finals_in_decisions;
  s.layout.last_origins = options.last_origins;
  s.layout.ranked_places = options.ranked_places;
  s.plan = plan_partitions(options.memory_bytes, options.threads, options.expected_lines, s.layout);
  s.inputs.resize(s.plan.partitions);
  for (auto& in : s.inputs)
    in.file = std::make_unique<spill_file>(s.directory, s.plan.buffer_bytes);
}

partitioned_dedupe::~partitioned_dedupe() = default;

void partitioned_dedupe::add_decided(const core::position_key& key, std::uint32_t count,
                                     std::uint64_t first_origin) {
  state_->append({key, count, first_origin}, true);
}

void partitioned_dedupe::add(const core::position_key& key, std::uint64_t origin,
                             std::uint64_t standing) {
  state& s = *state_;
  if (!s.added_any) {
    s.added_any = true;
    s.first_added_origin = origin;
  }
  s.append({key, 0, origin, standing}, false);
}

void partitioned_dedupe::resolve(
    const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  state& s = *state_;
  for (auto& in : s.inputs) in.file->finish_writing();
  resolver_context context;
  context.directory = s.directory;
  context.layout = s.layout;
  context.budget = s.plan.worker;
  context.first_added_origin = s.first_added_origin;
  context.unique = &s.unique;
  context.leaves = &s.leaves;
  context.temp_bytes = &s.pass2_bytes;

  const std::size_t count = s.inputs.size();
  s.outputs.resize(count);
  // Workers, each taking the next partition until none is left. Plain threads rather than
  // oneTBB's: a partition takes seconds, so there is nothing to steal, and ThreadSanitizer
  // sees every hand-over (libtbb is not built with it, and its task pool's reuse of memory
  // shows up as races in the code around it).
  std::atomic<std::size_t> next_partition{0};
  std::mutex mutex;  // the progress calls, the first error
  std::uint64_t done = 0;
  std::exception_ptr error;
  auto work = [&] {
    for (std::size_t p = next_partition++; p < count; p = next_partition++) {
      try {
        s.outputs[p] = resolve_partition(context, std::move(s.inputs[p]), 0);
        const std::lock_guard lock(mutex);
        ++done;
        if (progress && !error) progress(done, count);
      } catch (...) {
        const std::lock_guard lock(mutex);
        if (!error) error = std::current_exception();
        next_partition = count;  // the others stop after their current partition
      }
    }
  };
  {
    std::vector<std::jthread> workers;
    for (unsigned w = 1; w < s.plan.workers && w < count; ++w) workers.emplace_back(work);
    work();
  }
  if (error) std::rethrow_exception(error);
  s.inputs.clear();

  const std::uint64_t decision_bytes = s.layout.decision_bytes();
  for (const auto& out : s.outputs) {
    s.readers.emplace_back(*out.file, 0, out.decisions * decision_bytes, s.plan.buffer_bytes);
  }
}

partitioned_dedupe::decision partitioned_dedupe::next(const core::position_key& key) {
  state& s = *state_;
  const char* p = s.readers[partition_of(key, 0, s.readers.size())].read(s.layout.decision_bytes());
  decision d;
  d.occurrence = get_count(p);
  if (s.layout.finals_in_decisions) d.final_count = get_count(p);
  if (s.layout.origins_in_decisions) d.first_origin = get_word(p);
  return d;
}

std::uint32_t partitioned_dedupe::final_count(const core::position_key& key) {
  state& s = *state_;
  if (!s.reading_finals) {
    // The decisions are all read: each reader moves on to its file's final counts (the
    // decisions' buffers are given back first).
    s.reading_finals = true;
    s.readers.clear();
    const std::uint64_t decision_bytes = s.layout.decision_bytes();
    for (const auto& out : s.outputs) {
      s.readers.emplace_back(*out.file, out.decisions * decision_bytes, out.file->size(),
                             s.plan.buffer_bytes);
    }
  }
  const char* p =
      s.readers[partition_of(key, 0, s.readers.size())].read(partition_record_layout::final_bytes);
  return get_count(p);
}

std::uint64_t partitioned_dedupe::unique() const noexcept {
  return state_->unique;
}
std::uint64_t partitioned_dedupe::partitions() const noexcept {
  return state_->leaves;
}
std::uint64_t partitioned_dedupe::temp_bytes_written() const noexcept {
  return state_->pass1_bytes + state_->pass2_bytes;
}

std::uint64_t partitioned_dedupe::temp_bytes_per_line(bool with_origins, bool final_counts,
                                                      bool finals_in_decisions,
                                                      bool ranked) noexcept {
  partition_record_layout layout;
  layout.ranked_places = ranked ? 1 : 0;
  layout.origins_in_records = with_origins || final_counts;
  layout.origins_in_decisions = with_origins;
  layout.final_counts = final_counts;
  layout.finals_in_decisions = finals_in_decisions;
  // An added line: its record and decision, and a final count if it is a first occurrence; a
  // decided key: its record and final count (a smaller sum).
  return layout.added_bytes() + layout.decision_bytes() +
         (final_counts ? partition_record_layout::final_bytes : 0) +
         (finals_in_decisions ? sizeof(std::uint32_t) : 0);
}

}  // namespace fenbatch::pipeline::detail
