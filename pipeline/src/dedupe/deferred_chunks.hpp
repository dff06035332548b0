// The chunks after a switch to partitioned dedupe, kept so that pass 3 can read them again
// exactly as pass 1 cut them (same sequence numbers, lines and places): a chunk of a mapped
// input keeps its view and its mapping (read again from the file; measured cheaper than a
// copy, see README), a chunk of a stream (standard input, a pipe, a compressed file) has its
// bytes copied to a temporary file. Each chunk's valid lines and a checksum of their keys are
// kept too: a mapped file that changed between the passes is an error, not a wrong output.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chunks/chunk.hpp"
#include "spill/spill_file.hpp"

namespace fenbatch::pipeline::detail {

class deferred_chunks {
 public:
  // `temp_dir`: where the copies of streamed chunks go (made on the first such chunk).
  explicit deferred_chunks(std::string temp_dir) : temp_dir_(std::move(temp_dir)) {}

  // Pass 1, in input order, once the chunk's keys are known.
  void record(const chunk& c);
  [[nodiscard]] bool empty() const noexcept { return entries_.empty(); }
  [[nodiscard]] std::uint64_t copied_bytes() const noexcept { return copy_ ? copy_->size() : 0; }

  // Pass 3, in input order: the next chunk's input and what the read stage set; false after
  // the last.
  bool replay(chunk& c);
  // Pass 3, after the parallel stage: false when the chunk's valid lines or keys differ from
  // pass 1's (its input changed between the passes).
  [[nodiscard]] bool same_as_first_reading(const chunk& c) const noexcept;

 private:
  struct entry {
    chunk_input input;              // without storage; `data` is a view of a rereadable source
    std::uint64_t copy_offset = 0;  // streamed: where the bytes are in copy_
    bool copied = false;
    std::uint64_t sequence = 0;
    const record_layout* layout = nullptr;
    bool starts_with_header = false;
    std::string_view header_to_write;
    std::uint32_t valid_lines = 0;
    std::uint64_t key_checksum = 0;
  };
  [[nodiscard]] static std::uint64_t key_checksum(const chunk& c) noexcept;

  std::string temp_dir_;
  std::vector<entry> entries_;
  std::unique_ptr<spill_file> copy_;
  std::size_t next_ = 0;
  std::string scratch_;
};

}  // namespace fenbatch::pipeline::detail
