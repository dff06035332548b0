// The MPI calls a distributed run makes, in plain C++ types: every rank of the run calls each
// collective operation in the same order (what makes them safe to use is the run's order of
// phases, distributed_run.cpp). MPI's own failures end the job (MPI_ERRORS_ARE_FATAL).
#pragma once

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

namespace fenbatch::pipeline::detail {

class communicator {
 public:
  explicit communicator(MPI_Comm comm = MPI_COMM_WORLD);
  ~communicator();
  communicator(const communicator&) = delete;
  communicator& operator=(const communicator&) = delete;

  [[nodiscard]] int rank() const noexcept { return rank_; }
  [[nodiscard]] int size() const noexcept { return size_; }
  // Ranks on this rank's machine (sharing its memory), this one included.
  [[nodiscard]] int ranks_on_this_machine() const noexcept { return local_size_; }

  [[nodiscard]] std::uint64_t sum(std::uint64_t value) const;
  [[nodiscard]] std::uint64_t max(std::uint64_t value) const;
  [[nodiscard]] std::uint64_t min(std::uint64_t value) const;
  // Every rank's `values` (all the same length), concatenated in rank order.
  [[nodiscard]] std::vector<std::uint64_t> all_gather(
      const std::vector<std::uint64_t>& values) const;
  // `text` as rank `root` has it.
  [[nodiscard]] std::string broadcast(std::string text, int root) const;
  // At `root`: every rank's `text`, by rank; elsewhere: empty.
  [[nodiscard]] std::vector<std::string> gather(const std::string& text, int root) const;
  // Sends outgoing[r] to rank r (each under 2 GiB); returns what each rank sent here, by rank.
  [[nodiscard]] std::vector<std::string> all_to_all(const std::vector<std::string>& outgoing) const;

  // Point to point, for the parts of the output (any size: sent in pieces).
  void send(const std::string& data, int to) const;
  [[nodiscard]] std::string receive(int from) const;

 private:
  MPI_Comm comm_;
  int rank_ = 0;
  int size_ = 1;
  int local_size_ = 1;
};

}  // namespace fenbatch::pipeline::detail
