// The run's progress as the write stage sees it: input bytes done in the phase at hand, told
// to the listener at most about every 100 ms, and once at the end.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <utility>

#include "fenbatch/pipeline/run_config.hpp"

namespace fenbatch::pipeline::detail {

class progress_meter {
 public:
  using clock_type = std::chrono::steady_clock;

  // `listener` may be empty (no progress is reported); `bytes_total`: 0 when unknown.
  progress_meter(std::function<void(const progress_info&)> listener, std::uint64_t bytes_total)
      : listener_(std::move(listener)), bytes_total_(bytes_total), started_(clock_type::now()) {}

  // A chunk's input bytes are done; `deferred`: its lines wait for pass 3.
  void add(std::uint64_t bytes, bool deferred);
  // From here on, the bytes are of `phase`, `bytes_done` of them done before it.
  void begin_phase(run_phase phase, std::uint64_t bytes_done);
  // Pass 2, in partitions.
  void partitions(std::uint64_t done, std::uint64_t total);
  // Reported at the end whatever the time since the last report.
  void last() { report(true); }

 private:
  void report(bool last);
  [[nodiscard]] bool due(bool last);

  std::function<void(const progress_info&)> listener_;
  std::uint64_t bytes_total_;
  std::uint64_t bytes_done_ = 0;
  run_phase phase_ = run_phase::reading;
  bool switched_ = false;  // a deferred chunk was seen
  clock_type::time_point started_;
  clock_type::time_point last_report_{};
};

}  // namespace fenbatch::pipeline::detail
