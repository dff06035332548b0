// The parts of the native module fenbatch._native, each defined in its own file.
#pragma once

#include <pybind11/pybind11.h>

namespace fenbatch::python {

void bind_decode(pybind11::module_& m);  // native_module.cpp: decode, planes, REASONS
void bind_run(pybind11::module_& m);     // run_binding.cpp
void bind_stream(pybind11::module_& m);  // stream_binding.cpp

}  // namespace fenbatch::python
