// The state of one 10x8 line being read and the steps that read it, one per field: the driver
// and the side, ep, counter and operation steps in decode.cpp, the placement in placement.cpp,
// the castling letters in castling_letters.cpp. Field by field only (no fast path): 10x8 lines
// are the rare ones, and one reader finds every reason and column.
#pragma once

#include <cstdint>
#include <string_view>

#include "../char_class.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"

namespace fenbatch::core::ten_by_eight::detail {

class line_reader {
 public:
  line_reader(std::string_view line, const decode_options& options, record& out) noexcept
      : begin_(line.data()), end_(line.data() + line.size()), options_(options), rec_(out) {}

  fen_status run() noexcept;

 private:
  [[nodiscard]] std::uint32_t column(const char* at) const noexcept {
    return static_cast<std::uint32_t>(at - begin_ + 1);
  }
  // The error at `at`: a byte-level reason if the byte can never appear, else `reason`.
  [[nodiscard]] fen_status fail(const char* at, fen_errc reason) const noexcept {
    if (at != end_) {
      const fen_errc byte = core::detail::byte_error(at, end_);
      if (byte != fen_errc::ok) reason = byte;
    }
    return {reason, column(at)};
  }
  [[nodiscard]] const char* token_end(const char* at) const noexcept {
    while (at != end_ && !core::detail::is_blank(*at)) ++at;
    return at;
  }
  void skip_blanks() noexcept {
    const char* const start = p_;
    while (p_ != end_ && core::detail::is_blank(*p_)) ++p_;
    // Canonical output separates fields by exactly one space (no run at all: end of line).
    if (p_ != start && (p_ - start != 1 || *start != ' ')) {
      rec_.notes |= static_cast<std::uint8_t>(record_note::whitespace_normalized);
    }
  }

  fen_status placement() noexcept;  // placement.cpp
  fen_status castling() noexcept;   // castling_letters.cpp
  fen_status side() noexcept;
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
};

}  // namespace fenbatch::core::ten_by_eight::detail
