#include "distributed/record_exchange.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"

#include <algorithm>
#include <climits>
#include <stdexcept>
#include <string>

namespace fenbatch::pipeline::detail {
namespace {

// Whole records per destination per round: at least one, so that any round_bytes progresses;
// a round's bytes within MPI's int counts.
std::size_t bytes_per_destination(const record_exchange& how, std::size_t ranks) {
  const std::size_t round = std::min<std::size_t>(how.round_bytes, INT_MAX);
  const std::size_t records = round / ranks / how.record_bytes;
  return std::max<std::size_t>(records, 1) * how.record_bytes;
}

}  // namespace

void exchange_records(const communicator& comm, const record_exchange& how,
                      const spill_files& outgoing, const spill_files& incoming,
                      std::exception_ptr& held, std::uint64_t& bytes_sent) {
  const auto ranks = static_cast<std::size_t>(comm.size());
  const auto self = static_cast<std::size_t>(comm.rank());
  const std::size_t share = bytes_per_destination(how, ranks);
  std::vector<std::uint64_t> sent(ranks, 0);
  std::uint64_t own_rounds = 0;
  if (!held) {
    for (std::size_t r = 0; r < ranks; ++r) {
      if (r == self) continue;
      own_rounds = std::max<std::uint64_t>(own_rounds, (outgoing[r]->size() + share - 1) / share);
    }
  }
  const std::uint64_t rounds = comm.max(own_rounds);
  std::vector<std::string> out(ranks);
  for (std::uint64_t round = 0; round < rounds; ++round) {
    try {
      for (std::size_t r = 0; r < ranks; ++r) {
        out[r].clear();
        if (held || r == self) continue;
        const std::uint64_t left = outgoing[r]->size() - sent[r];
        const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(left, share));
        out[r].resize(n);
        if (outgoing[r]->read_at(sent[r], out[r].data(), n) != n) {
          throw std::runtime_error("temporary file " + quoted_name(outgoing[r]->directory()) +
                                   ": cut short");
        }
        sent[r] += n;
        bytes_sent += n;
      }
    } catch (...) {
      held = std::current_exception();
      for (auto& o : out) o.clear();
    }
    const std::vector<std::string> received = comm.all_to_all(out);
    if (!held) {
      try {
        for (std::size_t s = 0; s < ranks; ++s) {
          if (s != self) incoming[s]->append(received[s]);
        }
      } catch (...) {
        held = std::current_exception();
      }
    }
    if (how.progress) how.progress(round + 1, rounds);
  }
}

}  // namespace fenbatch::pipeline::detail
