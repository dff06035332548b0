#include "input/input_opening.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <string_view>

#include "fenbatch/pipeline/io_error.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "input/decompression.hpp"
#include "input/mapped_source.hpp"
#include "input/stream_source.hpp"
#include "input/wide_text.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// Reads up to n bytes from the start of a stream (fewer at end of input).
std::string read_head(int fd, const std::string& path, std::size_t n) {
  std::string head(n, '\0');
  std::size_t got = 0;
  while (got < n) {
    const ssize_t k = ::read(fd, head.data() + got, n - got);
    if (k == 0) break;
    if (k < 0) {
      if (errno == EINTR) continue;
      throw_io_error("read", path, errno);
    }
    got += static_cast<std::size_t>(k);
  }
  head.resize(got);
  return head;
}

// The first bytes of a regular file, without moving its offset.
std::string read_prefix(const opened_input& in, const std::string& path, std::size_t n) {
  std::string head(n, '\0');
  const ssize_t got = ::pread(in.fd, head.data(), n, 0);
  if (got < 0) {
    const int error = errno;
    if (in.owns_fd) ::close(in.fd);
    throw_io_error("read", path, error);
  }
  head.resize(static_cast<std::size_t>(got));
  return head;
}

// The plain-text refusal of wide_text.hpp, closing the input first.
void refuse_wide_plain_text(std::string_view head, const opened_input& in,
                            const std::string& path) {
  try {
    refuse_wide_text(head, path);
  } catch (...) {
    if (in.owns_fd) ::close(in.fd);
    throw;
  }
}

// open(2) fails on a UNIX socket (ENXIO), which says nothing a user recognises.
[[noreturn]] void throw_open_error(const std::string& path, int error) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISSOCK(st.st_mode)) {
    throw std::runtime_error("open: " + quoted_name(path) +
                             ": is a socket, which cannot be read as a file (send its data "
                             "through a pipe or standard input instead)");
  }
  throw_io_error("open", path, error);
}

}  // namespace

bool is_stdin(const std::string& path) noexcept {
  return path == "-" || path == "/dev/stdin";
}

opened_input open_input(const std::string& path, const input_options& options) {
  opened_input in;
  if (is_stdin(path)) {
    in.fd = STDIN_FILENO;
  } else {
    in.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (in.fd < 0) throw_open_error(path, errno);
    in.owns_fd = true;
  }
  if (::fstat(in.fd, &in.st) != 0) {
    const int error = errno;
    if (in.owns_fd) ::close(in.fd);
    throw_io_error("stat", path, error);
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
      throw std::runtime_error("open: " + quoted_name(path) +
                               ": is a device (use --allow-special to read it anyway)");
    }
    throw_io_error("open", path, refuse);
  }
  return in;
}

namespace {

// Only a mapping can start at a line in the middle (the planner of a distributed run gives
// every other input whole). Reached when the file changed since it was planned (compressed,
// emptied, replaced), or when it could not be mapped.
void refuse_partial_reading(const opened_input& in, const std::string& path,
                            const input_range& range) {
  if (range.whole()) return;
  if (in.owns_fd) ::close(in.fd);
  throw std::runtime_error("read: " + quoted_name(path) +
                           ": cannot be read in part (only an uncompressed regular file that "
                           "can be mapped can; did it change, or run out of address space?)");
}

}  // namespace

std::shared_ptr<input_source> make_source(const std::string& path, const input_options& options,
                                          const input_range& range) {
  opened_input in = open_input(path, options);
  const bool regular = S_ISREG(in.st.st_mode) && in.st.st_size > 0;
  if (regular) {
    const std::string head = read_prefix(in, path, wide_text_sample_size);
    const compression kind =
        sniff_compression(std::string_view(head).substr(0, compression_magic_size));
    if (kind == compression::none) refuse_wide_plain_text(head, in, path);
    if (kind == compression::none && options.use_mmap) {
      const auto size = static_cast<std::size_t>(in.st.st_size);
      void* map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, in.fd, 0);
      if (map != MAP_FAILED) {
        ::madvise(map, size, MADV_SEQUENTIAL);
        if (!in.owns_fd) in.fd = ::dup(in.fd);
        return std::make_shared<mapped_source>(in.fd, in.st, static_cast<const char*>(map), size,
                                               range, options.record_ends);
      }
      // Address-space limits and odd file systems: read instead.
    }
    refuse_partial_reading(in, path, range);
    ::posix_fadvise(in.fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    return std::make_shared<stream_source>(in.fd, in.st, in.owns_fd, path, std::string(), false,
                                           kind, options.record_ends);
  }
  refuse_partial_reading(in, path, range);
  // Pipes, FIFOs, stdin, /proc files (size 0 but content): sniff by reading, then replay.
  std::string head = read_head(in.fd, path, wide_text_sample_size);
  const compression kind =
      sniff_compression(std::string_view(head).substr(0, compression_magic_size));
  if (kind == compression::none) refuse_wide_plain_text(head, in, path);
  return std::make_shared<stream_source>(in.fd, in.st, in.owns_fd, path, std::move(head), true,
                                         kind, options.record_ends);
}

}  // namespace fenbatch::pipeline::detail
