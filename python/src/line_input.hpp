// The lines a caller hands to fenbatch.decode(), as views into text this object owns: a list
// or tuple of str/bytes (each element one line), bytes-like text split as a file is, or a NumPy
// array of str/bytes.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/pipeline/position_table.hpp"

namespace fenbatch::python {

class line_input {
 public:
  // Throws TypeError (pybind11::type_error) for anything else. `threads` split large texts.
  static line_input from(pybind11::handle lines, pipeline::table_threads threads);

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
  // One line: a final "\n", "\r\n" or "\r" dropped, as a file's splitter drops them at its end.
  void add_element(std::string_view element);
  void from_sequence(pybind11::handle sequence);
  void from_array(pybind11::handle array);
  void from_buffer(pybind11::handle text, pipeline::table_threads threads);
  void index_elements(const std::vector<std::size_t>& ends);

  // On the heap, so that moving this object keeps the views valid (a short std::string moves
  // its bytes).
  std::unique_ptr<std::string> text_ = std::make_unique<std::string>();
  // A bytes object is immutable: its lines are views into it, kept alive here, not copied.
  pybind11::object bytes_;
  std::vector<std::string_view> lines_;
};

}  // namespace fenbatch::python
