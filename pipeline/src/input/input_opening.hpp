// Opening one input and choosing how to read it: open or take stdin, refuse directories and
// devices (a run reading /dev/zero never ends), read the first bytes to sniff compression and
// refuse wide text, then map a plain regular file or stream everything else.
#pragma once

#include <sys/stat.h>

#include <memory>
#include <string>

#include "input/input_options.hpp"
#include "input/input_range.hpp"
#include "input/input_source.hpp"

namespace fenbatch::pipeline::detail {

[[nodiscard]] bool is_stdin(const std::string& path) noexcept;

struct opened_input {
  int fd = -1;
  bool owns_fd = false;  // false for stdin, which is not ours to close
  struct stat st {};
};

// Opens `path` ("-" or /dev/stdin: standard input); throws std::system_error (or
// std::runtime_error for a refused device) with the path.
opened_input open_input(const std::string& path, const input_options& options);

// Opens `path` and returns the source that reads it: the lines of `range` (input_range.hpp);
// only a mapped file can be read in part (std::runtime_error otherwise).
std::shared_ptr<input_source> make_source(const std::string& path, const input_options& options,
                                          const input_range& range = {});

}  // namespace fenbatch::pipeline::detail
