// Where a line is in a distributed run, in 64 bits that every rank reads the same way: the
// rank that read it, the input, and its index among the lines of that input the rank read.
// Ordered as the input is: ranks read contiguous, ordered parts of the inputs (input_split),
// so comparing two origins compares the lines' places in the whole input. The top bit marks
// the format (line_places.hpp: global_origin_flag), apart from a process's own line_origin().
#pragma once

#include <cstdint>

#include "chunks/line_places.hpp"

namespace fenbatch::pipeline::detail {

inline constexpr unsigned global_origin_rank_bits = 13;   // at most 8192 ranks
inline constexpr unsigned global_origin_input_bits = 14;  // at most 16384 inputs
inline constexpr unsigned global_origin_line_bits = 36;   // lines per input per rank
inline constexpr std::uint64_t max_global_origin_ranks = std::uint64_t{1}
                                                         << global_origin_rank_bits;
inline constexpr std::uint64_t max_global_origin_inputs = std::uint64_t{1}
                                                          << global_origin_input_bits;
inline constexpr std::uint64_t max_global_origin_lines = std::uint64_t{1}
                                                         << global_origin_line_bits;

struct global_place {
  std::uint32_t rank = 0;
  std::uint32_t input = 0;
  std::uint64_t line = 0;  // 0-based, among the lines of `input` that `rank` read
};

[[nodiscard]] constexpr std::uint64_t encode_global_origin(const global_place& p) noexcept {
  return global_origin_flag |
         std::uint64_t{p.rank} << (global_origin_input_bits + global_origin_line_bits) |
         std::uint64_t{p.input} << global_origin_line_bits | p.line;
}

[[nodiscard]] constexpr global_place decode_global_origin(std::uint64_t origin) noexcept {
  global_place p;
  p.line = origin & (max_global_origin_lines - 1);
  p.input = static_cast<std::uint32_t>((origin >> global_origin_line_bits) &
                                       (max_global_origin_inputs - 1));
  p.rank =
      static_cast<std::uint32_t>((origin >> (global_origin_input_bits + global_origin_line_bits)) &
                                 (max_global_origin_ranks - 1));
  return p;
}

}  // namespace fenbatch::pipeline::detail
