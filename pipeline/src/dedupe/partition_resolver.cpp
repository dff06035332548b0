#include "dedupe/partition_resolver.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "dedupe/counted_decisions.hpp"
#include "dedupe/dedupe_set.hpp"
#include "dedupe/partition_routing.hpp"
#include "spill/spill_reader.hpp"

namespace fenbatch::pipeline::detail {
namespace {

struct leaf_attempt {
  std::optional<partition_output> output;  // empty: the set was full
  std::uint64_t records_seen = 0;          // when it filled
};

std::unique_ptr<spill_file> new_file(const resolver_context& context, std::size_t buffer) {
  return std::make_unique<spill_file>(context.directory, buffer);
}

void finish(const resolver_context& context, spill_file& file) {
  file.finish_writing();
  *context.temp_bytes += file.size();
}

std::uint64_t records_bytes(const partition_record_layout& layout, const partition_input& in) {
  return in.decided * layout.decided_bytes() + in.added * layout.added_bytes();
}

void write_decided_final(spill_file& out, unsigned level, std::uint64_t origin,
                         std::uint32_t count) {
  char bytes[partition_record_layout::final_with_origin_bytes];
  char* p = bytes;
  if (level != 0) put_word(p, origin);
  put_count(p, count);
  out.append({bytes, static_cast<std::size_t>(p - bytes)});
}

// Final counts of a leaf: the decided keys' by first origin, then the added first occurrences'
// in order (a record is its key's first occurrence when it has the key's first origin).
void write_leaf_finals(const resolver_context& context, const partition_input& in,
                       const dedupe_set& set, unsigned level, partition_output& out) {
  const partition_record_layout& layout = context.layout;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> decided;
  decided.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(in.decided, set.size())));
  set.for_each([&](const core::position_key&, std::uint32_t count, std::uint64_t origin) {
    if (origin < context.first_added_origin) decided.emplace_back(origin, count);
  });
  std::sort(decided.begin(), decided.end());
  for (const auto& [origin, count] : decided) write_decided_final(*out.file, level, origin, count);
  out.decided_finals = decided.size();
  std::vector<std::pair<std::uint64_t, std::uint32_t>>().swap(decided);

  const std::uint64_t added_begin = in.decided * layout.decided_bytes();
  spill_reader records(*in.file, added_begin, records_bytes(layout, in), context.budget.io_buffer);
  for (std::uint64_t i = 0; i < in.added; ++i) {
    const partition_record r = decode_record(layout, false, records.read(layout.added_bytes()));
    if (set.first_origin(r.key) != r.origin) continue;
    char bytes[partition_record_layout::final_bytes];
    char* p = bytes;
    put_count(p, set.count(r.key));
    out.file->append({bytes, sizeof bytes});
    ++out.added_finals;
  }
}

// The decided records into the set, then each added record's decision as it is added.
void decide_leaf(const resolver_context& context, const partition_input& in, dedupe_set& set,
                 partition_output& out, leaf_attempt& attempt) {
  const partition_record_layout& layout = context.layout;
  spill_reader reader(*in.file, 0, records_bytes(layout, in), context.budget.io_buffer);
  for (std::uint64_t i = 0; i < in.decided; ++i, ++attempt.records_seen) {
    const partition_record r = decode_record(layout, true, reader.read(layout.decided_bytes()));
    set.insert_decided(r.key, r.count, r.origin);
  }
  char bytes[sizeof(std::uint32_t) + sizeof(std::uint64_t)];
  for (std::uint64_t i = 0; i < in.added; ++i, ++attempt.records_seen) {
    const partition_record r = decode_record(layout, false, reader.read(layout.added_bytes()));
    std::uint64_t origin = r.origin;
    const std::uint32_t occurrence =
        layout.origins_in_records ? set.add_with_origin(r.key, origin) : set.add(r.key);
    char* p = bytes;
    put_count(p, occurrence);
    if (layout.origins_in_decisions) put_word(p, origin);
    out.file->append({bytes, static_cast<std::size_t>(p - bytes)});
  }
}

