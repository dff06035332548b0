// Positions' columns as NumPy arrays (core/position_row.hpp says what each holds), and the
// lines behind them for fens() and texts().
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <span>
#include <string_view>

#include "fenbatch/core/position_row.hpp"
#include "fenbatch/pipeline/position_table.hpp"
#include "line_input.hpp"

namespace fenbatch::python {

// The arrays of a table of `rows` rows, allocated (uninitialised: every row is filled).
struct column_arrays {
  explicit column_arrays(std::size_t rows);

  pybind11::array_t<bool> valid;
  pybind11::array_t<std::uint8_t> reason;
  pybind11::array_t<std::int32_t> column;
  pybind11::array_t<std::uint8_t> board;
  pybind11::array_t<std::uint64_t> bitboards;
  pybind11::array_t<std::int8_t> squares;
  pybind11::array_t<std::uint8_t> side;
  pybind11::array_t<std::uint64_t> castling;
  pybind11::array_t<std::int8_t> ep;
  pybind11::array_t<std::uint32_t> halfmove;
  pybind11::array_t<std::uint32_t> fullmove;
  pybind11::array_t<std::uint64_t> key;

  [[nodiscard]] core::row_columns pointers();
  [[nodiscard]] pybind11::dict as_dict() const;
};

// Decodes `lines` into a new table, the GIL released while the rows are filled.
[[nodiscard]] pybind11::dict decode_table(std::span<const std::string_view> lines,
                                          const core::row_options& options,
                                          pipeline::table_threads threads);

// The lines a table was decoded from, kept for fens() and texts().
class line_store {
 public:
  line_store(line_input lines, const core::row_options& options, pipeline::table_threads threads)
      : input_(std::move(lines)), options_(options), threads_(threads) {}

  [[nodiscard]] const line_input& input() const noexcept { return input_; }
  // The canonical line of each row, None for an invalid row.
  [[nodiscard]] pybind11::list fens() const;
  // The lines as given (after a final LF or CR LF), as str (undecodable bytes as surrogates).
  [[nodiscard]] pybind11::list texts() const;

 private:
  line_input input_;
  core::row_options options_;
  pipeline::table_threads threads_;
};

// N x 12 x 8 x 8 planes from an N x 12 array of bitboards; `kind` is "float32", "float64",
// "uint8" or "bool".
[[nodiscard]] pybind11::array planes(const pybind11::array_t<std::uint64_t>& bitboards,
                                     std::string_view kind, pipeline::table_threads threads);

}  // namespace fenbatch::python
