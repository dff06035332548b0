// How the ranks of a distributed run fail together. Every rank calls agree() at the same
// points of the run, with its own failure or none; when any rank failed, agree() throws
// distributed_failure on every rank, with the message of the lowest failing rank ("rank 2:
// in.fen: No such file or directory"). Between two such points a rank that fails keeps
// taking part in the collective operations (sending nothing), so that none waits forever.
#pragma once

#include <exception>
#include <stdexcept>

#include "distributed/communicator.hpp"

namespace fenbatch::pipeline::detail {

struct distributed_failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The message a failure is reported with (its what(), or a fixed text for others).
[[nodiscard]] std::string failure_message(const std::exception_ptr& failure);

void agree(const communicator& comm, const std::exception_ptr& failure);

// Runs `step` unless `failure` is already set, keeping its exception (the first) in `failure`
// for the next agreement: between two, a rank goes on taking part.
template <class Step>
void held(std::exception_ptr& failure, Step step) {
  if (failure) return;
  try {
    step();
  } catch (...) {
    failure = std::current_exception();
  }
}

}  // namespace fenbatch::pipeline::detail
