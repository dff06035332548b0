#include "fenbatch/pipeline/output_file.hpp"

#include "base/signals.hpp"
#include "output/compressor.hpp"
#include "output/descriptor_name.hpp"
#include "output/kept_attributes.hpp"
#include "output/leftovers.hpp"
#include "output/link_target.hpp"
#include "output/mount_point.hpp"
#include "output/temporary_name.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#include "fenbatch/pipeline/io_error.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"

namespace fenbatch::pipeline {
namespace detail {
namespace {

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

}  // namespace detail

using namespace detail;

output_file::output_file(std::string path, const std::function<void(std::string_view)>& notice,
                         const output_codec& codec)
    : path_(std::move(path)),
      notice_(notice),
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
  if (const std::optional<unsigned> named = own_descriptor_behind(path_)) {
    // Written through a copy of the descriptor (its offset and its O_APPEND too): replacing
    // the name would replace a link in /dev, or in the caller's directory, by a regular file.
    fd_ = ::fcntl(static_cast<int>(*named), F_DUPFD_CLOEXEC, 3);
    if (fd_ < 0) fail("open", path_, errno);
    owns_fd_ = true;
    return;
  }
  // A symbolic link is written through: the user who points a link at a dataset means the
  // dataset. The temporary goes beside the file the link leads to (a dangling link's target is
  // created, as a shell's `>` would), and the link stays.
  target_ = link_target(path_);
  const std::string dir = directory_of(target_);
  struct stat st {};
  if (::stat(target_.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) fail("open", path_, EISDIR);
    if (!S_ISREG(st.st_mode)) {
      // /dev/null, a FIFO, a terminal: nothing to replace atomically.
      fd_ = ::open(path_.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
      if (fd_ < 0) fail("open", path_, errno);
      owns_fd_ = true;
      return;
    }
    if (is_mount_point(target_, dir)) {
      throw std::runtime_error(
          "replace: " + quoted_name(path_) +
          ": a file mounted over this name (a bind mount) cannot be replaced atomically: write "
          "to another name, then copy that over it");
    }
  }
  // Created in the destination's directory so the final rename never crosses file systems;
  // this also fails early when that directory is missing or not writable.
  directory_ = dir;
  handle_leftovers(dir, base_name_of(target_), notice);
  std::random_device entropy;
  // Unnamed until prepare(), so that even SIGKILL while it is written leaves nothing behind.
  // Naming is checked first (a run must never write everything and then fail to publish), on a
  // file of its own: an unnamed file can be given a name only once.
  const int probe = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
  if (probe >= 0) {
    const bool linkable = can_link_unnamed(probe, dir, base_name_of(target_), entropy, temp_path_);
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
    temp_path_ = temporary_name(dir, base_name_of(target_), entropy);
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
  // Owner, group and mode: the replaced file's (where this process may set them), or what a
  // plain creation would give under the umask; set before the name shows the file.
  struct stat st {};
  const bool replaces = ::stat(target_.c_str(), &st) == 0;
  // (Said once the file is published: before, it would not be true yet.)
  owner_note_ = keep_attributes(fd_, replaces ? &st : nullptr, path_);
  struct stat written {};
  if (::fstat(fd_, &written) != 0) fail("stat", path_, errno);
  new_device_ = written.st_dev;
  new_inode_ = written.st_ino;
  if (durable && ::fsync(fd_) != 0) fail("fsync", path_, errno);
  if (unnamed_) name_temporary();
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail("close", path_, errno);
}

// The unnamed temporary, complete and synced, gets its name for publish()'s rename; from now on
// a fatal signal removes it, as it removes a named temporary.
void output_file::name_temporary() {
  const std::string dir = directory_of(target_);
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
    temp_path_ = temporary_name(dir, base_name_of(target_), entropy);
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
  // Until the whole run is published, a fatal signal puts the destination back; registered
  // before any step (the handler tells by the inode whether the new file is in place yet).
  const std::string previous = temp_path_ + ".previous";
  previous_slot_ = register_temp_file(previous);
  rollback_slot_ = register_rollback(target_, previous, new_device_, new_inode_);
  // Keep what was there under a second name until the whole run is published, so a failure
  // in publishing a later file can put this one back (roll_back).
  if (::linkat(AT_FDCWD, target_.c_str(), AT_FDCWD, previous.c_str(), 0) == 0) {
    previous_path_ = previous;
  } else if (errno == EPERM || errno == EMLINK) {
    exchange_into_place(previous);
  } else if (errno != ENOENT) {
    fail("link", path_, errno);
  }
  if (!renamed_ && ::rename(temp_path_.c_str(), target_.c_str()) != 0) {
    fail("rename", path_, errno);
  }
  unregister_temp_file(temp_slot_);
  temp_slot_ = -1;
  temp_path_.clear();
  renamed_ = true;
  committed_ = true;
  // The rename is durable only once the directory entry is.
  const int dir_fd = ::open(directory_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0) fail("open", directory_, errno);
  const int synced = ::fsync(dir_fd);
  const int error = errno;
  ::close(dir_fd);
  if (synced != 0) fail("fsync", directory_, error);
}

// Where the kernel refuses a hard link of the destination (fs.protected_hardlinks: another
// user's file this process may not write; or too many links), the previous content is kept by
// swapping names: the complete temporary takes the ".previous" name, then renameat2
// (RENAME_EXCHANGE) swaps it with the destination. A kill -9 between the two leaves the new
// content under the ".previous" name, which the next run reports: nothing is lost.
void output_file::exchange_into_place(const std::string& previous) {
  const int link_error = errno;
  if (::rename(temp_path_.c_str(), previous.c_str()) != 0) fail("link", path_, link_error);
  if (::renameat2(AT_FDCWD, previous.c_str(), AT_FDCWD, target_.c_str(), RENAME_EXCHANGE) != 0) {
    const int error = errno;
    // The temporary again; else it is removed under the second name (it holds the new content).
    if (::rename(previous.c_str(), temp_path_.c_str()) != 0) previous_path_ = previous;
    fail("rename", path_, error == EINVAL ? link_error : error);
  }
  previous_path_ = previous;
  renamed_ = true;
}

void output_file::roll_back() noexcept {
  if (renamed_) {
    renamed_ = false;
    if (previous_path_.empty()) {
      ::unlink(target_.c_str());
    } else if (::rename(previous_path_.c_str(), target_.c_str()) == 0) {
      drop_previous();
    } else {
      // Never lost: the previous content stays under its second name, and the user is told.
      say("warning: could not put back the previous content of " + quoted_name(path_) +
          " (rename: " + std::strerror(errno) + "): it is in " + quoted_name(previous_path_) +
          "; rename it back over " + quoted_name(target_));
      keep_published();
      drop_previous();
      return;
    }
  }
  forget_previous();
}

void output_file::keep_published() noexcept {
  unregister_rollback(rollback_slot_);
  rollback_slot_ = -1;
  if (renamed_ && !owner_note_.empty()) say(owner_note_);
  owner_note_.clear();
}

void output_file::forget_previous() noexcept {
  keep_published();
  if (!previous_path_.empty() && ::unlink(previous_path_.c_str()) != 0 && errno != ENOENT) {
    // The run's files are published; only the old content is left over. Said, never removed
    // by a later run (see leftovers.hpp), and the run still succeeds: nothing was lost.
    say("warning: could not remove " + quoted_name(previous_path_) + " (" + std::strerror(errno) +
        "), the previous content of " + quoted_name(path_) + ", after publishing; remove it");
  }
  drop_previous();
}

void output_file::drop_previous() noexcept {
  unregister_temp_file(previous_slot_);
  previous_slot_ = -1;
  previous_path_.clear();
}

void output_file::say(const std::string& text) const noexcept {
  try {
    if (notice_) notice_(std::string(program_name()) + ": " + text);
  } catch (...) {  // (standard error failed: the program's exit status says so)
  }
}

}  // namespace fenbatch::pipeline
