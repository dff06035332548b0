// Inputs as one stream of chunks, each a run of whole lines from one file. Regular files are
// memory-mapped (a chunk is a view); everything else, and compressed files (detected by magic
// bytes), is read through Boost.Iostreams into the chunk's own storage.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace fenbatch::pipeline::detail {

class input_source;

struct chunk_input {
  std::uint32_t file_index = 0;
  std::uint64_t file_offset = 0;  // text offset of `data` in its file (after decompression)
  bool bom_skipped = false;       // a UTF-8 BOM before `data` was dropped
  std::string_view data;          // whole lines; the last one may lack its LF only at end of file
  std::vector<char> storage;      // backs `data` for read (not mapped) inputs
  std::uint64_t input_bytes = 0;  // on-disk input bytes consumed for this chunk
  std::uint64_t text_bytes = 0;  // text bytes consumed: data, a skipped BOM, dropped overlong tails
  std::uint64_t dropped_crlf_lines = 0;  // CRLF endings dropped with overlong tails (streams)
  // Keeps the mapping `data` points into alive while the chunk is in flight.
  std::shared_ptr<input_source> source;

  // Called once the chunk is fully consumed: lets a mapped input drop the pages behind it, so
  // resident memory stays flat however large the file.
  void release() noexcept;
};

struct input_options {
  bool use_mmap = true;
  bool allow_special_files = false;
  std::uint64_t max_bytes = 0;  // stop after this many text bytes in all (0: no limit)
};

class input_reader {
 public:
  // Checks every input up front (exists, readable, not a directory or refused device), so a
  // bad path fails the run before anything is read or written.
  input_reader(std::vector<std::string> paths, input_options options);
  ~input_reader();
  input_reader(const input_reader&) = delete;
  input_reader& operator=(const input_reader&) = delete;

  // Fills `out` with about `target` bytes of whole lines; false once every input is done.
  bool next(chunk_input& out, std::size_t target);

  [[nodiscard]] const std::string& name(std::uint32_t file_index) const {
    return paths_[file_index];
  }
  // Sum of the sizes of regular inputs; 0 when some input's size is unknown.
  [[nodiscard]] std::uint64_t total_bytes() const noexcept { return total_bytes_; }
  // Regular inputs whose size or modification time changed while they were read.
  [[nodiscard]] const std::vector<std::string>& changed_inputs() const noexcept { return changed_; }
  // Reading stopped at options.max_bytes.
  [[nodiscard]] bool stopped_at_max_bytes() const noexcept { return stopped_; }

 private:
  std::vector<std::string> paths_;
  input_options options_;
  std::uint64_t total_bytes_ = 0;
  std::uint32_t current_ = 0;
  std::shared_ptr<input_source> source_;
  std::vector<std::string> changed_;
  std::uint64_t text_bytes_ = 0;
  bool stopped_ = false;
};

}  // namespace fenbatch::pipeline::detail
