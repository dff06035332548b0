#include "python_errors.hpp"

#include <exception>
#include <string>
#include <string_view>
#include <system_error>

#include "batch/command_line.hpp"
#include "fenbatch/pipeline/config_error.hpp"

namespace py = pybind11;

namespace fenbatch::python {
namespace {

// The path of an I/O error's message, "<operation>: <path>: <reason>" (pipeline/io_error.hpp);
// empty when the message has another shape.
std::string path_of(std::string_view message) {
  const std::size_t first = message.find(": ");
  const std::size_t last = message.rfind(": ");
  if (first == std::string_view::npos || last <= first) return {};
  return std::string(message.substr(first + 2, last - first - 2));
}

void set_os_error(const std::system_error& e) {
  const std::string path = path_of(e.what());
  const py::object filename = path.empty() ? py::object(py::none()) : py::object(py::str(path));
  const py::tuple args = py::make_tuple(e.code().value(), e.what(), filename);
  PyErr_SetObject(PyExc_OSError, args.ptr());
}

}  // namespace

void register_error_translation() {
  py::register_exception_translator([](std::exception_ptr error) {
    try {
      if (error) std::rethrow_exception(error);
    } catch (const app::usage_error& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const pipeline::config_error& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const std::system_error& e) {
      set_os_error(e);
    }
  });
}

}  // namespace fenbatch::python
