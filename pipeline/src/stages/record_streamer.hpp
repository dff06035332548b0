// stream_run's end of the write stage (fenbatch/pipeline/record_stream.hpp): a written chunk's
// records handed to the caller's sink as one block, each with where its position is in it and
// where it came from. The block's text is the chunk's canonical text as it is, lines not
// written included (the records skip them), so that nothing is copied; only a position that
// its record holds escaped (a JSON string, a quoted CSV field with quotes in an EPD operation)
// is appended decoded after that text.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "chunks/chunk.hpp"
#include "fenbatch/pipeline/record_stream.hpp"

namespace fenbatch::pipeline::detail {

class record_streamer {
 public:
  explicit record_streamer(const record_sink& sink) : sink_(sink) {}

  // The chunk's kept lines (every entry of c.valid but the `dropped` indices, in ascending
  // order) to the sink, in order; `line_base`: the lines of the chunk's input before it. The
  // chunk has its sources (line_options::with_sources). No call for a chunk without records.
  void stream(const chunk& c, std::span<const std::uint32_t> dropped, std::uint64_t line_base);

 private:
  const record_sink& sink_;
  std::vector<streamed_record> records_;
  std::string decoded_;  // positions not found verbatim in their records, back to back
  std::string joined_;   // the chunk's text and decoded_, when there are any
  std::string scratch_;
};

}  // namespace fenbatch::pipeline::detail
