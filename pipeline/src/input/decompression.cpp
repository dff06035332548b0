#include "input/decompression.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "fenbatch/pipeline/io_error.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "input/frame_decoders.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// Compressed bytes are read in steps of this much (libzstd's recommended input size is a
// little over 128 KiB; the others take what they are given).
constexpr std::size_t compressed_step = 1 << 17;

// What a format calls one of its frames.
const char* frame_name(compression kind) noexcept {
  return kind == compression::gzip ? "member" : kind == compression::zstd ? "frame" : "stream";
}

}  // namespace

struct decompressed_stream::impl {
  impl(raw_input r, compression k) : raw(std::move(r)), kind(k), decoder(make_frame_decoder(k)) {
    if (decoder) buffer.resize(compressed_step);
  }

  std::size_t read_raw(char* out, std::size_t n);
  std::size_t decode(char* out, std::size_t n);
  bool next_frame();
  bool fill(std::size_t at_least);
  void skip_zero_padding();
  [[noreturn]] void corrupt(const std::string& what) const;
  [[nodiscard]] std::uint64_t offset() const noexcept {
    return buffer_offset + static_cast<std::uint64_t>(next - buffer.data());
  }
  [[nodiscard]] std::size_t buffered() const noexcept {
    return static_cast<std::size_t>(end - next);
  }

  raw_input raw;
  std::size_t replayed = 0;  // of raw.replay, served so far
  compression kind;
  std::unique_ptr<frame_decoder> decoder;  // null: plain text
  // Compressed bytes read and not yet decoded: [next, end) in `buffer`, whose first byte is at
  // `buffer_offset` in the file.
  std::vector<char> buffer;
  const char* next = nullptr;
  const char* end = nullptr;
  std::uint64_t buffer_offset = 0;
  bool raw_ended = false;
  bool in_frame = false;
  std::uint64_t frames = 0;
  std::string pending;  // text decoded by peek() and not yet read
  std::size_t pending_served = 0;
};

// The raw input: the bytes read to sniff the format first, then the descriptor, up to the
// size the file had at open.
std::size_t decompressed_stream::impl::read_raw(char* out, std::size_t n) {
  if (replayed < raw.replay.size()) {
    const std::size_t k = std::min(n, raw.replay.size() - replayed);
    std::memcpy(out, raw.replay.data() + replayed, k);
    replayed += k;
    return k;
  }
  if (raw.bytes_read >= raw.size_at_open) return 0;
  const auto want =
      static_cast<std::size_t>(std::min<std::uint64_t>(n, raw.size_at_open - raw.bytes_read));
  for (;;) {
    const ssize_t got = ::read(raw.fd, out, want);
    if (got > 0) {
      raw.bytes_read += static_cast<std::uint64_t>(got);
      return static_cast<std::size_t>(got);
    }
    if (got == 0) {
      if (raw.size_at_open != UINT64_MAX) {
        throw std::runtime_error("read: " + quoted_name(raw.path) +
                                 ": input changed while reading (truncated?)");
      }
      return 0;
    }
    if (errno != EINTR) throw_io_error("read", raw.path, errno);
  }
}

// Reads on until at least `at_least` compressed bytes are buffered or the input ends; whether
// they are.
bool decompressed_stream::impl::fill(std::size_t at_least) {
  while (buffered() < at_least && !raw_ended) {
    if (next != buffer.data()) {  // keep the unread bytes, at the front
      const std::size_t keep = buffered();
      buffer_offset += static_cast<std::uint64_t>(next - buffer.data());
      std::memmove(buffer.data(), next, keep);
      next = buffer.data();
      end = next + keep;
    }
    const auto used = static_cast<std::size_t>(end - buffer.data());
    if (used == buffer.size()) break;  // full of bytes a decoder could not take
    const std::size_t got = read_raw(buffer.data() + used, buffer.size() - used);
    if (got == 0) raw_ended = true;
    end += got;
  }
  return buffered() >= at_least;
}

void decompressed_stream::impl::corrupt(const std::string& what) const {
  throw std::runtime_error("read: " + quoted_name(raw.path) + ": corrupt " +
                           compression_name(kind) + " stream: " + what);
}

