#include "stages/progress_meter.hpp"

namespace fenbatch::pipeline::detail {

void progress_meter::add(std::uint64_t bytes, bool deferred) {
  switched_ = switched_ || deferred;
  bytes_done_ += bytes;
  report(false);
}

void progress_meter::begin_phase(run_phase phase, std::uint64_t bytes_done) {
  phase_ = phase;
  bytes_done_ = bytes_done;
}

bool progress_meter::due(bool last) {
  if (!listener_) return false;
  const auto now = clock_type::now();
  if (!last && now - last_report_ < std::chrono::milliseconds(100)) return false;
  last_report_ = now;
  return true;
}

void progress_meter::partitions(std::uint64_t done, std::uint64_t total) {
  if (!due(done == total)) return;
  listener_({done, total, std::chrono::duration<double>(last_report_ - started_).count(),
             run_phase::deduplicating, true});
}

void progress_meter::report(bool last) {
  if (!due(last)) return;
  listener_({bytes_done_, bytes_total_,
             std::chrono::duration<double>(last_report_ - started_).count(), phase_, switched_});
}

}  // namespace fenbatch::pipeline::detail
