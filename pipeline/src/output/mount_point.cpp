#include "output/mount_point.hpp"

#include <fcntl.h>
#include <sys/stat.h>

#include <string>

namespace fenbatch::pipeline::detail {

bool is_mount_point(const std::string& path, const std::string& directory) {
  struct statx file {};
  struct statx parent {};
  constexpr unsigned wanted = STATX_BASIC_STATS | STATX_MNT_ID;
  if (::statx(AT_FDCWD, path.c_str(), AT_SYMLINK_NOFOLLOW, wanted, &file) != 0) return false;
  if ((file.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) != 0) {
    return (file.stx_attributes & STATX_ATTR_MOUNT_ROOT) != 0;
  }
  if (::statx(AT_FDCWD, directory.c_str(), 0, wanted, &parent) != 0) return false;
  if ((file.stx_mask & parent.stx_mask & STATX_MNT_ID) != 0) {
    return file.stx_mnt_id != parent.stx_mnt_id;
  }
  return file.stx_dev_major != parent.stx_dev_major || file.stx_dev_minor != parent.stx_dev_minor;
}

}  // namespace fenbatch::pipeline::detail
