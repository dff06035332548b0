#include "line_input.hpp"

#include <pybind11/numpy.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <utility>

namespace py = pybind11;

namespace fenbatch::python {
namespace {

// The bytes of one element; `keep` holds them when they are not the element's own (a str with
// lone surrogates, which has no UTF-8 form: encoded as the NumPy path does, surrogates as
// three bytes, so that the line is a row with a reason, not an exception).
std::string_view element_text(py::handle item, py::object& keep) {
  if (PyUnicode_Check(item.ptr()) != 0) {
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(item.ptr(), &size);
    if (data == nullptr) {
      if (PyErr_ExceptionMatches(PyExc_UnicodeEncodeError) == 0) throw py::error_already_set();
      PyErr_Clear();
      PyObject* encoded = PyUnicode_AsEncodedString(item.ptr(), "utf-8", "surrogatepass");
      if (encoded == nullptr) throw py::error_already_set();
      keep = py::reinterpret_steal<py::object>(encoded);
      return {PyBytes_AS_STRING(encoded), static_cast<std::size_t>(PyBytes_GET_SIZE(encoded))};
    }
    return {data, static_cast<std::size_t>(size)};
  }
  if (PyBytes_Check(item.ptr()) != 0) {
    return {PyBytes_AS_STRING(item.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(item.ptr()))};
  }
  throw py::type_error("decode: a line must be str or bytes, not " +
                       std::string(py::str(py::type::handle_of(item).attr("__name__"))));
}

// Code `c` of a UCS-4 element, in native byte order.
std::uint32_t code_at(const char* data, std::size_t c, bool swapped) {
  std::uint32_t code = 0;
  std::memcpy(&code, data + c * 4, 4);
  return swapped ? __builtin_bswap32(code) : code;
}

// A fixed-width NumPy element without its trailing NULs (NumPy's own reading of it).
std::size_t without_trailing_nuls(const char* data, std::size_t width) {
  while (width > 0 && data[width - 1] == '\0') --width;
  return width;
}

void append_utf8(std::uint32_t code, std::string& out) {
  if (code < 0x80) {
    out.push_back(static_cast<char>(code));
  } else if (code < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (code >> 6)));
    out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
  } else if (code < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (code >> 12)));
    out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (code >> 18)));
    out.push_back(static_cast<char>(0x80 | ((code >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
  }
}

}  // namespace

line_input line_input::from(py::handle lines, pipeline::table_threads threads) {
  line_input input;
  if (py::isinstance<py::array>(lines)) {
    input.from_array(lines);
  } else if (PyList_Check(lines.ptr()) != 0 || PyTuple_Check(lines.ptr()) != 0) {
    input.from_sequence(lines);
  } else if (PyObject_CheckBuffer(lines.ptr()) != 0) {
    input.from_buffer(lines, threads);
  } else if (PyUnicode_Check(lines.ptr()) != 0) {
    throw py::type_error(
        "decode: lines must be a list of str, bytes-like text or a NumPy array, not one str "
        "(pass [line], or text.encode())");
  } else {
    throw py::type_error("decode: lines must be a list of str, bytes-like text or a NumPy array");
  }
  return input;
}

line_input line_input::owning(std::string text, const std::vector<std::size_t>& ends) {
  line_input input;
  *input.text_ = std::move(text);
  input.index_elements(ends);
  return input;
}

void line_input::add_element(std::string_view element) {
  if (element.ends_with('\n')) element.remove_suffix(1);
  if (element.ends_with('\r')) element.remove_suffix(1);
  text_->append(element);
}

// Elements copied into one buffer first, views made once it no longer moves.
void line_input::index_elements(const std::vector<std::size_t>& ends) {
  lines_.reserve(ends.size());
  std::size_t begin = 0;
  for (const std::size_t end : ends) {
    lines_.emplace_back(text_->data() + begin, end - begin);
    begin = end;
  }
}

void line_input::from_sequence(py::handle sequence) {
  const py::sequence items = py::reinterpret_borrow<py::sequence>(sequence);
  const std::size_t count = items.size();
  PyObject** elements = PySequence_Fast_ITEMS(sequence.ptr());
  py::object keep;
  std::size_t total = 0;
  for (std::size_t i = 0; i < count; ++i) total += element_text(elements[i], keep).size();
  text_->reserve(total);
  std::vector<std::size_t> ends;
  ends.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    add_element(element_text(elements[i], keep));
    ends.push_back(text_->size());
  }
  index_elements(ends);
}

void line_input::from_array(py::handle handle) {
  const py::array array = py::reinterpret_borrow<py::array>(handle);
  if (array.ndim() != 1) throw py::value_error("decode: a NumPy array of lines must be 1-D");
  const char kind = array.dtype().kind();
  if (kind == 'O') {
    from_sequence(py::list(array));
    return;
  }
  if (kind != 'U' && kind != 'S') {
    throw py::type_error("decode: a NumPy array of lines must hold str or bytes");
  }
  const auto count = static_cast<std::size_t>(array.shape(0));
  const auto stride = array.strides(0);
  const auto width = static_cast<std::size_t>(array.itemsize());
  const char* base = static_cast<const char*>(array.data());
  // A '>U' array holds its codes big-endian ('S' arrays are bytes, in no byte order).
  const bool swapped = kind == 'U' && array.dtype().byteorder() ==
                                          (std::endian::native == std::endian::little ? '>' : '<');
  std::vector<std::size_t> ends;
  ends.reserve(count);
  std::string element;
  for (std::size_t i = 0; i < count; ++i) {
    const char* data = base + static_cast<std::ptrdiff_t>(i) * stride;
    if (kind == 'S') {
      add_element({data, without_trailing_nuls(data, width)});
    } else {  // UCS-4, NUL-padded
      element.clear();
      // Only trailing NULs are padding (NumPy keeps a NUL inside a string): the line ends at
      // the last code that is not zero.
      std::size_t codes = width / 4;
      while (codes > 0 && code_at(data, codes - 1, swapped) == 0) --codes;
      for (std::size_t c = 0; c < codes; ++c) append_utf8(code_at(data, c, swapped), element);
      add_element(element);
    }
    ends.push_back(text_->size());
  }
  index_elements(ends);
}

void line_input::from_buffer(py::handle text, pipeline::table_threads threads) {
  if (PyBytes_Check(text.ptr()) != 0) {
    bytes_ = py::reinterpret_borrow<py::object>(text);
    const std::string_view whole(PyBytes_AS_STRING(text.ptr()),
                                 static_cast<std::size_t>(PyBytes_GET_SIZE(text.ptr())));
    pipeline::split_lines(whole, lines_, threads);
    return;
  }
  const py::buffer buffer = py::reinterpret_borrow<py::buffer>(text);
  const py::buffer_info info = buffer.request();
  if (info.itemsize != 1 || (info.ndim != 1 && info.ndim != 0) ||
      (info.ndim == 1 && info.strides[0] != 1)) {
    throw py::type_error("decode: bytes-like lines must be contiguous bytes");
  }
  // (bytearray, memoryview: copied, as the caller may change them later)
  text_->assign(static_cast<const char*>(info.ptr), static_cast<std::size_t>(info.size));
  pipeline::split_lines(*text_, lines_, threads);
}

}  // namespace fenbatch::python
