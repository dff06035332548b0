// The run's inputs as one sequence of chunks, file after file, each chunk a run of whole lines
// from one file (chunk_input.hpp); --max-bytes is counted across all of them. How one input is
// opened and read lives in input_opening.hpp and the sources it makes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "input/chunk_input.hpp"
#include "input/input_options.hpp"
#include "input/input_range.hpp"

namespace fenbatch::pipeline::detail {

class input_reader {
 public:
  // Checks every input up front (exists, readable, not a directory or refused device), so a
  // bad path fails the run before anything is read or written.
  // `ranges`, per path: the part of it to read (input_range.hpp); empty: every input whole.
  // A path not read is neither checked nor opened. std::invalid_argument when `ranges` is
  // neither empty nor one per path.
  input_reader(std::vector<std::string> paths, input_options options,
               std::vector<input_range> ranges = {});
  ~input_reader();
  input_reader(const input_reader&) = delete;
  input_reader& operator=(const input_reader&) = delete;

  // Fills `out` with about `target` bytes of whole lines; false once every input is done.
  bool next(chunk_input& out, std::size_t target);

  [[nodiscard]] const std::string& name(std::uint32_t file_index) const {
    return paths_[file_index];
  }
  // Sum of the bytes of the regular inputs' ranges read (their sizes when read whole); 0 when
  // some input's size is unknown. Progress measures chunks' input bytes against it.
  [[nodiscard]] std::uint64_t total_bytes() const noexcept { return total_bytes_; }
  // Sum of the sizes of the regular inputs read, whole even where only a range of one is read
  // (its mapping spans the whole file): the address space the mappings may take.
  [[nodiscard]] std::uint64_t file_bytes() const noexcept { return file_bytes_; }
  // Regular inputs whose size or modification time changed while they were read.
  [[nodiscard]] const std::vector<std::string>& changed_inputs() const noexcept { return changed_; }
  // Reading stopped at options.max_bytes.
  [[nodiscard]] bool stopped_at_max_bytes() const noexcept { return stopped_; }

 private:
  [[nodiscard]] input_range range(std::uint32_t file_index) const noexcept {
    return ranges_.empty() ? input_range{} : ranges_[file_index];
  }

  std::vector<std::string> paths_;
  input_options options_;
  std::vector<input_range> ranges_;
  std::uint64_t total_bytes_ = 0;
  std::uint64_t file_bytes_ = 0;
  std::uint32_t current_ = 0;
  std::shared_ptr<input_source> source_;
  std::vector<std::string> changed_;
  std::uint64_t text_bytes_ = 0;
  bool stopped_ = false;
};

}  // namespace fenbatch::pipeline::detail
