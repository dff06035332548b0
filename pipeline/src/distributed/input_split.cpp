#include "distributed/input_split.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstddef>
#include <stdexcept>
#include <string_view>

#include "chunks/line_places.hpp"
#include "distributed/global_origin.hpp"
#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/pipeline/io_error.hpp"
#include "input/decompression.hpp"
#include "input/input_opening.hpp"
#include "input/record_ends.hpp"
#include "input/wide_text.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// Closes what open_input opened, on every path out.
struct opened_file {
  opened_input in;
  ~opened_file() {
    if (in.owns_fd) ::close(in.fd);
  }
};

// The first bytes of a regular file, enough to sniff compression and wide text.
std::string read_head(const opened_input& in, const std::string& path) {
  std::string head(wide_text_sample_size, '\0');
  std::size_t got = 0;
  while (got < head.size()) {
    const ssize_t k = ::pread(in.fd, head.data() + got, head.size() - got, static_cast<off_t>(got));
    if (k == 0) break;
    if (k < 0) {
      if (errno == EINTR) continue;
      throw_io_error("read", path, errno);
    }
    got += static_cast<std::size_t>(k);
  }
  head.resize(got);
  return head;
}

// CSV and TSV begin with a header line that names the columns; JSON lines and FEN/EPD lines
// stand alone.
bool has_header_line(const std::string& path, std::optional<input_format> given) {
  const input_format format = given ? *given : infer_input_format(path);
  return format == input_format::csv || format == input_format::tsv;
}

// Rank r's span of the concatenated inputs starts at ceil(total * r / ranks) (so rank 0's is
// never empty while there is a byte), computed without overflowing 64 bits.
std::uint64_t span_start(std::uint64_t total, std::uint64_t ranks, std::uint64_t r) {
  const std::uint64_t rest = total % ranks * r;
  return total / ranks * r + rest / ranks + (rest % ranks != 0 ? 1 : 0);
}

// The rank whose span holds byte `position` (past the end: the last byte; no bytes: rank 0).
std::uint64_t rank_holding(std::uint64_t position, std::uint64_t total, std::uint64_t ranks) {
  if (total == 0) return 0;
  position = std::min(position, total - 1);
  // The last rank whose span starts at or before `position`.
  std::uint64_t low = 0;
  std::uint64_t high = ranks - 1;
  while (low < high) {
    const std::uint64_t mid = low + (high - low + 1) / 2;
    if (span_start(total, ranks, mid) <= position) {
      low = mid;
    } else {
      high = mid - 1;
    }
  }
  return low;
}

// Where the part of a file that starts at or after `offset` begins, as mapped_source finds it:
// at a line start, or with record_ends (.plain) a record start (record_ends.hpp).
std::uint64_t part_start(std::string_view text, std::uint64_t offset, bool record_ends) {
  return record_ends ? record_start_at_or_after(text, offset)
                     : line_start_at_or_after(text, offset);
}

// The LFs in [first, last). In blocks whose per-lane byte counters cannot overflow (255 steps of
// 16 bytes), which GCC vectorizes: about 6x std::count (measured on the shared corpus: 18 ms
// against 100 ms for 172 MB), and this count is done before any rank starts its part.
std::uint64_t count_line_feeds(const char* first, const char* last) noexcept {
  constexpr std::ptrdiff_t lanes = 16;
  constexpr std::ptrdiff_t steps = 255;
  std::uint64_t total = 0;
  for (; last - first >= lanes * steps; first += lanes * steps) {
    std::array<std::uint8_t, lanes> per_lane{};
    for (std::ptrdiff_t step = 0; step < steps; ++step) {
      for (std::ptrdiff_t lane = 0; lane < lanes; ++lane) {
        per_lane[static_cast<std::size_t>(lane)] = static_cast<std::uint8_t>(
            per_lane[static_cast<std::size_t>(lane)] + (first[step * lanes + lane] == '\n'));
      }
    }
    for (const std::uint8_t n : per_lane) total += n;
  }
  return total + static_cast<std::uint64_t>(std::count(first, last, '\n'));
}

// The lines of `range` in `text` (a whole file), as mapped_source serves them.
std::uint64_t count_lines(std::string_view text, const input_range& range, bool record_ends) {
  const std::uint64_t end = part_start(text, range.end, record_ends);
  const std::uint64_t begin = std::min(
      end, range.begin == 0 ? core::bom_length(text) : part_start(text, range.begin, record_ends));
  if (begin == end) return 0;
  const char* first = text.data() + begin;
  const char* last = text.data() + end;
  const std::uint64_t lfs = count_line_feeds(first, last);
  return lfs + (last[-1] != '\n' ? 1 : 0);  // a last line without LF is a line too
}

std::uint64_t count_lines_in_file(const std::string& path, const input_range& range,
                                  bool record_ends) {
  opened_file file{open_input(path, input_options{})};
  const auto size = static_cast<std::size_t>(file.in.st.st_size);
  if (!S_ISREG(file.in.st.st_mode) || size == 0) return 0;
  void* map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, file.in.fd, 0);
  if (map == MAP_FAILED) throw_io_error("mmap", path, errno);
  ::madvise(map, size, MADV_SEQUENTIAL);
  const std::uint64_t lines =
      count_lines({static_cast<const char*>(map), size}, range, record_ends);
  ::munmap(map, size);
  return lines;
}

}  // namespace

