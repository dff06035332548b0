// An unnamed temporary file for data a run keeps for a later pass (the --counts records, the
// partitions of a dedupe past its memory budget): written in order, then read back in order.
// It sits in the run's temporary directory (--temp-dir, else $TMPDIR, else /tmp) and has no
// name there (O_TMPFILE, else unlinked at once), so nothing is left behind on any exit, kill -9
// included. A failed write (ENOSPC, EIO) throws an I/O error naming the directory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace fenbatch::pipeline::detail {

// The directory temporary files go to: `configured` (--temp-dir) when not empty,
// else $TMPDIR when set and not empty, else /tmp.
[[nodiscard]] std::string temp_directory(const std::string& configured);

class spill_file {
 public:
  // A file in `directory`. Throws an I/O error when no file can be made there.
  // `buffer_bytes`: the write (and read) buffer.
  explicit spill_file(const std::string& directory, std::size_t buffer_bytes = 1 << 20);
  spill_file(const spill_file&) = delete;
  spill_file& operator=(const spill_file&) = delete;
  ~spill_file();

  void append(std::string_view data);
  // After the last append: read the contents from the start.
  void start_reading();
  // Reads up to `capacity` more bytes into `out` (appended); 0 at the end.
  std::size_t read_more(std::string& out, std::size_t capacity);
  // After the last append, for reading at offsets (spill_reader): writes out what is buffered
  // and gives the buffer's memory back.
  void finish_writing();
  // Reads up to `size` bytes at `offset` (pread: any number of readers, each at its own place);
  // fewer only at the end of the file.
  std::size_t read_at(std::uint64_t offset, char* out, std::size_t size) const;
  // Bytes appended so far.
  [[nodiscard]] std::uint64_t size() const noexcept { return written_ + buffer_.size(); }
  [[nodiscard]] const std::string& directory() const noexcept { return directory_; }

 private:
  void flush();

  std::string directory_;
  int fd_ = -1;
  std::size_t buffer_bytes_;
  std::uint64_t written_ = 0;
  std::string buffer_;
};

}  // namespace fenbatch::pipeline::detail
