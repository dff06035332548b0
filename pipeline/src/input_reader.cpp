#include "input_reader.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <boost/iostreams/filter/bzip2.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filter/lzma.hpp>
#include <boost/iostreams/filtering_streambuf.hpp>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <system_error>

#include <zstd.h>

#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/pipeline/io_error.hpp"
#include "signals.hpp"

namespace fenbatch::pipeline::detail {
namespace {

namespace io = boost::iostreams;

[[noreturn]] void fail(const char* op, const std::string& path, int error) {
  throw_io_error(op, path, error);
}

bool is_stdin(const std::string& path) {
  return path == "-" || path == "/dev/stdin";
}

enum class compression { none, gzip, bzip2, xz, zstd };

compression sniff(std::string_view head) {
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

// Reads the file descriptor, replaying bytes already read to sniff the format first; a Boost
// Source, so decompressors can stack on it. Copies share state (Boost copies devices).
class fd_device {
 public:
  using char_type = char;
  using category = io::source_tag;

  struct state {
    int fd = -1;
    std::string path;
    std::string replay;
    std::size_t replayed = 0;
    std::uint64_t bytes_read = 0;  // on-disk bytes, for progress
    // A regular file is read up to its size at open: bytes appended meanwhile are not this
    // run's, and ending short of it means the file shrank under us.
    std::uint64_t size_at_open = UINT64_MAX;
  };

  explicit fd_device(std::shared_ptr<state> s) : state_(std::move(s)) {}

  std::streamsize read(char* out, std::streamsize n) {
    state& s = *state_;
    if (s.replayed < s.replay.size()) {
      const std::size_t k = std::min(static_cast<std::size_t>(n), s.replay.size() - s.replayed);
      std::memcpy(out, s.replay.data() + s.replayed, k);
      s.replayed += k;
      return static_cast<std::streamsize>(k);
    }
    if (s.bytes_read >= s.size_at_open) return -1;
    const auto want = static_cast<std::size_t>(
        std::min<std::uint64_t>(static_cast<std::uint64_t>(n), s.size_at_open - s.bytes_read));
    for (;;) {
      const ssize_t got = ::read(s.fd, out, want);
      if (got > 0) {
        s.bytes_read += static_cast<std::uint64_t>(got);
        return got;
      }
      if (got == 0) {
        if (s.size_at_open != UINT64_MAX) {
          throw std::runtime_error("read: " + s.path +
                                   ": input changed while reading (truncated?)");
        }
        return -1;
      }
      if (errno != EINTR) fail("read", s.path, errno);
    }
  }

 private:
  std::shared_ptr<state> state_;
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

}  // namespace

// One open input. Either a mapping (data served as views) or a byte stream.
class input_source {
 public:
  explicit input_source(int fd, const struct stat& st) noexcept : fd_(fd), opened_(st) {}
  virtual ~input_source() = default;
  input_source(const input_source&) = delete;
  input_source& operator=(const input_source&) = delete;

  // A regular file whose size or modification time differs from when it was opened: it was
  // appended to or rewritten while being read (the run processed the size seen at open).
  [[nodiscard]] bool changed_since_open() const noexcept {
    struct stat now {};
    if (!S_ISREG(opened_.st_mode) || ::fstat(fd_, &now) != 0) return false;
    return now.st_size != opened_.st_size || now.st_mtim.tv_sec != opened_.st_mtim.tv_sec ||
           now.st_mtim.tv_nsec != opened_.st_mtim.tv_nsec;
  }
  // The chunk holding `data` is done; see chunk_input::release().
  virtual void release(std::string_view /*data*/) noexcept {}
  // Appends the next part of the text to `out` (stream) or sets it (mapping); see next().
  virtual bool next(chunk_input& out, std::size_t target) = 0;
  // Streams stop after this many more text bytes (--max-bytes); mapped files are finite and
  // are cut at the chunk boundary after the limit instead.
  virtual void limit_to(std::uint64_t /*bytes*/) noexcept {}

 protected:
  int fd_;

 private:
  struct stat opened_;
};

namespace {

class mapped_source final : public input_source {
 public:
  mapped_source(int fd, const struct stat& st, const char* data, std::size_t size)
      : input_source(fd, st),
        data_(data),
        size_(size),
        mapping_slot_(register_mapped_input(data, size)) {
    if (core::bom_length(std::string_view(data_, size_)) != 0) {
      position_ = core::utf8_bom.size();
      bom_ = true;
    }
  }
  ~mapped_source() override {
    unregister_mapped_input(mapping_slot_);
    ::munmap(const_cast<char*>(data_), size_);
    ::close(fd_);
  }

  void release(std::string_view data) noexcept override {
    // Whole pages only, up to the page the next chunk starts in.
    const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    const auto begin = reinterpret_cast<std::uintptr_t>(data_);
    const auto first = std::max(begin, reinterpret_cast<std::uintptr_t>(data.data()) & ~(page - 1));
    const auto last = (reinterpret_cast<std::uintptr_t>(data.data()) + data.size()) & ~(page - 1);
    if (last > first) {
      ::madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED);
    }
  }

  bool next(chunk_input& out, std::size_t target) override {
    if (reported_ == size_) return false;  // (a file holding only a BOM still gets one chunk)
    std::size_t end = position_ + std::min(target, size_ - position_);
    if (end < size_) {
      // Extend to the end of the line: never split a line, never read past the mapping.
      const void* lf = std::memchr(data_ + end, '\n', size_ - end);
      end = lf == nullptr ? size_
                          : static_cast<std::size_t>(static_cast<const char*>(lf) - data_) + 1;
    }
    out.storage.clear();
    out.data = std::string_view(data_ + position_, end - position_);
    out.file_offset = position_;
    out.bom_skipped = bom_ && reported_ == 0;
    out.input_bytes = end - reported_;  // the BOM counts with the first chunk
    out.text_bytes = out.input_bytes;
    reported_ = end;
    position_ = end;
    return true;
  }

 private:
  const char* data_;
  std::size_t size_;
  std::size_t position_ = 0;
  std::size_t reported_ = 0;  // bytes accounted to chunks so far
  bool bom_ = false;
  int mapping_slot_;
};

class stream_source final : public input_source {
 public:
  // `head`: bytes already read from fd (replayed_from_fd) to sniff the format.
  stream_source(int fd, const struct stat& st, bool owns_fd, std::string path, std::string head,
                bool replayed_from_fd, compression kind)
      : input_source(fd, st),
        owns_fd_(owns_fd),
        device_state_(std::make_shared<fd_device::state>()) {
    device_state_->fd = fd;
    device_state_->path = std::move(path);
    // Bytes already read to sniff the format still count as read.
    device_state_->bytes_read = replayed_from_fd ? head.size() : 0;
    if (S_ISREG(st.st_mode) && st.st_size > 0) {
      device_state_->size_at_open = static_cast<std::uint64_t>(st.st_size);
    }
    device_state_->replay = std::move(head);
    switch (kind) {
      case compression::gzip: stream_.push(io::gzip_decompressor()); break;
      case compression::bzip2: stream_.push(io::bzip2_decompressor()); break;
      case compression::xz: stream_.push(io::lzma_decompressor()); break;
      case compression::zstd:
        stream_.push(zstd_device(fd_device(device_state_), device_state_->path));
        return;
      case compression::none: break;
    }
    stream_.push(fd_device(device_state_));
  }
  ~stream_source() override {
    if (owns_fd_) ::close(device_state_->fd);
  }

  bool next(chunk_input& out, std::size_t target) override {
    std::vector<char>& buffer = out.storage;
    buffer.assign(carry_.begin(), carry_.end());
    carry_.clear();
    const std::size_t limit = core::overlong_line_kept;
    bool synthetic_lf = false;
    for (;;) {
      // Fill up to the target, then cut after the last LF.
      while (!eof_ && buffer.size() < target) fill(buffer, target - buffer.size());
      if (skipping_) skip_overlong_tail(buffer);
      if (skipping_ && !eof_) continue;
      const auto last_lf = std::find(buffer.rbegin(), buffer.rend(), '\n');
      if (last_lf != buffer.rend()) {
        const auto cut = static_cast<std::size_t>(buffer.rend() - last_lf);
        carry_.assign(buffer.begin() + static_cast<std::ptrdiff_t>(cut), buffer.end());
        buffer.resize(cut);
        break;
      }
      if (eof_) break;
      // A BOM still in front of the first line is not part of it.
      const std::size_t bom =
          bom_checked_ ? 0 : core::bom_length(std::string_view(buffer.data(), buffer.size()));
      if (buffer.size() > limit + bom) {
        // A line longer than the cap: keep its first cap + 2 bytes, enough to reject it as
        // line_too_long (and to write the cap + 1 bytes rejects keep of it) even if its last
        // kept byte is a CR that line splitting would drop, and drop the rest up to its LF
        // without holding it in memory.
        const std::size_t keep = limit + 1 + bom;
        skipped_bytes_ += buffer.size() - keep;  // read already, dropped, still counted
        last_line_byte_ = buffer.back();
        buffer.resize(keep);
        // A CR here is not the line's end: keep the splitter from reading it as CRLF. The byte
        // is past what rejects keep, so nothing ever shows the stand-in.
        if (buffer.back() == '\r') buffer.back() = '?';
        buffer.push_back('\n');  // not in the input: its own LF is dropped with the tail
        synthetic_lf = true;
        skipping_ = true;
        break;
      }
      target = buffer.size() + std::max<std::size_t>(target, 1 << 16);
    }
    if (buffer.empty() && eof_ && carry_.empty() && skipped_bytes_ == 0 && tail_bytes_ == 0) {
      return false;
    }
    std::size_t start = 0;
    out.bom_skipped = false;
    if (!bom_checked_) {
      bom_checked_ = true;
      start = core::bom_length(std::string_view(buffer.data(), buffer.size()));
      out.bom_skipped = start != 0;
    }
    out.data = std::string_view(buffer.data() + start, buffer.size() - start);
    // A skipped overlong tail came before this data; bytes cut after a kept prefix come after.
    out.file_offset = text_offset_ + tail_bytes_ + start;
    out.text_bytes = buffer.size() - (synthetic_lf ? 1 : 0) + tail_bytes_ + skipped_bytes_;
    out.dropped_crlf_lines = dropped_crlf_lines_;
    text_offset_ += out.text_bytes;
    skipped_bytes_ = 0;
    tail_bytes_ = 0;
    dropped_crlf_lines_ = 0;
    out.input_bytes = device_state_->bytes_read - bytes_reported_;
    bytes_reported_ = device_state_->bytes_read;
    return true;
  }

 private:
  // At most this many more text bytes are read (the run's --max-bytes); then end of input.
  void limit_to(std::uint64_t bytes) noexcept override { budget_ = bytes; }

  void fill(std::vector<char>& buffer, std::size_t want) {
    if (budget_ == 0) {
      eof_ = true;
      return;
    }
    want = static_cast<std::size_t>(std::min<std::uint64_t>(want, budget_));
    const std::size_t old = buffer.size();
    buffer.resize(old + want);
    const std::streamsize got =
        stream_.sgetn(buffer.data() + old, static_cast<std::streamsize>(want));
    buffer.resize(old + static_cast<std::size_t>(std::max<std::streamsize>(got, 0)));
    if (got <= 0) eof_ = true;
    if (got > 0) budget_ -= static_cast<std::uint64_t>(got);
  }

  // Drops bytes of an overlong line up to and including its LF. A CR right before that LF
  // made it a CRLF line, which a mapped input counts too.
  void skip_overlong_tail(std::vector<char>& buffer) {
    const auto lf = std::find(buffer.begin(), buffer.end(), '\n');
    if (lf == buffer.end()) {
      tail_bytes_ += buffer.size();
      if (!buffer.empty()) last_line_byte_ = buffer.back();
      buffer.clear();
      return;
    }
    const char before_lf = lf == buffer.begin() ? last_line_byte_ : *(lf - 1);
    dropped_crlf_lines_ += before_lf == '\r' ? 1 : 0;
    const auto drop = static_cast<std::size_t>(lf - buffer.begin()) + 1;
    tail_bytes_ += drop;
    buffer.erase(buffer.begin(), lf + 1);
    skipping_ = false;
  }

  bool owns_fd_;
  std::shared_ptr<fd_device::state> device_state_;
  io::filtering_streambuf<io::input> stream_;
  std::vector<char> carry_;
  bool eof_ = false;
  bool skipping_ = false;
  bool bom_checked_ = false;
  std::uint64_t text_offset_ = 0;
  std::uint64_t skipped_bytes_ = 0;       // cut after an overlong line's kept prefix, this chunk
  std::uint64_t tail_bytes_ = 0;          // of an overlong line's tail, skipped before this data
  std::uint64_t dropped_crlf_lines_ = 0;  // overlong lines whose dropped tail ended in CRLF
  char last_line_byte_ = 0;               // last byte of an overlong line read so far
  std::uint64_t bytes_reported_ = 0;      // on-disk bytes accounted to chunks so far
  std::uint64_t budget_ = UINT64_MAX;
};

struct opened_input {
  int fd = -1;
  bool owns_fd = false;
  struct stat st {};
};

opened_input open_input(const std::string& path, const input_options& options) {
  opened_input in;
  if (is_stdin(path)) {
    in.fd = STDIN_FILENO;
  } else {
    in.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (in.fd < 0) fail("open", path, errno);
    in.owns_fd = true;
  }
  if (::fstat(in.fd, &in.st) != 0) {
    const int error = errno;
    if (in.owns_fd) ::close(in.fd);
    fail("stat", path, error);
  }
  int refuse = 0;
  if (S_ISDIR(in.st.st_mode)) refuse = EISDIR;
  if (!is_stdin(path) && !options.allow_special_files &&
      (S_ISCHR(in.st.st_mode) || S_ISBLK(in.st.st_mode))) {
    refuse = ENODEV;
  }
  if (refuse != 0) {
    if (in.owns_fd) ::close(in.fd);
    if (refuse == ENODEV) {
      throw std::runtime_error("open: " + path +
                               ": is a device (use --allow-special to read it anyway)");
    }
    fail("open", path, refuse);
  }
  return in;
}

// Reads up to n bytes from the start of a stream (fewer at end of input).
std::string read_head(int fd, const std::string& path, std::size_t n) {
  std::string head(n, '\0');
  std::size_t got = 0;
  while (got < n) {
    const ssize_t k = ::read(fd, head.data() + got, n - got);
    if (k == 0) break;
    if (k < 0) {
      if (errno == EINTR) continue;
      fail("read", path, errno);
    }
    got += static_cast<std::size_t>(k);
  }
  head.resize(got);
  return head;
}

constexpr std::size_t wide_text_sample_size = 512;

// UTF-16 or UTF-32 text: a byte-order mark (FF FE, FE FF, 00 00 FE FF), or, in a longer sample,
// zero bytes at nearly every offset but one in each group of 2 (UTF-16) or 4 (UTF-32) while
// that one holds printable ASCII. Read as bytes it would be millions of invalid lines; better
// to say what it is.
bool looks_like_wide_text(std::string_view head) {
  if (head.starts_with("\xFF\xFE") || head.starts_with("\xFE\xFF") ||
      head.starts_with(std::string_view("\0\0\xFE\xFF", 4))) {
    return true;
  }
  if (head.size() < 32) return false;
  for (const std::size_t width : {std::size_t{2}, std::size_t{4}}) {
    std::array<std::size_t, 4> zeros{};
    std::array<std::size_t, 4> printable{};
    for (std::size_t i = 0; i < head.size(); ++i) {
      const auto c = static_cast<unsigned char>(head[i]);
      zeros[i % width] += c == 0 ? 1 : 0;
      printable[i % width] += (c >= 0x20 && c < 0x7F) || c == '\n' || c == '\r' || c == '\t';
    }
    const std::size_t per_offset = head.size() / width;
    for (std::size_t text = 0; text < width; ++text) {
      bool wide = printable[text] * 10 >= per_offset * 9;
      for (std::size_t other = 0; other < width && wide; ++other) {
        if (other != text) wide = zeros[other] * 10 >= per_offset * 9;
      }
      if (wide) return true;
    }
  }
  return false;
}

void refuse_wide_text(std::string_view head, const opened_input& in, const std::string& path) {
  if (!looks_like_wide_text(head)) return;
  if (in.owns_fd) ::close(in.fd);
  throw std::runtime_error("read: " + path +
                           ": input looks like UTF-16 or UTF-32; convert it to UTF-8 (iconv -f "
                           "UTF-16 -t UTF-8)");
}

// The first bytes of a regular file, without moving its offset.
std::string read_prefix(const opened_input& in, const std::string& path, std::size_t n) {
  std::string head(n, '\0');
  const ssize_t got = ::pread(in.fd, head.data(), n, 0);
  if (got < 0) {
    const int error = errno;
    if (in.owns_fd) ::close(in.fd);
    fail("read", path, error);
  }
  head.resize(static_cast<std::size_t>(got));
  return head;
}

std::shared_ptr<input_source> make_source(const std::string& path, const input_options& options) {
  opened_input in = open_input(path, options);
  constexpr std::size_t magic_size = 6;
  const bool regular = S_ISREG(in.st.st_mode) && in.st.st_size > 0;
  if (regular) {
    const std::string head = read_prefix(in, path, wide_text_sample_size);
    const compression kind = sniff(std::string_view(head).substr(0, magic_size));
    if (kind == compression::none) refuse_wide_text(head, in, path);
    if (kind == compression::none && options.use_mmap) {
      const auto size = static_cast<std::size_t>(in.st.st_size);
      void* map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, in.fd, 0);
      if (map != MAP_FAILED) {
        ::madvise(map, size, MADV_SEQUENTIAL);
        if (!in.owns_fd) in.fd = ::dup(in.fd);
        return std::make_shared<mapped_source>(in.fd, in.st, static_cast<const char*>(map), size);
      }
      // Address-space limits and odd file systems: read instead.
    }
    ::posix_fadvise(in.fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    return std::make_shared<stream_source>(in.fd, in.st, in.owns_fd, path, std::string(), false,
                                           kind);
  }
  // Pipes, FIFOs, stdin, /proc files (size 0 but content): sniff by reading, then replay.
  std::string head = read_head(in.fd, path, wide_text_sample_size);
  const compression kind = sniff(std::string_view(head).substr(0, magic_size));
  if (kind == compression::none) refuse_wide_text(head, in, path);
  return std::make_shared<stream_source>(in.fd, in.st, in.owns_fd, path, std::move(head), true,
                                         kind);
}

}  // namespace

void chunk_input::release() noexcept {
  if (source) source->release(data);
  source.reset();
}

input_reader::input_reader(std::vector<std::string> paths, input_options options)
    : paths_(std::move(paths)), options_(options) {
  bool sizes_known = true;
  for (const std::string& path : paths_) {
    if (is_stdin(path)) {
      sizes_known = false;
      continue;
    }
    // stat, not open: opening a FIFO now and again later would cut its writer off.
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) fail("open", path, errno);
    if (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode) || S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) {
      opened_input in = open_input(path, options_);  // readable? a directory? a device?
      if (in.owns_fd) ::close(in.fd);
    }
    if (S_ISREG(st.st_mode) && st.st_size > 0) {
      total_bytes_ += static_cast<std::uint64_t>(st.st_size);
    } else {
      sizes_known = false;
    }
  }
  if (!sizes_known) total_bytes_ = 0;
}

