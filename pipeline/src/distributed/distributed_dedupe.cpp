#include "distributed/distributed_dedupe.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "distributed/dedupe_wire.hpp"
#include "distributed/global_origin.hpp"
#include "distributed/key_owner.hpp"
#include "distributed/owner_resolution.hpp"
#include "distributed/record_exchange.hpp"
#include "spill/spill_reader.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// Each spill file's buffer (write, then read). There are a few per rank of the run, two sets of
// them (2 x ranks buffers) at once beside the owner's set: together at most a quarter of its
// memory share, between 4 and 64 KiB each.
std::size_t spill_buffer_bytes(std::uint64_t memory_bytes, std::size_t ranks) {
  return static_cast<std::size_t>(std::clamp<std::uint64_t>(
      memory_bytes / 4 / (2 * ranks), std::uint64_t{4} << 10, std::uint64_t{64} << 10));
}

spill_files make_files(const std::string& directory, std::size_t count, std::size_t buffer) {
  spill_files files;
  for (std::size_t i = 0; i < count; ++i) {
    files.push_back(std::make_unique<spill_file>(directory, buffer));
  }
  return files;
}

void finish_writing(const spill_files& files) {
  for (const auto& f : files) f->finish_writing();
}

std::uint64_t bytes_of(const spill_files& files) {
  std::uint64_t bytes = 0;
  for (const auto& f : files) bytes += f != nullptr ? f->size() : 0;  // (null: handed over)
  return bytes;
}

}  // namespace

struct distributed_dedupe::state {
  const communicator* comm = nullptr;
  distributed_dedupe_options options;
  std::string directory;
  dedupe_wire wire;
  std::size_t ranks = 1;
  std::size_t buffer = 0;  // each spill file's
  // A failure held until the next agreement: making pass 1's files (resolve()'s first), then
  // one in the exchanges or the owner's dedupe.
  std::exception_ptr held;
  // Pass 1: per owner, this rank's key records for it; lines added so far per input.
  spill_files to_owners;
  std::vector<std::uint64_t> lines_added;
  // Pass 3: per owner, its decisions for this rank's lines and its final counts.
  spill_files decisions;
  spill_files finals;
  std::vector<spill_reader> decision_readers;
  std::vector<spill_reader> final_readers;
  owner_share share;
  std::uint64_t temp_bytes = 0;
  std::uint64_t bytes_sent = 0;

  // This rank's records for itself do not travel: outgoing[self]'s file becomes incoming[self]
  // (outgoing[self] is null afterwards); only the others' are copied.
  void exchange(spill_files& outgoing, spill_files& incoming, std::size_t record_bytes,
                const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
    record_exchange how;
    how.record_bytes = record_bytes;
    how.round_bytes = options.round_bytes;
    how.progress = progress;
    const auto self = static_cast<std::size_t>(comm->rank());
    std::uint64_t kept = 0;
    if (!held) {
      try {
        finish_writing(outgoing);
        incoming.clear();
        for (std::size_t r = 0; r < ranks; ++r) {
          incoming.push_back(r == self ? std::move(outgoing[r])
                                       : std::make_unique<spill_file>(directory, buffer));
        }
        kept = incoming[self]->size();
      } catch (...) {
        held = std::current_exception();
      }
    }
    exchange_records(*comm, how, outgoing, incoming, held, bytes_sent);
    if (!held) {
      try {
        finish_writing(incoming);
        temp_bytes += bytes_of(incoming) - kept;  // (the kept file is counted as outgoing)
      } catch (...) {
        held = std::current_exception();
      }
    }
  }
};

distributed_dedupe::distributed_dedupe(const communicator& comm, distributed_dedupe_options options)
    : state_(std::make_unique<state>()) {
  state& s = *state_;
  s.comm = &comm;
  s.options = std::move(options);
  s.directory = temp_directory(s.options.partitions.temp_dir);
  s.wire.with_origins = s.options.partitions.with_origins;
  s.wire.finals_in_decisions = s.options.partitions.finals_in_decisions;
  s.wire.standings = s.options.partitions.ranked_places != 0;
  s.ranks = static_cast<std::size_t>(comm.size());
  s.buffer = spill_buffer_bytes(s.options.partitions.memory_bytes, s.ranks);
  try {
    s.to_owners = make_files(s.directory, s.ranks, s.buffer);
  } catch (...) {
    s.held = std::current_exception();
  }
}

distributed_dedupe::~distributed_dedupe() = default;