// Decisions with final counts (counted_decisions.hpp): every chunk was deferred, so there are
// no decided records.
void decide_leaf_with_final_counts(const resolver_context& context, const partition_input& in,
                                   dedupe_set& set, partition_output& out, leaf_attempt& attempt) {
  const partition_record_layout& layout = context.layout;
  if (in.decided != 0) throw std::logic_error("partitioned dedupe: decided keys with final counts");
  bool deciding = false;  // the second reading has begun
  const auto for_each_record = [&](auto visit) {
    spill_reader records(*in.file, 0, records_bytes(layout, in), context.budget.io_buffer);
    for (std::uint64_t i = 0; i < in.added; ++i) {
      const partition_record r = decode_record(layout, false, records.read(layout.added_bytes()));
      if (!deciding) ++attempt.records_seen;
      visit(r.key, r.origin, 0, r.standing);
    }
  };
  char bytes[2 * sizeof(std::uint32_t) + sizeof(std::uint64_t)];
  const auto decide = [&](std::size_t, std::uint32_t occurrence, std::uint32_t final_count,
                          std::uint64_t origin) {
    deciding = true;
    char* p = bytes;
    put_count(p, occurrence);
    put_count(p, final_count);
    if (layout.origins_in_decisions) put_word(p, origin);
    out.file->append({bytes, static_cast<std::size_t>(p - bytes)});
  };
  std::optional<key_rankings> rankings;
  if (layout.standings_in_records()) rankings.emplace(layout.ranked_places, set.capacity());
  *context.temp_bytes += decide_with_final_counts(
      set, layout.last_origins, rankings ? &*rankings : nullptr, context.directory,
      context.budget.io_buffer, for_each_record, decide);
}

// The partition in one set; gives up (empty output) when a set of the worker's share fills.
leaf_attempt try_leaf(const resolver_context& context, const partition_input& in, unsigned level) {
  const partition_record_layout& layout = context.layout;
  const std::uint64_t records = in.decided + in.added;
  const worker_budget& budget = context.budget;
  // Sized for every record being a new key when that fits, else for the share (one key
  // repeated a billion times still fits the share: it is distinct keys that fill a set).
  // (With room to spare: a set sized for exactly its keys grows at the last of them.)
  const std::uint64_t all_new = records + records / 8 + 8;
  const bool capped = all_new > budget.fitting_keys();
  const bool may_split = level < max_split_level;
  dedupe_set set(static_cast<std::size_t>(capped ? budget.fitting_keys() : all_new), 16,
                 layout.origins_in_records);
  if (capped && may_split) set.forbid_growth();

  leaf_attempt attempt;
  partition_output out;
  out.file = new_file(context, budget.io_buffer);
  try {
    if (layout.finals_in_decisions) {
      decide_leaf_with_final_counts(context, in, set, out, attempt);
    } else {
      decide_leaf(context, in, set, out, attempt);
    }
  } catch (const dedupe_set::capacity_exceeded&) {
    finish(context, *out.file);  // counted: its bytes went to disk all the same
    return attempt;
  }
  out.decisions = in.added;
  if (layout.final_counts) write_leaf_finals(context, in, set, level, out);
  finish(context, *out.file);
  *context.unique += set.size();
  *context.leaves += 1;
  attempt.output = std::move(out);
  return attempt;
}

// The children of a partition too large for one set, each with its share of the records in
// their order (decided ones first).
std::vector<partition_input> split(const resolver_context& context, const partition_input& in,
                                   unsigned level, std::size_t fanout) {
  const partition_record_layout& layout = context.layout;
  std::vector<partition_input> children(fanout);
  for (auto& child : children) {
    child.file = new_file(context, context.budget.child_write_buffer(fanout));
  }
  spill_reader reader(*in.file, 0, records_bytes(layout, in), context.budget.io_buffer);
  for (std::uint64_t i = 0; i < in.decided + in.added; ++i) {
    const bool decided = i < in.decided;
    const std::size_t size = decided ? layout.decided_bytes() : layout.added_bytes();
    const char* bytes = reader.read(size);
    const partition_record r = decode_record(layout, decided, bytes);
    partition_input& child = children[partition_of(r.key, level + 1, fanout)];
    child.file->append({bytes, size});
    ++(decided ? child.decided : child.added);
  }
  for (auto& child : children) finish(context, *child.file);
  return children;
}

// The parent's decided final counts: its children's, merged by first origin.
void merge_decided_finals(const resolver_context& context,
                          const std::vector<partition_output>& children, unsigned level,
                          partition_output& out) {
  const std::size_t fanout = children.size();
  const std::uint64_t decision_bytes = context.layout.decision_bytes();
  std::vector<spill_reader> readers;
  std::vector<std::uint64_t> left(fanout);
  for (std::size_t c = 0; c < fanout; ++c) {
    const std::uint64_t begin = children[c].decisions * decision_bytes;
    readers.emplace_back(
        *children[c].file, begin,
        begin + children[c].decided_finals * partition_record_layout::final_with_origin_bytes,
        context.budget.child_read_buffer(fanout));
    left[c] = children[c].decided_finals;
  }
  std::vector<std::pair<std::uint64_t, std::uint32_t>> heads(fanout);
  auto advance = [&](std::size_t c) {
    if (left[c] == 0) {
      heads[c].first = UINT64_MAX;
      return;
    }
    --left[c];
    const char* p = readers[c].read(partition_record_layout::final_with_origin_bytes);
    heads[c].first = get_word(p);
    heads[c].second = get_count(p);
  };
  for (std::size_t c = 0; c < fanout; ++c) advance(c);
  for (std::uint64_t n = 0; n < out.decided_finals; ++n) {
    std::size_t best = 0;
    for (std::size_t c = 1; c < fanout; ++c) {
      if (heads[c].first < heads[best].first) best = c;
    }
    write_decided_final(*out.file, level, heads[best].first, heads[best].second);
    advance(best);
  }
}