// After a frame that the format allows zero bytes after: zeros to the end are padding; a byte
// that is not zero is garbage.
void decompressed_stream::impl::skip_zero_padding() {
  while (fill(1)) {
    const char* nonzero = std::find_if(next, end, [](char c) { return c != '\0'; });
    next = nonzero;
    if (nonzero != end) {
      corrupt("trailing garbage at offset " + std::to_string(offset()) + " after the last " +
              frame_name(kind));
    }
  }
}

// At the start or after a frame: opens the next frame; false at the end of the data.
bool decompressed_stream::impl::next_frame() {
  if (!fill(1)) return false;
  if (frames != 0 && decoder->zero_padding() && *next == '\0') {
    skip_zero_padding();
    return false;
  }
  const bool whole = fill(decoder->magic_size());
  const std::string_view head(next, std::min(buffered(), decoder->magic_size()));
  if (!decoder->could_start_frame(head)) {
    if (frames == 0) corrupt("not " + std::string(compression_name(kind)) + " data at offset 0");
    corrupt("trailing garbage at offset " + std::to_string(offset()) + " after the last " +
            frame_name(kind));
  }
  if (!whole) {
    corrupt("truncated at offset " + std::to_string(offset() + buffered()) +
            " (the input ends in a " + frame_name(kind) + "'s header)");
  }
  decoder->start_frame();
  in_frame = true;
  ++frames;
  return true;
}

std::size_t decompressed_stream::impl::decode(char* out, std::size_t n) {
  for (;;) {
    if (!in_frame && !next_frame()) return 0;
    if (buffered() == 0) fill(1);
    const char* in = next;
    char* o = out;
    const frame_step step = decoder->decode(in, end, o, out + n, raw_ended);
    const bool progress = in != next || o != out;
    next = in;
    if (step.error != nullptr) {
      corrupt(std::string(step.error) + " at offset " + std::to_string(offset()));
    }
    if (step.frame_end) in_frame = false;
    if (o != out) return static_cast<std::size_t>(o - out);
    if (!progress && !step.frame_end) {
      if (raw_ended) {
        corrupt("truncated at offset " + std::to_string(offset() + buffered()) +
                " (the input ends inside a " + frame_name(kind) + ")");
      }
      if (!fill(buffered() + 1) && !raw_ended) {
        corrupt("undecodable data at offset " + std::to_string(offset()));
      }
    }
  }
}

decompressed_stream::decompressed_stream(raw_input raw, compression kind)
    : impl_(std::make_unique<impl>(std::move(raw), kind)) {
  impl_->next = impl_->end = impl_->buffer.data();
}

decompressed_stream::~decompressed_stream() = default;

std::size_t decompressed_stream::read(char* out, std::size_t n) {
  impl& s = *impl_;
  if (s.pending_served < s.pending.size()) {
    const std::size_t k = std::min(n, s.pending.size() - s.pending_served);
    std::memcpy(out, s.pending.data() + s.pending_served, k);
    s.pending_served += k;
    return k;
  }
  if (!s.decoder) return s.read_raw(out, n);
  // Filled whole, as a file read is: a caller growing its buffer for each read would otherwise
  // pay for every block a decoder hands out.
  std::size_t got = 0;
  while (got < n) {
    const std::size_t k = s.decode(out + got, n - got);
    if (k == 0) break;
    got += k;
  }
  return got;
}

std::string_view decompressed_stream::peek(std::size_t n) {
  impl& s = *impl_;
  while (s.pending.size() < n) {
    const std::size_t old = s.pending.size();
    s.pending.resize(n);
    const std::size_t got = s.decoder ? s.decode(s.pending.data() + old, n - old)
                                      : s.read_raw(s.pending.data() + old, n - old);
    s.pending.resize(old + got);
    if (got == 0) break;
  }
  return std::string_view(s.pending).substr(s.pending_served);
}

std::uint64_t decompressed_stream::raw_bytes_read() const noexcept {
  return impl_->raw.bytes_read;
}

}  // namespace fenbatch::pipeline::detail
