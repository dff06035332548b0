// The four compressed formats decoded one frame at a time (a gzip member, a bzip2 or xz stream,
// a zstd frame), so that what follows a frame is the caller's to judge: another frame, zero
// padding, the end, or trailing garbage. zlib, libbz2 and liblzma are reached through the
// decoder bases Boost.Iostreams exports (its own filters decode past a frame's end without
// saying where it was, and report every fault as "iostream error"); libzstd directly.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>

#include "input/decompression.hpp"

namespace fenbatch::pipeline::detail {

// What one decoding step ended with.
struct frame_step {
  bool frame_end = false;
  const char* error = nullptr;  // the fault, in words; null when none
};

class frame_decoder {
 public:
  virtual ~frame_decoder() = default;
  // Whether the bytes at hand (the first few of what follows, possibly fewer than a magic
  // number's size at the end of the input) agree with the start of a frame.
  [[nodiscard]] virtual bool could_start_frame(std::string_view head) const noexcept = 0;
  // Bytes a frame's magic number takes.
  [[nodiscard]] virtual std::size_t magic_size() const noexcept = 0;
  // Zero bytes after the last frame are padding the format's own tool accepts (gzip, bzip2).
  [[nodiscard]] virtual bool zero_padding() const noexcept { return false; }
  // Ready for a frame (the first, or one that follows another).
  virtual void start_frame() = 0;
  // Decodes from [in, in_end) into [out, out_end), advancing both. `input_ended`: no byte
  // follows in_end.
  virtual frame_step decode(const char*& in, const char* in_end, char*& out, char* out_end,
                            bool input_ended) = 0;
};

// The decoder for `kind`; null for compression::none.
[[nodiscard]] std::unique_ptr<frame_decoder> make_frame_decoder(compression kind);

}  // namespace fenbatch::pipeline::detail
