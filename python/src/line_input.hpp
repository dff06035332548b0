// The lines a caller hands to fenbatch.decode(), as views into text this object owns: a list
// or tuple of str/bytes (each element one line), bytes-like text split as a file is, or a NumPy
// array of str/bytes.
#pragma once

#include <pybind11/pybind11.h>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fenbatch::python {

class line_input {
 public:
  // Throws TypeError (pybind11::type_error) for anything else.
  static line_input from(pybind11::handle lines);

  // Lines already in one buffer: line i is text[ends[i-1], ends[i]).
  static line_input owning(std::string text, const std::vector<std::size_t>& ends);

  [[nodiscard]] std::span<const std::string_view> lines() const noexcept { return lines_; }
  [[nodiscard]] std::size_t size() const noexcept { return lines_.size(); }

  line_input() = default;
  line_input(line_input&&) noexcept = default;
  line_input& operator=(line_input&&) noexcept = default;
  line_input(const line_input&) = delete;
  line_input& operator=(const line_input&) = delete;

 private:
  void add_element(std::string_view element);  // one line, a final "\n" or "\r\n" dropped
  void from_sequence(pybind11::handle sequence);
  void from_array(pybind11::handle array);
  void from_buffer(pybind11::handle text);
  void index_elements(const std::vector<std::size_t>& ends);

  std::string text_;
  std::vector<std::string_view> lines_;
};

}  // namespace fenbatch::python
