// Many lines decoded into the rows of a column table (core/position_row.hpp) on oneTBB, and
// the tables' derived forms: network input planes. For callers without TBB (the Python
// module): plain spans and pointers in, nothing allocated that outlives a call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/core/position_row.hpp"

namespace fenbatch::pipeline {

// 0: the CPUs this process may use; otherwise at most that many threads.
struct table_threads {
  unsigned threads = 0;
};

// Row i of `out` from lines[i], rows split among threads (disjoint rows; the columns must have
// lines.size() rows).
void decode_rows(std::span<const std::string_view> lines, const core::row_options& options,
                 const core::row_columns& out, table_threads threads = {});

// Splits `text` into lines as an input file is split (LF, a CR before it dropped, a UTF-8 BOM
// at the start skipped; the last line may lack its LF) and appends them to `lines`, views into
// `text`.
// Large texts are split on `threads` (in pieces that end after an LF).
void split_lines(std::string_view text, std::vector<std::string_view>& lines,
                 table_threads threads = {});

// Network input planes from the 12 bitboards of each of `rows` rows: out[r][plane][rank][file]
// (rank 0 is rank 1), 12 x 8 x 8 values per row, 1 where the bit is set, else 0. Element types
// float, double and uint8 (bool as uint8). An output of 8 MiB or more that is 16-byte aligned is
// written with non-temporal stores (past the caches: half the memory traffic).
void fill_planes(const std::uint64_t* bitboards, std::size_t rows, float* out,
                 table_threads threads = {});
void fill_planes(const std::uint64_t* bitboards, std::size_t rows, double* out,
                 table_threads threads = {});
void fill_planes(const std::uint64_t* bitboards, std::size_t rows, std::uint8_t* out,
                 table_threads threads = {});

// The canonical line of each valid line (append_canonical), in order; an invalid line gives
// an empty string and valid[i] false. Parallel; `canonical` and `valid` are resized.
void canonical_lines(std::span<const std::string_view> lines, const core::row_options& options,
                     std::vector<std::string>& canonical, std::vector<bool>& valid,
                     table_threads threads = {});

}  // namespace fenbatch::pipeline
