// fenbatch-mpi's progress line on rank 0, over every rank. Each rank's pipeline reports its
// own progress here (from any thread); a thread on each rank sums them over all ranks about
// four times a second, with a non-blocking all-reduce on a communicator of its own, polled
// between short sleeps (MPI's blocking calls would spin a core the pipeline needs), and rank 0
// shows the sum. The threads stop together, once every rank has called stop(). Needs MPI's
// thread level MPI_THREAD_MULTIPLE (the session asks for it); without it, rank 0 shows its own
// progress only.
#pragma once

#include <mpi.h>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

#include "fenbatch/pipeline/run_config.hpp"

namespace fenbatch::pipeline::detail {

class progress_relay {
 public:
  // Every rank constructs it, with the same `active` (rank 0's: whether it shows progress);
  // `show` is rank 0's progress callback.
  progress_relay(MPI_Comm comm, bool active, std::function<void(const progress_info&)> show);
  ~progress_relay();  // stop()
  progress_relay(const progress_relay&) = delete;
  progress_relay& operator=(const progress_relay&) = delete;

  // This rank's progress (any thread).
  void report(const progress_info& p);
  // This rank is done; returns once every rank is (the last sum shown first on rank 0).
  void stop();

 private:
  void relay();

  MPI_Comm comm_ = MPI_COMM_NULL;
  bool active_ = false;
  int rank_ = 0;
  std::function<void(const progress_info&)> show_;
  std::mutex mutex_;
  std::condition_variable wake_;
  progress_info mine_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace fenbatch::pipeline::detail
