// What a path names, for comparing the paths a run reads and writes: the file it leads to
// (device and inode, whatever name, link or descriptor leads there), or, where no file exists
// yet, the name it would be created under.
#pragma once

#include <sys/types.h>

#include <string>

namespace fenbatch::pipeline::detail {

struct file_identity {
  bool exists = false;
  dev_t device = 0;
  ino_t inode = 0;
  mode_t mode = 0;
  std::string resolved;  // where no file exists: the directory's real path + "/" + base name
};

// What `path` names; "-" is the descriptor `standard_fd` (a closed one names nothing). A
// dangling symbolic link names the file its final target would be (link_target.hpp): that is
// where fenbatch creates it.
[[nodiscard]] file_identity identify(const std::string& path, int standard_fd);

// The same existing file, or the same name not yet created.
[[nodiscard]] bool same_file(const file_identity& a, const file_identity& b);

}  // namespace fenbatch::pipeline::detail
