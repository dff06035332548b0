// fenbatch._native: the C++ under the Python package fenbatch (python/fenbatch/__init__.py
// holds the API and its documentation).

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "bindings.hpp"
#include "column_table.hpp"
#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/option_names.hpp"
#include "line_input.hpp"
#include "python_errors.hpp"

namespace py = pybind11;

namespace fenbatch::python {
namespace {

pipeline::table_threads threads_of(const std::optional<unsigned>& threads) {
  return {threads.value_or(0)};
}

// Every reason's name by its code: REASONS[0] is "ok".
py::tuple reason_names() {
  py::tuple names(core::fen_errc_count);
  for (int i = 0; i < core::fen_errc_count; ++i) {
    names[static_cast<std::size_t>(i)] = std::string(to_string(static_cast<core::fen_errc>(i)));
  }
  return names;
}

py::tuple reason_descriptions() {
  py::tuple descriptions(core::fen_errc_count);
  for (int i = 0; i < core::fen_errc_count; ++i) {
    descriptions[static_cast<std::size_t>(i)] =
        std::string(describe(static_cast<core::fen_errc>(i)));
  }
  return descriptions;
}

// (columns, line store) of `lines`; the option values are checked by the Python side.
py::tuple decode(py::handle lines, std::optional<unsigned> threads, bool repair, bool payload,
                 const std::string& castling, const std::string& ep, const std::string& key) {
  core::row_options options;
  options.decode.repair = repair;
  options.decode.payload = payload;
  const auto notation = core::parse_option<core::castling_notation>(castling);
  const auto policy = core::parse_option<core::ep_policy>(ep);
  const auto kind = core::parse_option<core::key_kind>(key);
  if (!notation) {
    throw py::value_error("castling must be one of " +
                          core::option_choices<core::castling_notation>() + ", not " + castling);
  }
  if (!policy) {
    throw py::value_error("ep must be one of " + core::option_choices<core::ep_policy>() +
                          ", not " + ep);
  }
  if (!kind) {
    throw py::value_error("key must be one of " + core::option_choices<core::key_kind>() +
                          ", not " + key);
  }
  options.write.castling = *notation;
  options.write.ep = *policy;
  options.key = *kind;
  line_input input = line_input::from(lines, threads_of(threads));
  py::dict columns = decode_table(input.lines(), options, threads_of(threads));
  return py::make_tuple(columns, line_store(std::move(input), options, threads_of(threads)));
}

}  // namespace

void bind_decode(py::module_& m) {
  m.attr("REASONS") = reason_names();
  m.attr("REASON_DESCRIPTIONS") = reason_descriptions();
  py::class_<line_store>(m, "LineStore", "The lines behind a Positions table")
      .def("fens", &line_store::fens)
      .def("texts", &line_store::texts)
      .def("__len__", [](const line_store& s) { return s.input().size(); });
  m.def("decode", &decode, py::arg("lines"), py::arg("threads"), py::arg("repair"),
        py::arg("payload"), py::arg("castling"), py::arg("ep"), py::arg("key"),
        "Decodes lines into columns; use fenbatch.decode().");
  m.def(
      "planes",
      [](const py::array_t<std::uint64_t>& bitboards, const std::string& kind,
         std::optional<unsigned> threads) { return planes(bitboards, kind, threads_of(threads)); },
      py::arg("bitboards"), py::arg("dtype"), py::arg("threads") = py::none(),
      "N x 12 x 8 x 8 planes from N x 12 bitboards; use Positions.planes().");
}

}  // namespace fenbatch::python

PYBIND11_MODULE(_native, m) {
  m.doc() = "fenbatch's C++ core; the API is the package fenbatch.";
  fenbatch::python::register_error_translation();
  fenbatch::python::bind_decode(m);
  fenbatch::python::bind_run(m);
  fenbatch::python::bind_stream(m);
}
