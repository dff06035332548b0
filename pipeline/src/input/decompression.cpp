#include "input/decompression.hpp"

#include <unistd.h>

#include <algorithm>
#include <boost/iostreams/filter/bzip2.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filter/lzma.hpp>
#include <boost/iostreams/filtering_streambuf.hpp>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <vector>

#include <zstd.h>

#include "fenbatch/pipeline/io_error.hpp"

namespace fenbatch::pipeline::detail {
namespace {

namespace io = boost::iostreams;

struct fd_state {
  explicit fd_state(raw_input r) : raw(std::move(r)) {}
  raw_input raw;
  std::size_t replayed = 0;  // of raw.replay, served so far
};

// Reads the file descriptor, replaying bytes already read to sniff the format first; a Boost
// Source, so decompressors can stack on it. Copies share state (Boost copies devices).
class fd_device {
 public:
  using char_type = char;
  using category = io::source_tag;

  explicit fd_device(std::shared_ptr<fd_state> s) : state_(std::move(s)) {}

  std::streamsize read(char* out, std::streamsize n) {
    fd_state& s = *state_;
    raw_input& raw = s.raw;
    if (s.replayed < raw.replay.size()) {
      const std::size_t k = std::min(static_cast<std::size_t>(n), raw.replay.size() - s.replayed);
      std::memcpy(out, raw.replay.data() + s.replayed, k);
      s.replayed += k;
      return static_cast<std::streamsize>(k);
    }
    if (raw.bytes_read >= raw.size_at_open) return -1;
    const auto want = static_cast<std::size_t>(
        std::min<std::uint64_t>(static_cast<std::uint64_t>(n), raw.size_at_open - raw.bytes_read));
    for (;;) {
      const ssize_t got = ::read(raw.fd, out, want);
      if (got > 0) {
        raw.bytes_read += static_cast<std::uint64_t>(got);
        return got;
      }
      if (got == 0) {
        if (raw.size_at_open != UINT64_MAX) {
          throw std::runtime_error("read: " + raw.path +
                                   ": input changed while reading (truncated?)");
        }
        return -1;
      }
      if (errno != EINTR) throw_io_error("read", raw.path, errno);
    }
  }

 private:
  std::shared_ptr<fd_state> state_;
};

// zstd decompression as a Boost Source over another source. Unlike Boost's own filter it keeps
// ZSTD_decompressStream's hint: at end of input a nonzero hint means the last frame is cut off.
class zstd_device {
 public:
  using char_type = char;
  using category = io::source_tag;

  zstd_device(fd_device compressed, std::string path)
      : state_(std::make_shared<state>(std::move(compressed), std::move(path))) {}

  std::streamsize read(char* out, std::streamsize n) {
    state& s = *state_;
    ZSTD_outBuffer output{out, static_cast<std::size_t>(n), 0};
    while (output.pos == 0) {
      if (s.input.pos == s.input.size) {
        if (s.input_done) break;
        const std::streamsize got =
            s.compressed.read(s.buffer.data(), static_cast<std::streamsize>(s.buffer.size()));
        if (got <= 0) {
          s.input_done = true;
          if (s.hint != 0) {
            throw std::runtime_error("read: " + s.path + ": corrupt zstd stream: truncated");
          }
          break;
        }
        s.input = {s.buffer.data(), static_cast<std::size_t>(got), 0};
      }
      const std::size_t hint = ZSTD_decompressStream(s.stream.get(), &output, &s.input);
      if (ZSTD_isError(hint) != 0) {
        throw std::runtime_error("read: " + s.path +
                                 ": corrupt zstd stream: " + ZSTD_getErrorName(hint));
      }
      s.hint = hint;
    }
    return output.pos == 0 ? -1 : static_cast<std::streamsize>(output.pos);
  }

 private:
  struct state {
    state(fd_device c, std::string p)
        : compressed(std::move(c)), path(std::move(p)), buffer(ZSTD_DStreamInSize()) {}
    fd_device compressed;
    std::string path;
    std::unique_ptr<ZSTD_DStream, std::size_t (*)(ZSTD_DStream*)> stream{ZSTD_createDStream(),
                                                                         ZSTD_freeDStream};
    std::vector<char> buffer;
    ZSTD_inBuffer input{nullptr, 0, 0};
    std::size_t hint = 0;  // 0 between frames
    bool input_done = false;
  };
  std::shared_ptr<state> state_;
};

[[noreturn]] void throw_corrupt(const std::string& path, const char* format, const char* what) {
  throw std::runtime_error("read: " + path + ": corrupt " + format + " stream: " + what);
}

}  // namespace

compression sniff_compression(std::string_view head) noexcept {
  const auto starts = [&](std::string_view magic) { return head.starts_with(magic); };
  if (starts("\x1F\x8B")) return compression::gzip;
  if (starts("BZh")) return compression::bzip2;
  if (starts(std::string_view("\xFD"
                              "7zXZ\x00",
                              6)))
    return compression::xz;
  if (starts("\x28\xB5\x2F\xFD")) return compression::zstd;
  return compression::none;
}

struct decompressed_stream::impl {
  std::shared_ptr<fd_state> fd;
  io::filtering_streambuf<io::input> stream;
};

decompressed_stream::decompressed_stream(raw_input raw, compression kind)
    : impl_(std::make_unique<impl>()) {
  impl_->fd = std::make_shared<fd_state>(std::move(raw));
  io::filtering_streambuf<io::input>& stream = impl_->stream;
  switch (kind) {
    case compression::gzip: stream.push(io::gzip_decompressor()); break;
    case compression::bzip2: stream.push(io::bzip2_decompressor()); break;
    case compression::xz: stream.push(io::lzma_decompressor()); break;
    case compression::zstd:
      stream.push(zstd_device(fd_device(impl_->fd), impl_->fd->raw.path));
      return;
    case compression::none: break;
  }
  stream.push(fd_device(impl_->fd));
}

decompressed_stream::~decompressed_stream() = default;

std::size_t decompressed_stream::read(char* out, std::size_t n) {
  try {
    const std::streamsize got = impl_->stream.sgetn(out, static_cast<std::streamsize>(n));
    return static_cast<std::size_t>(std::max<std::streamsize>(got, 0));
  } catch (const io::gzip_error& e) {
    throw_corrupt(impl_->fd->raw.path, "gzip", e.what());
  } catch (const io::bzip2_error& e) {
    throw_corrupt(impl_->fd->raw.path, "bzip2", e.what());
  } catch (const io::lzma_error& e) {
    throw_corrupt(impl_->fd->raw.path, "xz", e.what());
  }
}

std::uint64_t decompressed_stream::raw_bytes_read() const noexcept {
  return impl_->fd->raw.bytes_read;
}

}  // namespace fenbatch::pipeline::detail
