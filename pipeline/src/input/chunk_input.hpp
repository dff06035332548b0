// The unit the input side hands to the pipeline: a run of whole lines from one file, with what
// reading them cost (on-disk and text bytes) so progress and statistics stay exact whether the
// file was mapped, streamed or decompressed.
#pragma once

#include <cstdint>
#include <memory>
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

}  // namespace fenbatch::pipeline::detail
