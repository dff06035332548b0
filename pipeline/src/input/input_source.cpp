#include "input/input_source.hpp"

namespace fenbatch::pipeline::detail {

bool input_source::changed_since_open() const noexcept {
  struct stat now {};
  if (!S_ISREG(opened_.st_mode) || ::fstat(fd_, &now) != 0) return false;
  return now.st_size != opened_.st_size || now.st_mtim.tv_sec != opened_.st_mtim.tv_sec ||
         now.st_mtim.tv_nsec != opened_.st_mtim.tv_nsec;
}

// Here rather than beside chunk_input: releasing is the source's business (a mapping drops the
// pages behind the chunk), and chunk_input.hpp stays free of the source's definition.
void chunk_input::release() noexcept {
  if (source) source->release(data);
  source.reset();
}

}  // namespace fenbatch::pipeline::detail
