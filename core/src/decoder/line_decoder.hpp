// The state of one line being decoded and the steps that read it: the driver (run, in
// line_decoder.cpp) tries the fast paths first; the precise field-by-field steps (the board's
// own in precise_fields.cpp, the board-independent ones in record_fields.hpp) read whatever
// they decline and name the reason and column of any error.
#pragma once

#include <cstdint>
#include <string_view>

#include "decode_with.hpp"
#include "record_fields.hpp"

namespace fenbatch::core::decoder {

class line_decoder : public record_fields<record, 8, line_decoder> {
 public:
  line_decoder(std::string_view line, const decode_options& options, record& out,
               placement_kernel kernel, bool fast_paths) noexcept
      : record_fields(line, options, out), kernel_(kernel), fast_paths_(fast_paths) {}

  // Inline into its one caller (line_decoder.cpp): with the class no longer in an
  // anonymous namespace GCC kept the call, and the decoder's state then lived in memory:
  // 4-6% of a -j1 run with the AVX-512 kernel (which callgrind, without AVX-512, cannot show).
  [[gnu::always_inline]] inline fen_status run() noexcept;
  // The fields after a placement the kernel read, up to field_end (the line needs no framing:
  // no blank at either end, no comment).
  fen_status after_placement(const char* field_end) noexcept;

 private:
  friend record_fields;

  // The board's own precise steps (precise_fields.cpp); the others are record_fields'.
  fen_status placement() noexcept;
  castling_problem resolve_letters(const char* field_end) noexcept;

  placement_kernel kernel_;  // null: the precise placement (the kernel declined, or none)
  bool fast_paths_;          // off: the precise parser alone, the reference for differential tests
};

// The shared steps are compiled once, in precise_fields.cpp: calls from run, never inlined.
extern template class record_fields<record, 8, line_decoder>;

}  // namespace fenbatch::core::decoder
