// The chunks of a run. Chunks in flight are bounded by the token count; finished ones are
// reused, keeping their buffers. The write stage gives them back and the read stage takes
// them: a mutex is plenty.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include "base/tsan_annotations.hpp"
#include "chunks/chunk.hpp"

namespace fenbatch::pipeline::detail {

class chunk_pool {
 public:
  [[nodiscard]] chunk* take() {
    const std::lock_guard lock(mutex_);
    if (free_.empty()) {
      chunks_.push_back(std::make_unique<chunk>());
      return chunks_.back().get();
    }
    chunk* c = free_.back();
    free_.pop_back();
    return c;
  }
  void give_back(chunk* c) {
    const std::lock_guard lock(mutex_);
    free_.push_back(c);
  }
  // Once the pipeline is over, also when a stage threw: the chunks the workers filled are
  // this thread's again.
  void acquire_all() {
    const std::lock_guard lock(mutex_);
    for (const auto& c : chunks_) happens_after(c.get());
  }

 private:
  std::mutex mutex_;
  std::vector<std::unique_ptr<chunk>> chunks_;
  std::vector<chunk*> free_;
};

}  // namespace fenbatch::pipeline::detail
