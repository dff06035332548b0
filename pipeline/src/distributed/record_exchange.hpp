// The bounded rounds in which the ranks of a distributed run send each other fixed-size records
// held in spill files (the keys to their owners, the decisions back to their sources). Each
// round every rank reads up to round_bytes / ranks (whole records) of what it has for each rank
// and calls all_to_all once; what each rank sent here is appended to that rank's incoming file,
// in arrival order, which is the order the sender wrote it in; what a rank has for itself stays
// where it is (the same file, read as received). Memory: about two rounds' bytes,
// whatever the corpus.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <vector>

#include "distributed/communicator.hpp"
#include "spill/spill_file.hpp"

namespace fenbatch::pipeline::detail {

using spill_files = std::vector<std::unique_ptr<spill_file>>;

struct record_exchange {
  std::size_t record_bytes = 1;
  std::size_t round_bytes = std::size_t{16} << 20;
  // Called after each round with (rounds done, rounds).
  std::function<void(std::uint64_t, std::uint64_t)> progress;
};

// Sends outgoing[r] (finished writing) to rank r and appends what rank s sends to incoming[s],
// for every other rank: a rank's records for itself never travel (the caller hands its own
// file over; outgoing[self] and incoming[self] are not touched, and may be null). Every rank
// calls it at the same point. A local failure (a read or write of a spill file, or
// `held` already set on entry) is kept in `held`: the rank then takes part in every remaining
// round sending nothing, so no rank waits forever. Adds the bytes sent to other ranks to
// `bytes_sent`.
void exchange_records(const communicator& comm, const record_exchange& how,
                      const spill_files& outgoing, const spill_files& incoming,
                      std::exception_ptr& held, std::uint64_t& bytes_sent);

}  // namespace fenbatch::pipeline::detail