void distributed_dedupe::add_decided(const core::position_key&, std::uint32_t, std::uint64_t) {
  throw std::logic_error("distributed dedupe: no keys are decided before the exchange");
}

void distributed_dedupe::add_chunk(const chunk& c, bool with_origins) {
  state& s = *state_;
  if (s.held) return;  // reported by resolve()
  const std::uint32_t input = c.input.file_index;
  if (s.lines_added.size() <= input) s.lines_added.resize(std::size_t{input} + 1, 0);
  const std::uint64_t base = s.lines_added[input];
  const bool origins = with_origins && s.wire.with_origins;
  char record[32];
  for (std::size_t i = 0; i < c.valid.size(); ++i) {
    const core::position_key& key = c.valid[i].key;
    std::uint64_t origin = 0;
    if (origins) {
      const std::uint64_t line = base + c.sources[i].line;
      if (line >= max_global_origin_lines) {
        throw std::runtime_error("distributed dedupe: more than " +
                                 std::to_string(max_global_origin_lines) +
                                 " lines of one input on one rank");
      }
      origin = encode_global_origin({static_cast<std::uint32_t>(s.comm->rank()), input, line});
    }
    s.wire.put_key(record, key, origin, c.ranked ? c.standings[i] : 0);
    s.to_owners[owner_of(key, s.ranks)]->append({record, s.wire.key_bytes()});
  }
  s.lines_added[input] = base + c.counts.lines;
}

void distributed_dedupe::resolve(
    const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  state& s = *state_;
  s.options.agree(s.held);  // every rank has finished pass 1

  spill_files received;
  s.temp_bytes += bytes_of(s.to_owners);
  s.exchange(s.to_owners, received, s.wire.key_bytes(), progress);
  s.to_owners.clear();
  s.options.agree(s.held);

  spill_files decisions_out;
  spill_files finals_out;
  try {
    decisions_out = make_files(s.directory, s.ranks, s.buffer);
    finals_out = make_files(s.directory, s.ranks, s.buffer);
    s.share = resolve_owner_share(s.wire, s.options.partitions, received, decisions_out, finals_out,
                                  progress);
    finish_writing(decisions_out);  // (their buffers back before the exchange's come)
    finish_writing(finals_out);
    s.temp_bytes += s.share.temp_bytes + bytes_of(decisions_out) + bytes_of(finals_out);
  } catch (...) {
    s.held = std::current_exception();
  }
  received.clear();
  s.options.agree(s.held);

  s.exchange(decisions_out, s.decisions, s.wire.decision_bytes(), {});
  decisions_out.clear();
  if (s.options.partitions.final_counts) {
    s.exchange(finals_out, s.finals, dedupe_wire::final_bytes, {});
  }
  finals_out.clear();
  if (!s.held) {
    try {
      for (const auto& f : s.decisions) s.decision_readers.emplace_back(*f, 0, f->size(), s.buffer);
    } catch (...) {
      s.held = std::current_exception();
    }
  }
  s.options.agree(s.held);
}

partition_decision distributed_dedupe::next(const core::position_key& key) {
  state& s = *state_;
  partition_decision d;
  s.wire.get_decision(s.decision_readers[owner_of(key, s.ranks)].read(s.wire.decision_bytes()),
                      d.occurrence, d.first_origin, d.final_count);
  return d;
}

std::uint32_t distributed_dedupe::final_count(const core::position_key& key) {
  state& s = *state_;
  if (s.final_readers.empty()) {
    // The decisions are all read: their buffers go before the final counts' come.
    s.decision_readers.clear();
    for (const auto& f : s.finals) s.final_readers.emplace_back(*f, 0, f->size(), s.buffer);
  }
  std::uint32_t count = 0;
  std::memcpy(&count, s.final_readers[owner_of(key, s.ranks)].read(dedupe_wire::final_bytes),
              sizeof count);
  return count;
}

std::uint64_t distributed_dedupe::unique() const noexcept {
  return state_->share.unique;
}
std::uint64_t distributed_dedupe::partitions() const noexcept {
  return state_->share.partitions;
}
std::uint64_t distributed_dedupe::temp_bytes_written() const noexcept {
  return state_->temp_bytes + bytes_of(state_->to_owners);  // (pass 1's while it runs)
}
std::uint64_t distributed_dedupe::bytes_sent() const noexcept {
  return state_->bytes_sent;
}

}  // namespace fenbatch::pipeline::detail
