#include "output/publish_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <string>
#include <tuple>

#include "base/signals.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"

namespace fenbatch::pipeline::detail {
namespace {

struct directory_to_lock {
  dev_t device;
  ino_t inode;
  int fd;
  const std::string* name;
};

// Exclusive, waiting for another holder (after saying so); false where the file system cannot
// lock: the caller publishes unlocked.
bool lock(const directory_to_lock& d, const std::function<void(std::string_view)>& notice) {
  if (::flock(d.fd, LOCK_EX | LOCK_NB) == 0) return true;
  if (errno != EWOULDBLOCK) return false;
  if (notice) {
    notice(std::string(program_name()) +
           ": note: waiting for another run to finish publishing in " + quoted_name(*d.name));
  }
  while (::flock(d.fd, LOCK_EX) != 0) {
    if (errno != EINTR) return false;
  }
  return true;
}

}  // namespace

publish_lock::publish_lock(const std::vector<std::string>& directories,
                           const std::function<void(std::string_view)>& notice) {
  std::vector<directory_to_lock> found;
  for (const std::string& name : directories) {
    const int fd = ::open(name.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    struct stat st {};
    if (fd < 0) continue;  // (its rename fails with the real reason)
    if (::fstat(fd, &st) != 0) {
      ::close(fd);
      continue;
    }
    found.push_back({st.st_dev, st.st_ino, fd, &name});
  }
  const auto key = [](const directory_to_lock& d) { return std::tie(d.device, d.inode); };
  std::sort(
      found.begin(), found.end(),
      [&key](const directory_to_lock& a, const directory_to_lock& b) { return key(a) < key(b); });
  for (std::size_t i = 0; i < found.size(); ++i) {
    // The same directory under two names: one lock (flock on a second descriptor would wait on
    // the first).
    if (i > 0 && key(found[i]) == key(found[i - 1])) {
      ::close(found[i].fd);
    } else {
      held_.push_back(found[i].fd);
    }
  }
  try {
    for (const directory_to_lock& d : found) {
      if (std::find(held_.begin(), held_.end(), d.fd) != held_.end()) lock(d, notice);
    }
  } catch (...) {  // (the note could not be written)
    for (const int fd : held_) ::close(fd);
    throw;
  }
}

publish_lock::~publish_lock() {
  for (const int fd : held_) ::close(fd);  // (closing releases the lock)
}

}  // namespace fenbatch::pipeline::detail
