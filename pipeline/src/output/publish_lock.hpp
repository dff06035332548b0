// Publishing a run's files against other fenbatch runs: an exclusive flock on each directory the
// files are renamed in, taken in a fixed order (by device and inode, so two runs never wait on
// each other) before the first rename and held until the last kept-aside copy is removed. Two
// runs writing the same files then publish one after the other, and the files show one run's
// whole set. A lock on the directory rather than a lock file beside the outputs: the kernel
// drops it when the process ends, kill -9 included, so it leaves nothing behind and is never
// stale. Where a file system cannot lock (ENOLCK, or NFS, which locks only files open for
// writing) the files are published unlocked, as before.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace fenbatch::pipeline::detail {

class publish_lock {
 public:
  // Blocks while another run publishes in one of `directories` (after a note to `notice`).
  publish_lock(const std::vector<std::string>& directories,
               const std::function<void(std::string_view)>& notice);
  publish_lock(const publish_lock&) = delete;
  publish_lock& operator=(const publish_lock&) = delete;
  ~publish_lock();

 private:
  std::vector<int> held_;
};

}  // namespace fenbatch::pipeline::detail
