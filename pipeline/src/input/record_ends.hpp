// Where Stockfish's .plain inputs may be cut: after a line `e`, which ends a record, so that a
// chunk (or an MPI rank's part of a file) holds whole records and a record is never read half
// by one chunk and half by the next. Where no `e` comes within record_end_search_bytes (garbage,
// or a record far longer than any real one), the cut falls at a line boundary as for FEN lines,
// and the record cut there is rejected as plain_unterminated.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace fenbatch::pipeline::detail {

// Real records are a few hundred bytes; the search for an `e` line stops this far on.
inline constexpr std::size_t record_end_search_bytes = std::size_t{1} << 16;

// Whether the line that ends at the LF text[lf] (a CR before it is not part of it) is `e`.
[[nodiscard]] bool is_record_end_line(std::string_view text, std::size_t lf) noexcept;

// The end (just past its LF) of the last `e` line that lies wholly in text[0, to); 0 if none.
[[nodiscard]] std::size_t last_record_end(std::string_view text, std::size_t to) noexcept;

// From a line start `at`: `at` when it starts the text or follows an `e` line; else just past
// the first `e` line that ends within record_end_search_bytes of `at`; else the text's end
// when it comes within them (the last record, without its `e`); else `at`.
[[nodiscard]] std::size_t record_start_at_or_after_line(std::string_view text,
                                                        std::size_t at) noexcept;

// As line_start_at_or_after (input_range.hpp), for records: the line start at or after
// `offset`, moved on to a record start as record_start_at_or_after_line says.
[[nodiscard]] std::uint64_t record_start_at_or_after(std::string_view text,
                                                     std::uint64_t offset) noexcept;

}  // namespace fenbatch::pipeline::detail
