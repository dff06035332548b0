#include "column_table.hpp"

#include <string>
#include <utility>
#include <vector>

namespace py = pybind11;

namespace fenbatch::python {
namespace {

template <class T>
py::array_t<T> rows_of(std::size_t rows, std::size_t width = 1) {
  if (width == 1) return py::array_t<T>(static_cast<py::ssize_t>(rows));
  return py::array_t<T>({static_cast<py::ssize_t>(rows), static_cast<py::ssize_t>(width)});
}

py::str text_of(std::string_view text) {
  PyObject* s =
      PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "surrogateescape");
  if (s == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(s);
}

}  // namespace

column_arrays::column_arrays(std::size_t rows)
    : valid(rows_of<bool>(rows)),
      reason(rows_of<std::uint8_t>(rows)),
      column(rows_of<std::int32_t>(rows)),
      board(rows_of<std::uint8_t>(rows)),
      bitboards(rows_of<std::uint64_t>(rows, core::row_bitboards)),
      squares(rows_of<std::int8_t>(rows, core::row_squares)),
      side(rows_of<std::uint8_t>(rows)),
      castling(rows_of<std::uint64_t>(rows)),
      ep(rows_of<std::int8_t>(rows)),
      halfmove(rows_of<std::uint32_t>(rows)),
      fullmove(rows_of<std::uint32_t>(rows)),
      key(rows_of<std::uint64_t>(rows, 2)) {}

core::row_columns column_arrays::pointers() {
  return {valid.mutable_data(),    reason.mutable_data(),    column.mutable_data(),
          board.mutable_data(),    bitboards.mutable_data(), squares.mutable_data(),
          side.mutable_data(),     castling.mutable_data(),  ep.mutable_data(),
          halfmove.mutable_data(), fullmove.mutable_data(),  key.mutable_data()};
}

py::dict column_arrays::as_dict() const {
  py::dict d;
  d["valid"] = valid;
  d["reason"] = reason;
  d["column"] = column;
  d["board"] = board;
  d["bitboards"] = bitboards;
  d["squares"] = squares;
  d["side"] = side;
  d["castling"] = castling;
  d["ep"] = ep;
  d["halfmove"] = halfmove;
  d["fullmove"] = fullmove;
  d["key"] = key;
  return d;
}

py::dict decode_table(std::span<const std::string_view> lines, const core::row_options& options,
                      pipeline::table_threads threads) {
  column_arrays table(lines.size());
  const core::row_columns out = table.pointers();
  {
    const py::gil_scoped_release unlocked;
    pipeline::decode_rows(lines, options, out, threads);
  }
  return table.as_dict();
}

py::list line_store::fens() const {
  std::vector<std::string> canonical;
  std::vector<bool> valid;
  {
    const py::gil_scoped_release unlocked;
    pipeline::canonical_lines(input_.lines(), options_, canonical, valid, threads_);
  }
  py::list out(canonical.size());
  for (std::size_t i = 0; i < canonical.size(); ++i) {
    out[i] = valid[i] ? py::object(text_of(canonical[i])) : py::object(py::none());
  }
  return out;
}

py::list line_store::texts() const {
  const std::span<const std::string_view> lines = input_.lines();
  py::list out(lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) out[i] = text_of(lines[i]);
  return out;
}

py::array planes(const py::array_t<std::uint64_t>& bitboards, std::string_view kind,
                 pipeline::table_threads threads) {
  if (bitboards.ndim() != 2 ||
      bitboards.shape(1) != static_cast<py::ssize_t>(core::row_bitboards)) {
    throw py::value_error("planes: bitboards must be an N x 12 array");
  }
  const py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast> words(bitboards);
  const auto rows = static_cast<std::size_t>(words.shape(0));
  const std::vector<py::ssize_t> shape{static_cast<py::ssize_t>(rows), 12, 8, 8};
  const std::uint64_t* in = words.data();
  const auto fill = [&](auto* out) {
    const py::gil_scoped_release unlocked;
    pipeline::fill_planes(in, rows, out, threads);
  };
  if (kind == "float32") {
    py::array_t<float> out(shape);
    fill(out.mutable_data());
    return out;
  }
  if (kind == "float64") {
    py::array_t<double> out(shape);
    fill(out.mutable_data());
    return out;
  }
  if (kind == "uint8" || kind == "bool") {
    py::array_t<std::uint8_t> out(shape);
    fill(out.mutable_data());
    if (kind == "bool") return out.attr("view")(py::dtype::of<bool>());
    return out;
  }
  throw py::value_error("planes: dtype must be float32, float64, uint8 or bool, not " +
                        std::string(kind));
}

}  // namespace fenbatch::python
