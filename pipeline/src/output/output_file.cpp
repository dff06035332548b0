#include "fenbatch/pipeline/output_file.hpp"

#include "output/compressor.hpp"
#include "output/signals.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <charconv>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#include "fenbatch/pipeline/io_error.hpp"
#include "fenbatch/pipeline/signal_cleanup.hpp"

namespace fenbatch::pipeline {
namespace detail {
namespace {

// The number of the descriptor of this process that `path` names: /dev/stdin, /dev/stdout,
// /dev/stderr, /dev/fd/N, /proc/self/fd/N, or a symbolic link leading to one; else -1.
int descriptor_named_by(const std::string& path) {
  std::string current = path;
  for (int hop = 0; hop < 16; ++hop) {
    if (current == "/dev/stdin") return 0;
    if (current == "/dev/stdout") return 1;
    if (current == "/dev/stderr") return 2;
    for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
      if (current.size() > prefix.size() && current.compare(0, prefix.size(), prefix) == 0) {
        int fd = 0;
        const char* digits = current.data() + prefix.size();
        const char* end = current.data() + current.size();
        const auto [ptr, ec] = std::from_chars(digits, end, fd);
        return ec == std::errc() && ptr == end ? fd : -1;
      }
    }
    struct stat st {};
    if (::lstat(current.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return -1;
    char target[4096];
    const ssize_t n = ::readlink(current.c_str(), target, sizeof target - 1);
    if (n <= 0) return -1;
    std::string next(target, static_cast<std::size_t>(n));
    if (next.front() != '/') {
      const std::size_t slash = current.rfind('/');
      next = (slash == std::string::npos ? std::string() : current.substr(0, slash + 1)) + next;
    }
    current = std::move(next);
  }
  return -1;
}

constexpr std::size_t buffer_size = 1 << 20;

[[noreturn]] void fail(const char* op, const std::string& path, int error) {
  throw_io_error(op, path, error);
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

// A fresh name for the temporary: ".NAME.fenbatch-PID-RANDOM.tmp" beside the destination
// (the stale-temporary cleaning below recognises it by the process number).
std::string temporary_name(const std::string& dir, const std::string& base,
                           std::random_device& entropy) {
  char suffix[32];
  std::snprintf(suffix, sizeof suffix, "%ld-%08x", static_cast<long>(::getpid()),
                static_cast<unsigned>(entropy()));
  return dir + "/." + base + ".fenbatch-" + suffix + ".tmp";
}

// Gives the unnamed (O_TMPFILE) file `fd` the name `name`: through /proc, else AT_EMPTY_PATH
// (which older kernels allow only with CAP_DAC_READ_SEARCH). 0 or the error.
int link_unnamed(int fd, const std::string& name) {
  const std::string self = "/proc/self/fd/" + std::to_string(fd);
  if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0) return 0;
  if (errno == EEXIST) return EEXIST;
  if (::linkat(fd, "", AT_FDCWD, name.c_str(), AT_EMPTY_PATH) == 0) return 0;
  return errno;
}

// Whether the unnamed file `fd` can be given a name at prepare(): tried once now, so that a run
// never writes everything and then cannot publish. Leaves `name` set to an unused name.
bool can_link_unnamed(int fd, const std::string& dir, const std::string& base,
                      std::random_device& entropy, std::string& name) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    name = temporary_name(dir, base, entropy);
    // Registered while it exists, however briefly: a signal then removes it.
    const int slot = register_temp_file(name);
    const int error = link_unnamed(fd, name);
    if (error == 0) ::unlink(name.c_str());
    unregister_temp_file(slot);
    if (error != EEXIST) return error == 0;
  }
  return false;
}

}  // namespace

namespace {

// Temporaries of earlier runs for the same destination: ".NAME.fenbatch-PID-RANDOM.tmp".
// One whose process is gone is certainly ours and abandoned (a crash or SIGKILL): remove it.
// One whose process still runs is another run's work in progress: only mention it.
void clean_stale_temporaries(const std::string& dir, const std::string& base,
                             const std::function<void(std::string_view)>& notice) {
  const std::string prefix = "." + base + ".fenbatch-";
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return;
  while (const dirent* entry = ::readdir(d)) {
    const std::string_view name(entry->d_name);
    if (!name.starts_with(prefix) || !name.ends_with(".tmp")) continue;
    long pid = 0;
    const std::string_view rest = name.substr(prefix.size());
    if (std::from_chars(rest.data(), rest.data() + rest.size(), pid).ec != std::errc() ||
        pid <= 0) {
      continue;
    }
    const std::string path = dir + "/" + std::string(name);
    if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) {
      if (::unlink(path.c_str()) == 0 && notice) {
        notice(std::string(program_name()) + ": removed " + path +
               ", left by an interrupted run (process " + std::to_string(pid) + ")");
      }
    } else if (notice) {
      notice(std::string(program_name()) + ": note: " + path + " belongs to running process " +
             std::to_string(pid));
    }
  }
  ::closedir(d);
}

}  // namespace
}  // namespace detail

using namespace detail;