// The parent's decisions in its records' order, each taken from the child its key went to;
// its added final counts likewise (into `added_finals`, since they follow the decided ones).
void merge_decisions(const resolver_context& context, const partition_input& in,
                     const std::vector<partition_output>& children, unsigned level,
                     partition_output& out, spill_file* added_finals) {
  const partition_record_layout& layout = context.layout;
  const std::size_t fanout = children.size();
  const std::size_t decision_bytes = layout.decision_bytes();
  std::vector<spill_reader> decisions;
  std::vector<spill_reader> finals;
  for (const auto& child : children) {
    const std::uint64_t end = child.decisions * decision_bytes;
    decisions.emplace_back(*child.file, 0, end, context.budget.child_read_buffer(fanout));
    if (added_finals == nullptr) continue;
    const std::uint64_t begin =
        end + child.decided_finals * partition_record_layout::final_with_origin_bytes;
    finals.emplace_back(*child.file, begin,
                        begin + child.added_finals * partition_record_layout::final_bytes,
                        context.budget.child_read_buffer(fanout));
  }
  spill_reader records(*in.file, in.decided * layout.decided_bytes(), records_bytes(layout, in),
                       context.budget.io_buffer);
  for (std::uint64_t i = 0; i < in.added; ++i) {
    const partition_record r = decode_record(layout, false, records.read(layout.added_bytes()));
    const std::size_t c = partition_of(r.key, level + 1, fanout);
    const char* decision = decisions[c].read(decision_bytes);
    out.file->append({decision, decision_bytes});
    const char* occurrence = decision;
    if (added_finals != nullptr && get_count(occurrence) == 1) {
      added_finals->append({finals[c].read(partition_record_layout::final_bytes),
                            partition_record_layout::final_bytes});
      ++out.added_finals;
    }
  }
  out.decisions = in.added;
}

partition_output resolve_by_splitting(const resolver_context& context, partition_input in,
                                      unsigned level, std::uint64_t records_seen) {
  const worker_budget& budget = context.budget;
  // The set filled after `records_seen` records: as many more distinct keys in proportion,
  // with room to spare; a child that still does not fit splits again.
  const std::uint64_t records = in.decided + in.added;
  const std::uint64_t estimate =
      budget.fitting_keys() * records / std::max<std::uint64_t>(records_seen, 1);
  const std::uint64_t per_child = std::max<std::uint64_t>(1, budget.fitting_keys() / 5 * 3);
  const std::size_t fanout = static_cast<std::size_t>(
      std::clamp<std::uint64_t>((estimate + per_child - 1) / per_child, 2, budget.max_fanout));

  std::vector<partition_output> children;
  {
    std::vector<partition_input> inputs = split(context, in, level, fanout);
    for (auto& child : inputs)
      children.push_back(resolve_partition(context, std::move(child), level + 1));
  }
  partition_output out;
  out.file = new_file(context, budget.io_buffer);
  std::unique_ptr<spill_file> added_finals;
  if (context.layout.final_counts) added_finals = new_file(context, budget.io_buffer);
  merge_decisions(context, in, children, level, out, added_finals.get());
  in.file.reset();
  if (added_finals) {
    for (const auto& child : children) out.decided_finals += child.decided_finals;
    merge_decided_finals(context, children, level, out);
    finish(context, *added_finals);
    spill_reader copy(*added_finals, 0, added_finals->size(), budget.io_buffer);
    for (std::uint64_t i = 0; i < out.added_finals; ++i) {
      out.file->append(
          {copy.read(partition_record_layout::final_bytes), partition_record_layout::final_bytes});
    }
  }
  finish(context, *out.file);
  return out;
}

}  // namespace

partition_output resolve_partition(const resolver_context& context, partition_input input,
                                   unsigned level) {
  leaf_attempt attempt = try_leaf(context, input, level);
  if (attempt.output) return std::move(*attempt.output);
  return resolve_by_splitting(context, std::move(input), level, attempt.records_seen);
}

}  // namespace fenbatch::pipeline::detail
