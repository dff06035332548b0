// Line origins (chunk.hpp: line_origin) back to FILE:LINE. The write stage records where
// each chunk starts (its file and the lines of that file before it) as it consumes it, and in
// pass 1 as it sees each deferred chunk: a first occurrence is never in a later chunk than the
// line that refers to it, and with --keep last (every chunk deferred) the last occurrence a
// duplicate refers to is known from pass 1. 16 bytes a chunk.
#pragma once

#include <charconv>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "fenbatch/pipeline/quoted_name.hpp"
#include "input/input_reader.hpp"

namespace fenbatch::pipeline::detail {

// Origins (line_origin) of other parts of a distributed run carry this bit.
inline constexpr std::uint64_t global_origin_flag = std::uint64_t{1} << 63;

// How a file is named in messages and side files ("FILE:LINE:COL: ..." on stderr, in the
// rejects and duplicates lists): "-" is "<stdin>"; any other name as ls quotes it
// (quoted_name): a plain name as is, byte for byte, so that parsers of these lines keep
// working; a name with blanks, shell specials, control characters or bytes that are not UTF-8
// quoted, so that it can neither drive the terminal nor split a line.
[[nodiscard]] inline std::string display_name(const std::string& path) {
  return path == "-" ? "<stdin>" : quoted_name(path);
}

inline void append_number(std::string& out, std::uint64_t value) {
  char digits[24];
  out.append(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
}

class line_places {
 public:
  explicit line_places(const input_reader& inputs) : inputs_(inputs) {}

  // Chunks come in sequence order (0, 1, 2...); `line_base`: its file's lines before it.
  void add_chunk(std::uint64_t sequence, std::uint32_t file_index, std::uint64_t line_base) {
    if (sequence != chunks_.size()) return;  // (never: sequences are consecutive)
    chunks_.push_back({line_base, file_index});
    // Each file's name quoted once, not once per line that names it.
    while (names_.size() <= file_index) {
      names_.push_back(display_name(inputs_.name(static_cast<std::uint32_t>(names_.size()))));
    }
  }

  // The chunks added so far: the next one's sequence.
  [[nodiscard]] std::uint64_t chunks() const noexcept { return chunks_.size(); }

  // Origins with global_origin_flag set (a distributed run's other parts) are written by
  // `append_global`.
  void place_global_origins(std::function<void(std::string&, std::uint64_t)> append_global) {
    append_global_ = std::move(append_global);
  }

  // Appends "FILE:LINE" (1-based line) of an origin in a chunk already added.
  void append(std::string& out, std::uint64_t origin) const {
    if ((origin & global_origin_flag) != 0 && append_global_) {
      append_global_(out, origin);
      return;
    }
    const chunk_place& place = chunks_[origin >> 32];
    out += names_[place.file_index];
    out += ':';
    append_number(out, place.line_base + (origin & 0xFFFFFFFFU) + 1);
  }

 private:
  struct chunk_place {
    std::uint64_t line_base;
    std::uint32_t file_index;
  };
  const input_reader& inputs_;
  std::vector<chunk_place> chunks_;
  std::vector<std::string> names_;  // display_name of each file, by file index
  std::function<void(std::string&, std::uint64_t)> append_global_;
};

}  // namespace fenbatch::pipeline::detail
