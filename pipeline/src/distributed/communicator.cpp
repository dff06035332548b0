#include "distributed/communicator.hpp"

#include <algorithm>
#include <climits>
#include <cstddef>

namespace fenbatch::pipeline::detail {
namespace {

constexpr int piece_tag = 17;
constexpr std::size_t piece_bytes = std::size_t{1} << 26;  // point-to-point messages: 64 MiB

int as_int(std::size_t n) {
  return static_cast<int>(n);
}

}  // namespace

communicator::communicator(MPI_Comm comm) : comm_(comm) {
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
  MPI_Comm local = MPI_COMM_NULL;
  MPI_Comm_split_type(comm_, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local);
  MPI_Comm_size(local, &local_size_);
  MPI_Comm_free(&local);
}

communicator::~communicator() = default;

std::uint64_t communicator::sum(std::uint64_t value) const {
  std::uint64_t out = 0;
  MPI_Allreduce(&value, &out, 1, MPI_UINT64_T, MPI_SUM, comm_);
  return out;
}

std::uint64_t communicator::max(std::uint64_t value) const {
  std::uint64_t out = 0;
  MPI_Allreduce(&value, &out, 1, MPI_UINT64_T, MPI_MAX, comm_);
  return out;
}

std::uint64_t communicator::min(std::uint64_t value) const {
  std::uint64_t out = 0;
  MPI_Allreduce(&value, &out, 1, MPI_UINT64_T, MPI_MIN, comm_);
  return out;
}

std::vector<std::uint64_t> communicator::all_gather(
    const std::vector<std::uint64_t>& values) const {
  std::vector<std::uint64_t> out(values.size() * static_cast<std::size_t>(size_));
  MPI_Allgather(values.data(), as_int(values.size()), MPI_UINT64_T, out.data(),
                as_int(values.size()), MPI_UINT64_T, comm_);
  return out;
}

std::string communicator::broadcast(std::string text, int root) const {
  std::uint64_t size = text.size();
  MPI_Bcast(&size, 1, MPI_UINT64_T, root, comm_);
  text.resize(static_cast<std::size_t>(size));
  MPI_Bcast(text.data(), as_int(text.size()), MPI_CHAR, root, comm_);
  return text;
}

std::vector<std::string> communicator::gather(const std::string& text, int root) const {
  int size = as_int(text.size());
  std::vector<int> sizes(rank_ == root ? static_cast<std::size_t>(size_) : 0);
  MPI_Gather(&size, 1, MPI_INT, sizes.data(), 1, MPI_INT, root, comm_);
  std::vector<int> offsets(sizes.size());
  std::string all;
  if (rank_ == root) {
    std::size_t total = 0;
    for (std::size_t r = 0; r < sizes.size(); ++r) {
      offsets[r] = as_int(total);
      total += static_cast<std::size_t>(sizes[r]);
    }
    all.resize(total);
  }
  MPI_Gatherv(text.data(), size, MPI_CHAR, all.data(), sizes.data(), offsets.data(), MPI_CHAR, root,
              comm_);
  std::vector<std::string> out;
  for (std::size_t r = 0; r < sizes.size(); ++r) {
    out.push_back(
        all.substr(static_cast<std::size_t>(offsets[r]), static_cast<std::size_t>(sizes[r])));
  }
  return out;
}

std::vector<std::string> communicator::all_to_all(const std::vector<std::string>& outgoing) const {
  const auto n = static_cast<std::size_t>(size_);
  std::vector<int> send_sizes(n), send_offsets(n), receive_sizes(n), receive_offsets(n);
  std::string send;
  for (std::size_t r = 0; r < n; ++r) {
    send_offsets[r] = as_int(send.size());
    send_sizes[r] = as_int(outgoing[r].size());
    send += outgoing[r];
  }
  MPI_Alltoall(send_sizes.data(), 1, MPI_INT, receive_sizes.data(), 1, MPI_INT, comm_);
  std::size_t total = 0;
  for (std::size_t r = 0; r < n; ++r) {
    receive_offsets[r] = as_int(total);
    total += static_cast<std::size_t>(receive_sizes[r]);
  }
  std::string received(total, '\0');
  MPI_Alltoallv(send.data(), send_sizes.data(), send_offsets.data(), MPI_CHAR, received.data(),
                receive_sizes.data(), receive_offsets.data(), MPI_CHAR, comm_);
  std::vector<std::string> out(n);
  for (std::size_t r = 0; r < n; ++r) {
    out[r] = received.substr(static_cast<std::size_t>(receive_offsets[r]),
                             static_cast<std::size_t>(receive_sizes[r]));
  }
  return out;
}

void communicator::send(const std::string& data, int to) const {
  std::uint64_t size = data.size();
  MPI_Send(&size, 1, MPI_UINT64_T, to, piece_tag, comm_);
  for (std::size_t at = 0; at < data.size(); at += piece_bytes) {
    const std::size_t n = std::min(piece_bytes, data.size() - at);
    MPI_Send(data.data() + at, as_int(n), MPI_CHAR, to, piece_tag, comm_);
  }
}

std::string communicator::receive(int from) const {
  std::uint64_t size = 0;
  MPI_Recv(&size, 1, MPI_UINT64_T, from, piece_tag, comm_, MPI_STATUS_IGNORE);
  std::string data(static_cast<std::size_t>(size), '\0');
  for (std::size_t at = 0; at < data.size(); at += piece_bytes) {
    const std::size_t n = std::min(piece_bytes, data.size() - at);
    MPI_Recv(data.data() + at, as_int(n), MPI_CHAR, from, piece_tag, comm_, MPI_STATUS_IGNORE);
  }
  return data;
}

}  // namespace fenbatch::pipeline::detail
