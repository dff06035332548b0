// How fenbatch's C++ exceptions reach Python: a bad option or value (the command line's usage
// errors, a configuration that cannot run) is a ValueError, an I/O failure an OSError with its
// errno and path, both with the command line's message.
#pragma once

#include <pybind11/pybind11.h>

namespace fenbatch::python {

void register_error_translation();

}  // namespace fenbatch::python
