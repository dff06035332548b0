// How inputs are read, apart from which ones: shared by the input sequence and the opening of
// each input, so neither header needs the other.
#pragma once

#include <cstdint>

namespace fenbatch::pipeline::detail {

struct input_options {
  bool use_mmap = true;
  bool allow_special_files = false;
  // Read the lines that start within this many text bytes, all inputs together (0: no limit).
  std::uint64_t max_bytes = 0;
  // Stockfish's .plain records: chunks and parts of files end after `e` lines
  // (record_ends.hpp).
  bool record_ends = false;
};

}  // namespace fenbatch::pipeline::detail
