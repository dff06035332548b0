// An unnamed temporary file for data a run keeps until its end (the --counts records): written
// once in order, then read back once in order. It sits in the directory of the file it serves
// (the space the user chose for the results; TMPDIR or /tmp for standard output) and has no
// name there (O_TMPFILE, else unlinked at once), so nothing is left behind on any exit.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace fenbatch::pipeline::detail {

class spill_file {
 public:
  // `destination`: the path whose directory holds the file ("-": TMPDIR or /tmp). Throws an
  // I/O error when no file can be made there.
  explicit spill_file(const std::string& destination);
  spill_file(const spill_file&) = delete;
  spill_file& operator=(const spill_file&) = delete;
  ~spill_file();

  void append(std::string_view data);
  // After the last append: read the contents from the start.
  void start_reading();
  // Reads up to `capacity` more bytes into `out` (appended); 0 at the end.
  std::size_t read_more(std::string& out, std::size_t capacity);

 private:
  void flush();

  std::string directory_;
  int fd_ = -1;
  std::string buffer_;
};

}  // namespace fenbatch::pipeline::detail
