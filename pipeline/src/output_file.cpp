#include "output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <random>
#include <system_error>

#include "fenbatch/pipeline/run.hpp"

namespace fenbatch::pipeline {
namespace detail {
namespace {

constexpr std::size_t buffer_size = 1 << 20;

[[noreturn]] void fail(const char* op, const std::string& path, int error) {
  throw std::system_error(error, std::generic_category(), std::string(op) + ": " + path);
}

std::string directory_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string base_name_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Fixed storage the signal handler can read without allocating or locking.
constexpr std::size_t max_temp_files = 8;
constexpr std::size_t max_temp_path = 4096;
struct temp_slot {
  std::atomic<bool> used{false};
  std::array<char, max_temp_path> path{};
};
std::array<temp_slot, max_temp_files> temp_files;

void remove_temp_files() noexcept {
  for (temp_slot& slot : temp_files) {
    if (slot.used.load(std::memory_order_acquire)) ::unlink(slot.path.data());
  }
}

extern "C" void on_fatal_signal(int signal_number) {
  remove_temp_files();
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

}  // namespace

int register_temp_file(const std::string& path) noexcept {
  if (path.size() >= max_temp_path) return -1;
  for (std::size_t i = 0; i < temp_files.size(); ++i) {
    temp_slot& slot = temp_files[i];
    if (slot.used.load(std::memory_order_acquire)) continue;
    std::memcpy(slot.path.data(), path.c_str(), path.size() + 1);
    slot.used.store(true, std::memory_order_release);
    return static_cast<int>(i);
  }
  return -1;
}

void unregister_temp_file(int slot) noexcept {
  if (slot >= 0)
    temp_files[static_cast<std::size_t>(slot)].used.store(false, std::memory_order_release);
}

output_file::output_file(std::string path) : path_(std::move(path)) {
  buffer_.reserve(buffer_size);
  if (path_ == "-") {
    fd_ = STDOUT_FILENO;
    return;
  }
  struct stat st {};
  if (::stat(path_.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) fail("open", path_, EISDIR);
    if (!S_ISREG(st.st_mode)) {
      // /dev/null, a FIFO, a terminal: nothing to replace atomically.
      fd_ = ::open(path_.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
      if (fd_ < 0) fail("open", path_, errno);
      owns_fd_ = true;
      return;
    }
  }
  // Created in the destination's directory so the final rename never crosses file systems;
  // this also fails early when that directory is missing or not writable.
  const std::string dir = directory_of(path_);
  std::random_device entropy;
  for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
    char suffix[32];
    std::snprintf(suffix, sizeof suffix, "%ld-%08x", static_cast<long>(::getpid()),
                  static_cast<unsigned>(entropy()));
    temp_path_ = dir + "/." + base_name_of(path_) + ".fenbatch-" + suffix + ".tmp";
    fd_ = ::open(temp_path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    // Named by the destination: the temporary name means nothing to the user.
    if (fd_ < 0 && errno != EEXIST) fail("create", path_, errno);
  }
  if (fd_ < 0) fail("create", path_, EEXIST);
  owns_fd_ = true;
  temp_slot_ = register_temp_file(temp_path_);
}

output_file::~output_file() {
  if (!committed_) discard();
}

void output_file::discard() noexcept {
  if (owns_fd_ && fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temp_path_.empty()) {
    ::unlink(temp_path_.c_str());
    unregister_temp_file(temp_slot_);
    temp_slot_ = -1;
  }
}

void output_file::write_all(std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd_, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("write", path_, errno);
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
}

void output_file::flush() {
  write_all(std::string_view(buffer_.data(), buffer_.size()));
  buffer_.clear();
}

void output_file::prepare() {
  flush();
  if (temp_path_.empty()) {
    if (owns_fd_) {
      const int fd = fd_;
      fd_ = -1;
      if (::close(fd) != 0) fail("close", path_, errno);
    }
    return;
  }
  // Final mode: the existing file's, or what a plain creation would give under the umask.
  struct stat st {};
  mode_t mode = 0;
  if (::stat(path_.c_str(), &st) == 0) {
    mode = st.st_mode & 07777;
  } else {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  if (::fchmod(fd_, mode) != 0) fail("chmod", temp_path_, errno);
  if (::fsync(fd_) != 0) fail("fsync", temp_path_, errno);
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail("close", temp_path_, errno);
}

void output_file::publish() {
  if (temp_path_.empty()) {
    committed_ = true;
    return;
  }
  if (::rename(temp_path_.c_str(), path_.c_str()) != 0) fail("rename", path_, errno);
  unregister_temp_file(temp_slot_);
  temp_slot_ = -1;
  temp_path_.clear();
  committed_ = true;
  // The rename is durable only once the directory entry is.
  const std::string dir = directory_of(path_);
  const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0) fail("open", dir, errno);
  const int synced = ::fsync(dir_fd);
  const int error = errno;
  ::close(dir_fd);
  if (synced != 0) fail("fsync", dir, error);
}

}  // namespace detail

void install_signal_cleanup() {
  struct sigaction action {};
  action.sa_handler = detail::on_fatal_signal;
  sigemptyset(&action.sa_mask);
  for (const int s : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(s, &action, nullptr);
  std::signal(SIGXFSZ, SIG_IGN);
}

}  // namespace fenbatch::pipeline
