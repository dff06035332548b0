#include "distributed/progress_relay.hpp"

#include <array>
#include <chrono>
#include <cstdint>
#include <utility>

namespace fenbatch::pipeline::detail {
namespace {

constexpr auto interval = std::chrono::milliseconds(250);
constexpr auto poll = std::chrono::milliseconds(10);

// Waits for a non-blocking collective without spinning.
void wait_idly(MPI_Request& request) {
  int done = 0;
  MPI_Test(&request, &done, MPI_STATUS_IGNORE);
  while (done == 0) {
    std::this_thread::sleep_for(poll);
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
  }
}

}  // namespace

progress_relay::progress_relay(MPI_Comm comm, bool active,
                               std::function<void(const progress_info&)> show)
    : show_(std::move(show)) {
  int level = MPI_THREAD_SINGLE;
  MPI_Query_thread(&level);
  active_ = active && level == MPI_THREAD_MULTIPLE;
  MPI_Comm_rank(comm, &rank_);
  if (!active_) return;
  MPI_Comm_dup(comm, &comm_);
  thread_ = std::thread([this] { relay(); });
}

progress_relay::~progress_relay() {
  stop();
}

void progress_relay::report(const progress_info& p) {
  if (!active_) {
    if (rank_ == 0 && show_) show_(p);
    return;
  }
  const std::lock_guard lock(mutex_);
  mine_ = p;
}

void progress_relay::stop() {
  if (!thread_.joinable()) return;
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
  MPI_Comm_free(&comm_);
}

void progress_relay::relay() {
  const auto started = std::chrono::steady_clock::now();
  std::uint64_t shown_phase = 0;
  for (;;) {
    progress_info p;
    bool stopping = false;
    {
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, interval, [this] { return stopping_; });
      p = mine_;
      stopping = stopping_;
    }
    // A rank past the phase shown counts as done with it.
    const auto phase = static_cast<std::uint64_t>(p.phase);
    const bool past = phase > shown_phase;
    std::array<std::uint64_t, 2> sums = {past ? p.bytes_total : p.bytes_done, p.bytes_total};
    std::array<std::uint64_t, 3> lows = {phase, stopping ? 1U : 0U,
                                         p.partitioned ? 0U : 1U};  // all stopped; none partitioned
    std::array<std::uint64_t, 2> summed{};
    std::array<std::uint64_t, 3> lowest{};
    MPI_Request requests[2];
    MPI_Iallreduce(sums.data(), summed.data(), 2, MPI_UINT64_T, MPI_SUM, comm_, &requests[0]);
    MPI_Iallreduce(lows.data(), lowest.data(), 3, MPI_UINT64_T, MPI_MIN, comm_, &requests[1]);
    wait_idly(requests[0]);
    wait_idly(requests[1]);
    shown_phase = lowest[0];
    if (rank_ == 0 && show_) {
      show_({summed[0], summed[1],
             std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
             static_cast<run_phase>(lowest[0]), lowest[2] == 0});
    }
    if (lowest[1] == 1) return;
  }
}

}  // namespace fenbatch::pipeline::detail
