// The state of one 10x8 line being read and the steps that read it, one per field: the driver
// in decode.cpp, the placement in placement.cpp, the castling letters in castling_letters.cpp
// (the resolver shared with 8x8, ../decoder/castling_resolver.hpp),
// and the board-independent fields (side, ep, counters, operations, payload) shared with the
// 8x8 decoder (../decoder/record_fields.hpp). Field by field only (no fast path): 10x8 lines
// are the rare ones, and one reader finds every reason and column.
#pragma once

#include <string_view>

#include "../decoder/record_fields.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"

namespace fenbatch::core::ten_by_eight::detail {

class line_reader : public decoder::record_fields<record, file_count, line_reader> {
 public:
  line_reader(std::string_view line, const decode_options& options, record& out) noexcept
      : record_fields(line, options, out) {}

  fen_status run() noexcept;

 private:
  friend record_fields;

  fen_status placement() noexcept;  // placement.cpp
  decoder::castling_problem resolve_letters(
      const char* field_end) noexcept;  // castling_letters.cpp
};

}  // namespace fenbatch::core::ten_by_eight::detail

namespace fenbatch::core::decoder {
// The shared steps for this reader are compiled once, in decode.cpp.
extern template class record_fields<ten_by_eight::record, ten_by_eight::file_count,
                                    ten_by_eight::detail::line_reader>;
}  // namespace fenbatch::core::decoder
