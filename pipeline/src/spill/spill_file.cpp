#include "spill/spill_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <vector>

#include "fenbatch/pipeline/io_error.hpp"

namespace fenbatch::pipeline::detail {
std::string temp_directory(const std::string& configured) {
  if (!configured.empty()) return configured;
  const char* tmpdir = std::getenv("TMPDIR");
  return tmpdir != nullptr && *tmpdir != '\0' ? tmpdir : "/tmp";
}

spill_file::spill_file(const std::string& directory, std::size_t buffer_bytes)
    : directory_(directory), buffer_bytes_(buffer_bytes) {
  fd_ = ::open(directory_.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd_ < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {
    // A file system without O_TMPFILE: a named file, unlinked at once.
    std::string name = directory_ + "/.fenbatch-spill-XXXXXX";
    std::vector<char> writable(name.begin(), name.end());
    writable.push_back('\0');
    fd_ = ::mkostemp(writable.data(), O_CLOEXEC);
    if (fd_ >= 0) ::unlink(writable.data());
  }
  if (fd_ < 0) throw_io_error("create temporary file", directory_);
  buffer_.reserve(buffer_bytes_);
}

spill_file::~spill_file() {
  if (fd_ >= 0) ::close(fd_);
}

void spill_file::append(std::string_view data) {
  if (buffer_.size() + data.size() > buffer_bytes_) flush();
  buffer_.append(data);
}

void spill_file::flush() {
  std::size_t done = 0;
  while (done < buffer_.size()) {
    const ssize_t n = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw_io_error("write temporary file", directory_);
    }
    done += static_cast<std::size_t>(n);
  }
  written_ += buffer_.size();
  buffer_.clear();
}

void spill_file::start_reading() {
  flush();
  if (::lseek(fd_, 0, SEEK_SET) != 0) throw_io_error("seek temporary file", directory_);
}

void spill_file::finish_writing() {
  flush();
  std::string().swap(buffer_);
}

std::size_t spill_file::read_at(std::uint64_t offset, char* out, std::size_t size) const {
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::pread(fd_, out + done, size - done, static_cast<off_t>(offset + done));
    if (n < 0) {
      if (errno == EINTR) continue;
      throw_io_error("read temporary file", directory_);
    }
    if (n == 0) break;
    done += static_cast<std::size_t>(n);
  }
  return done;
}

std::size_t spill_file::read_more(std::string& out, std::size_t capacity) {
  const std::size_t old_size = out.size();
  out.resize(old_size + capacity);
  ssize_t n = 0;
  do {
    n = ::read(fd_, out.data() + old_size, capacity);
  } while (n < 0 && errno == EINTR);
  if (n < 0) throw_io_error("read temporary file", directory_);
  out.resize(old_size + static_cast<std::size_t>(n));
  return static_cast<std::size_t>(n);
}

}  // namespace fenbatch::pipeline::detail
