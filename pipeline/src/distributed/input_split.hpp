// How a distributed run shares its inputs out among its ranks. Rank 0 probes every input;
// every rank then works out the same plan from the probes: contiguous parts of the inputs in
// input order (rank 0 the first part, rank 1 the next...), balanced by bytes; an input that
// can be split (probe_input) is cut into byte ranges at line boundaries (input_range.hpp),
// any other goes to one rank whole. Lines are then numbered as one process numbers them:
// each rank counts the lines of its partial ranges (at most two: its first and its last
// input), the ranks exchange the counts, and line_numbering gives each rank where its lines
// start and turns any rank's global origins (global_origin.hpp) into FILE:LINE.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "input/input_range.hpp"
#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

struct input_probe {
  std::uint64_t size = 0;   // bytes on disk (0 for what is not a regular file: a FIFO, stdin)
  bool splittable = false;  // a regular, non-empty, uncompressed file that the run maps
                            // (use_mmap), of a format without a header line (not CSV/TSV: a
                            // part in the middle could not see the header)
};

// Rank 0, before anything is read: stats `path` and, when it is a regular file, opens it and
// sniffs its first bytes for compression (and UTF-16/32, which only one rank should report).
// Standard input, FIFOs and sockets are neither opened nor read (that would consume or cut
// off their data): they are not splittable. Throws what opening an input throws
// (std::system_error or std::runtime_error naming the path).
// `format`: the inputs' format as given (unset: by the name).
[[nodiscard]] input_probe probe_input(const std::string& path, const input_options& reading,
                                      std::optional<input_format> format);

// Rank `rank`'s range of every input (read = false for the inputs it does not read). The
// concatenated bytes of the inputs are cut into `ranks` spans of equal size (rank 0's the
// first); a splittable input is cut at the spans' ends (its last part ends at UINT64_MAX; an
// input inside one span is read whole), any other goes whole to the rank whose span holds its
// middle byte (an empty one: its position; at the very end: the rank holding the last byte).
// So every byte is read by exactly one rank, each rank's inputs follow those of the rank
// before, a rank reads at most max_partial_ranges inputs in part (its first and its last),
// and ranks may read nothing (more ranks than bytes, or big unsplittable inputs).
[[nodiscard]] std::vector<input_range> split_for_rank(const std::vector<input_probe>& inputs,
                                                      std::size_t ranks, std::size_t rank);

// Lines of one partial range (input_range::whole() false).
struct partial_lines {
  std::uint64_t input = UINT64_MAX;  // UINT64_MAX: none
  std::uint64_t lines = 0;
};
inline constexpr std::size_t max_partial_ranges = 2;
using partial_line_counts = std::array<partial_lines, max_partial_ranges>;

// This rank's partial ranges (in input order) and their lines, counted in the mapped files as
// mapped_source cuts them (a last line without LF counts; a file that is only a BOM has none;
// record_ends: .plain inputs, whose parts end after `e` lines).
// Throws on open/map failure, and std::invalid_argument for more than max_partial_ranges.
[[nodiscard]] partial_line_counts count_partial_lines(const std::vector<std::string>& paths,
                                                      const std::vector<input_range>& ranges,
                                                      bool record_ends = false);

class line_numbering {
 public:
  // `ranks`: every rank's count_partial_lines(), in rank order. Throws std::invalid_argument
  // for an input index out of range.
  line_numbering(std::vector<std::string> paths, std::vector<partial_line_counts> ranks);

  // Per input: the lines of it that ranks before `rank` read (only split inputs have any: an
  // input read whole starts at line 0 on its rank).
  [[nodiscard]] std::vector<std::uint64_t> line_base(std::size_t rank) const;
  // Appends "FILE:LINE" (1-based) for a global origin.
  void append_place(std::string& out, std::uint64_t global_origin) const;

 private:
  // Where rank r's partial ranges start: their inputs and the lines of them before rank r.
  [[nodiscard]] std::uint64_t base_of(std::size_t rank, std::uint64_t input) const noexcept;

  std::vector<std::string> paths_;
  std::vector<partial_line_counts> ranks_;
  std::vector<partial_line_counts> bases_;  // per rank, as ranks_, with lines before the rank
};

}  // namespace fenbatch::pipeline::detail
