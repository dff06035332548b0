// How inputs are read, apart from which ones: shared by the input sequence and the opening of
// each input, so neither header needs the other.
#pragma once

#include <cstdint>

namespace fenbatch::pipeline::detail {

struct input_options {
  bool use_mmap = true;
  bool allow_special_files = false;
  std::uint64_t max_bytes = 0;  // stop after this many text bytes in all (0: no limit)
};

}  // namespace fenbatch::pipeline::detail