input_reader::~input_reader() = default;

bool input_reader::next(chunk_input& out, std::size_t target) {
  while (current_ < paths_.size() && !stopped_) {
    if (!source_) {
      source_ = make_source(paths_[current_], options_);
      if (options_.max_bytes != 0) source_->limit_to(options_.max_bytes - text_bytes_);
    }
    try {
      if (options_.max_bytes != 0) {
        target = static_cast<std::size_t>(std::min<std::uint64_t>(
            target, std::max<std::uint64_t>(options_.max_bytes - text_bytes_, 1)));
      }
      if (source_->next(out, target)) {
        out.file_index = current_;
        out.source = source_;
        text_bytes_ += out.text_bytes;
        if (options_.max_bytes != 0 && text_bytes_ >= options_.max_bytes) stopped_ = true;
        return true;
      }
      if (source_->changed_since_open()) changed_.push_back(paths_[current_]);
    } catch (const io::gzip_error& e) {
      throw std::runtime_error("read: " + paths_[current_] + ": corrupt gzip stream: " + e.what());
    } catch (const io::bzip2_error& e) {
      throw std::runtime_error("read: " + paths_[current_] + ": corrupt bzip2 stream: " + e.what());
    } catch (const io::lzma_error& e) {
      throw std::runtime_error("read: " + paths_[current_] + ": corrupt xz stream: " + e.what());
    }
    source_.reset();
    ++current_;
  }
  return false;
}

}  // namespace fenbatch::pipeline::detail
