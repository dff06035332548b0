// The state of one line being decoded and the steps that read it: the driver (run, in
// line_decoder.cpp) tries the fast paths first; the precise field-by-field steps
// (precise_fields.cpp) read whatever they decline and name the reason and column of any error.
#pragma once

#include <cstdint>
#include <string_view>

#include "../char_class.hpp"
#include "decode_with.hpp"

namespace fenbatch::core::decoder {

class line_decoder {
 public:
  line_decoder(std::string_view line, const decode_options& options, record& out,
               placement_kernel kernel, bool fast_paths) noexcept
      : begin_(line.data()),
        end_(line.data() + line.size()),
        options_(options),
        rec_(out),
        kernel_(kernel),
        fast_paths_(fast_paths) {}

  // Inline into decode_with, its one caller (line_decoder.cpp): with the class no longer in an
  // anonymous namespace GCC kept the call, and the decoder's state then lived in memory:
  // 4-6% of a -j1 run with the AVX-512 kernel (which callgrind, without AVX-512, cannot show).
  [[gnu::always_inline]] inline fen_status run() noexcept;

 private:
  [[nodiscard]] std::uint32_t column(const char* at) const noexcept {
    return static_cast<std::uint32_t>(at - begin_ + 1);
  }
  // The error at `at`: a byte-level reason if the byte can never appear, else `reason`.
  [[nodiscard]] fen_status fail(const char* at, fen_errc reason) const noexcept {
    if (at != end_) {
      const fen_errc byte = detail::byte_error(at, end_);
      if (byte != fen_errc::ok) reason = byte;
    }
    return {reason, column(at)};
  }
  [[nodiscard]] const char* token_end(const char* at) const noexcept {
    while (at != end_ && !detail::is_blank(*at)) ++at;
    return at;
  }
  void skip_blanks() noexcept {
    const char* const start = p_;
    while (p_ != end_ && detail::is_blank(*p_)) ++p_;
    // Canonical output separates fields by exactly one space (no run at all: end of line).
    if (p_ != start && (p_ - start != 1 || *start != ' ')) {
      rec_.notes |= static_cast<std::uint8_t>(record_note::whitespace_normalized);
    }
  }

  // The precise steps, one per field (precise_fields.cpp).
  fen_status placement() noexcept;
  fen_status side() noexcept;
  fen_status castling() noexcept;
  fen_status en_passant() noexcept;
  fen_status counter(fen_errc reason, std::uint32_t& value) noexcept;
  fen_status counters_and_operations() noexcept;
  fen_status operations(bool have_counter_fields) noexcept;
  fen_status keep_payload() noexcept;

  const char* const begin_;
  const char* end_;
  const char* p_ = nullptr;
  const decode_options& options_;
  record& rec_;
  placement_kernel kernel_;
  bool fast_paths_;  // off: the precise parser alone, the reference for differential tests
};

}  // namespace fenbatch::core::decoder
