// The state of one 10x8 line being read and the steps that read it, one per field: the driver
// in decode.cpp, the placement in placement.cpp, the castling letters in castling_letters.cpp
// (the resolver shared with 8x8, ../decoder/castling_resolver.hpp),
// and the board-independent fields (side, ep, counters, operations, payload) shared with the
// 8x8 decoder (../decoder/record_fields.hpp). Fast paths for the placement
// (fast_placement.cpp), the castling letters K/Q/k/q (castling_letters.cpp) and the usual
// tail (fast_tail.cpp); wherever they decline, the precise steps find the reason and column.
#pragma once

#include <string_view>

#include "../decoder/record_fields.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"

namespace fenbatch::core::ten_by_eight::detail {

class line_reader : public decoder::record_fields<record, file_count, line_reader> {
 public:
  line_reader(std::string_view line, const decode_options& options, record& out,
              bool fast_paths) noexcept
      : record_fields(line, options, out), fast_paths_(fast_paths) {}

  fen_status run() noexcept;

 private:
  friend record_fields;

  fen_status placement() noexcept;  // placement.cpp
  bool fast_tail() noexcept;        // fast_tail.cpp
  decoder::castling_problem resolve_letters(
      const char* field_end) noexcept;  // castling_letters.cpp

  bool fast_paths_;  // off: the precise steps alone, the reference for differential tests
};

// A well-formed strict placement at p, decoded into pos in one pass; its end, or nullptr (pos
// untouched) for anything else (fast_placement.cpp).
const char* fast_placement(const char* p, const char* end, position& pos) noexcept;

// K, Q, k, q in canonical order ("KQkq" or part of it), each with its king on the back rank
// and a rook on that side of it: adds the outermost rooks to pos.castling_rooks (no letter is
// stale), exactly what the general resolver gives such a field. Anything else: false, pos
// untouched (castling_letters.cpp).
bool outermost_rights(const char* field, const char* field_end, position& pos) noexcept;

// decode without the fast path: the reference the differential test compares decode with.
fen_status decode_precise(std::string_view line, const decode_options& options,
                          record& out) noexcept;

}  // namespace fenbatch::core::ten_by_eight::detail

namespace fenbatch::core::decoder {
// The shared steps for this reader are compiled once, in decode.cpp.
extern template class record_fields<ten_by_eight::record, ten_by_eight::file_count,
                                    ten_by_eight::detail::line_reader>;
}  // namespace fenbatch::core::decoder