output_file::output_file(std::string path, const std::function<void(std::string_view)>& notice,
                         const output_codec& codec)
    : path_(std::move(path)),
      codec_(codec.codec == compression::automatic ? compression_for_name(path_) : codec.codec) {
  // Before anything is created: a bad level must leave nothing behind.
  if (codec_ != compression::none) {
    compressor_ = make_compressor(
        codec_, codec.level, codec.threads, [this](std::string_view data) { write_raw(data); },
        path_ == "-" ? std::string("standard output") : path_);
  }
  buffer_.reserve(buffer_size);
  if (path_ == "-") {
    fd_ = STDOUT_FILENO;
    return;
  }
  if (const int named = descriptor_named_by(path_); named >= 0) {
    // Written through a copy of the descriptor (its offset and its O_APPEND too): replacing
    // the name would replace a link in /dev, or in the caller's directory, by a regular file.
    fd_ = ::fcntl(named, F_DUPFD_CLOEXEC, 3);
    if (fd_ < 0) fail("open", path_, errno);
    owns_fd_ = true;
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
  clean_stale_temporaries(dir, base_name_of(path_), notice);
  std::random_device entropy;
  // Unnamed until prepare(), so that even SIGKILL while it is written leaves nothing behind.
  // Naming is checked first (a run must never write everything and then fail to publish), on a
  // file of its own: an unnamed file can be given a name only once.
  const int probe = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
  if (probe >= 0) {
    const bool linkable = can_link_unnamed(probe, dir, base_name_of(path_), entropy, temp_path_);
    if (::close(probe) != 0) fail("close", path_, errno);
    if (linkable) {
      fd_ = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
      if (fd_ < 0) fail("create", path_, errno);
      owns_fd_ = true;
      unnamed_ = true;
      return;
    }
  } else if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) {
    fail("create", path_, errno);
  }
  // A file system without O_TMPFILE (or without a way to name such a file): a named temporary.
  for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
    temp_path_ = temporary_name(dir, base_name_of(path_), entropy);
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
  forget_previous();
}

void output_file::discard() noexcept {
  if (owns_fd_ && fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temp_path_.empty() && !unnamed_) {
    ::unlink(temp_path_.c_str());
    unregister_temp_file(temp_slot_);
    temp_slot_ = -1;
  }
}

void output_file::write_all(std::string_view data) {
  if (compressor_) {
    compressor_->write(data);
    return;
  }
  write_raw(data);
}

void output_file::write_raw(std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd_, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("write", path_ == "-" ? std::string("standard output") : path_, errno);
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
}

void output_file::flush() {
  write_all(std::string_view(buffer_.data(), buffer_.size()));
  buffer_.clear();
}

void output_file::prepare(bool durable) {
  flush();
  if (compressor_) compressor_->finish();
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
  // Errors name the destination: the temporary name means nothing to the user.
  if (::fchmod(fd_, mode) != 0) fail("chmod", path_, errno);
  if (durable && ::fsync(fd_) != 0) fail("fsync", path_, errno);
  if (unnamed_) name_temporary();
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail("close", path_, errno);
}

// The unnamed temporary, complete and synced, gets its name for publish()'s rename; from now on
// a fatal signal removes it, as it removes a named temporary.
void output_file::name_temporary() {
  const std::string dir = directory_of(path_);
  std::random_device entropy;
  for (int attempt = 0; attempt < 100; ++attempt) {
    temp_slot_ = register_temp_file(temp_path_);
    const int error = link_unnamed(fd_, temp_path_);
    if (error == 0) {
      unnamed_ = false;
      return;
    }
    unregister_temp_file(temp_slot_);
    temp_slot_ = -1;
    if (error != EEXIST) fail("link", path_, error);
    temp_path_ = temporary_name(dir, base_name_of(path_), entropy);
  }
  fail("link", path_, EEXIST);
}

std::string output_file::name_for_writers() {
  if (temp_path_.empty()) return {};
  flush();
  if (unnamed_) name_temporary();
  return temp_path_;
}

void output_file::publish() {
  if (temp_path_.empty()) {
    committed_ = true;
    return;
  }
  // Keep what was there under a second name until the whole run is published, so a failure
  // in publishing a later file can put this one back (roll_back). linkat without
  // AT_SYMLINK_FOLLOW links a symlink itself, so that is restored as it was too.
  const std::string previous = temp_path_ + ".previous";
  if (::linkat(AT_FDCWD, path_.c_str(), AT_FDCWD, previous.c_str(), 0) == 0) {
    previous_path_ = previous;
    previous_slot_ = register_temp_file(previous_path_);
  } else if (errno != ENOENT) {
    fail("link", path_, errno);
  }
  // Until the whole run is published, a fatal signal puts the destination back too.
  rollback_slot_ = register_rollback(path_, previous_path_);
  if (::rename(temp_path_.c_str(), path_.c_str()) != 0) fail("rename", path_, errno);
  unregister_temp_file(temp_slot_);
  temp_slot_ = -1;
  temp_path_.clear();
  renamed_ = true;
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

void output_file::roll_back() noexcept {
  if (renamed_) {
    if (!previous_path_.empty()) {
      ::rename(previous_path_.c_str(), path_.c_str());
    } else {
      ::unlink(path_.c_str());
    }
    renamed_ = false;
  }
  forget_previous();
}

void output_file::keep_published() noexcept {
  unregister_rollback(rollback_slot_);
  rollback_slot_ = -1;
}

void output_file::forget_previous() noexcept {
  keep_published();
  if (previous_path_.empty()) return;
  ::unlink(previous_path_.c_str());  // (already gone after a roll_back: harmless)
  unregister_temp_file(previous_slot_);
  previous_slot_ = -1;
  previous_path_.clear();
}

}  // namespace fenbatch::pipeline