input_probe probe_input(const std::string& path, const input_options& reading,
                        std::optional<input_format> format) {
  input_probe probe;
  if (is_stdin(path)) return probe;
  // stat before opening: opening a FIFO would wait for its writer, and closing it cut the
  // writer off before the rank that reads it opens it again.
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) throw_io_error("open", path, errno);
  const input_options options{reading.use_mmap, reading.allow_special_files, 0};
  const bool refusable = S_ISDIR(st.st_mode) || S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode);
  if (!S_ISREG(st.st_mode)) {
    if (refusable) {
      const opened_file checked{open_input(path, options)};  // a directory, a refused device
    }
    return probe;
  }
  const opened_file file{open_input(path, options)};
  if (!S_ISREG(file.in.st.st_mode)) return probe;  // (replaced since the stat)
  probe.size = static_cast<std::uint64_t>(file.in.st.st_size);
  if (probe.size == 0 || !reading.use_mmap || has_header_line(path, format)) return probe;
  const std::string head = read_head(file.in, path);
  probe.splittable = sniff_compression(std::string_view(head).substr(0, compression_magic_size)) ==
                         compression::none &&
                     !looks_like_wide_text(head);
  return probe;
}

std::vector<input_range> split_for_rank(const std::vector<input_probe>& inputs, std::size_t ranks,
                                        std::size_t rank) {
  if (ranks == 0 || rank >= ranks) throw std::invalid_argument("split_for_rank: no such rank");
  std::uint64_t total = 0;
  for (const input_probe& p : inputs) total += p.size;
  const std::uint64_t span_begin = span_start(total, ranks, rank);
  const std::uint64_t span_end = span_start(total, ranks, rank + 1);

  std::vector<input_range> ranges(inputs.size(), input_range{false, 0, UINT64_MAX});
  std::uint64_t offset = 0;  // of the input in the concatenation
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const input_probe& p = inputs[i];
    if (p.splittable && p.size != 0) {
      const std::uint64_t begin = std::max(offset, span_begin);
      const std::uint64_t end = std::min(offset + p.size, span_end);
      if (begin < end) {
        ranges[i].read = true;
        ranges[i].begin = begin - offset;
        // The part that ends the file reads to its end, lines appended since the probe too,
        // as a single process would.
        ranges[i].end = end == offset + p.size ? UINT64_MAX : end - offset;
      }
    } else if (rank_holding(offset + p.size / 2, total, ranks) == rank) {
      ranges[i].read = true;
    }
    offset += p.size;
  }
  return ranges;
}

partial_line_counts count_partial_lines(const std::vector<std::string>& paths,
                                        const std::vector<input_range>& ranges, bool record_ends) {
  partial_line_counts counts{};
  std::size_t n = 0;
  for (std::size_t i = 0; i < ranges.size() && i < paths.size(); ++i) {
    if (!ranges[i].read || ranges[i].whole()) continue;
    if (n == counts.size()) {
      throw std::invalid_argument("count_partial_lines: more than two inputs read in part");
    }
    counts[n++] = {i, count_lines_in_file(paths[i], ranges[i], record_ends)};
  }
  return counts;
}

line_numbering::line_numbering(std::vector<std::string> paths,
                               std::vector<partial_line_counts> ranks)
    : paths_(std::move(paths)), ranks_(std::move(ranks)), bases_(ranks_.size()) {
  std::vector<std::uint64_t> lines_so_far(paths_.size(), 0);
  for (std::size_t r = 0; r < ranks_.size(); ++r) {
    // A rank's partial ranges are of different inputs, so its own lines never shift them.
    for (std::size_t k = 0; k < max_partial_ranges; ++k) {
      const partial_lines& p = ranks_[r][k];
      if (p.input == UINT64_MAX) continue;
      if (p.input >= paths_.size()) {
        throw std::invalid_argument("line_numbering: a partial range of no input");
      }
      bases_[r][k] = {p.input, lines_so_far[p.input]};
      lines_so_far[p.input] += p.lines;
    }
  }
}

std::vector<std::uint64_t> line_numbering::line_base(std::size_t rank) const {
  std::vector<std::uint64_t> base(paths_.size(), 0);
  for (std::size_t r = 0; r < rank && r < ranks_.size(); ++r) {
    for (const partial_lines& p : ranks_[r]) {
      if (p.input != UINT64_MAX) base[p.input] += p.lines;
    }
  }
  return base;
}

std::uint64_t line_numbering::base_of(std::size_t rank, std::uint64_t input) const noexcept {
  if (rank >= bases_.size()) return 0;
  for (const partial_lines& b : bases_[rank]) {
    if (b.input == input) return b.lines;
  }
  return 0;  // read whole by `rank`: nobody else read a line of it
}

void line_numbering::append_place(std::string& out, std::uint64_t global_origin) const {
  const global_place place = decode_global_origin(global_origin);
  if (place.input >= paths_.size()) {
    throw std::logic_error("line_numbering: a global origin of no input");
  }
  out += display_name(paths_[place.input]);
  out += ':';
  append_number(out, base_of(place.rank, place.input) + place.line + 1);
}

}  // namespace fenbatch::pipeline::detail
