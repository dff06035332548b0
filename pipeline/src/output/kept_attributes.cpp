#include "output/kept_attributes.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <string>

#include "fenbatch/pipeline/io_error.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// EPERM: not root and not the owner's to give away; EINVAL: an id this user namespace cannot
// map (a run under unshare -r).
bool not_permitted(int error) {
  return error == EPERM || error == EINVAL;
}

std::string octal(mode_t mode) {
  char text[16];
  std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode));
  return text;
}

}  // namespace

std::string keep_attributes(int fd, const struct stat* replaced, const std::string& shown) {
  if (replaced == nullptr) {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    if (::fchmod(fd, 0666 & ~mask) != 0) throw_io_error("chmod", shown);
    return {};
  }
  struct stat mine {};
  if (::fstat(fd, &mine) != 0) throw_io_error("stat", shown);
  bool owner_kept = mine.st_uid == replaced->st_uid;
  bool group_kept = mine.st_gid == replaced->st_gid;
  if (!owner_kept || !group_kept) {
    // Owner and group at once (root); else the group alone (one the runner belongs to).
    if (::fchown(fd, replaced->st_uid, replaced->st_gid) == 0) {
      owner_kept = group_kept = true;
    } else if (!not_permitted(errno)) {
      throw_io_error("chown", shown);
    } else if (!group_kept) {
      if (::fchown(fd, static_cast<uid_t>(-1), replaced->st_gid) == 0) {
        group_kept = true;
      } else if (!not_permitted(errno)) {
        throw_io_error("chown", shown);
      }
    }
  }
  // After fchown, which clears the set-ID bits. Those of an owner or group not kept would
  // hand the runner's identity to whoever runs the file: dropped.
  mode_t mode = replaced->st_mode & 07777;
  if (!owner_kept) mode &= ~mode_t{S_ISUID};
  if (!group_kept) mode &= ~mode_t{S_ISGID};
  if (::fchmod(fd, mode) != 0) throw_io_error("chmod", shown);
  if (owner_kept && group_kept) return {};
  const mode_t before = replaced->st_mode & 07777;
  return "note: " + quoted_name(shown) + ": its owner (user " + std::to_string(replaced->st_uid) +
         ", group " + std::to_string(replaced->st_gid) +
         ") could not be kept (not permitted); it is now owned by user " +
         std::to_string(owner_kept ? replaced->st_uid : mine.st_uid) + ", group " +
         std::to_string(group_kept ? replaced->st_gid : mine.st_gid) + ", with its mode " +
         octal(before) + " kept" +
         (mode == before ? "" : " less the set-ID bits (" + octal(mode) + ")");
}

}  // namespace fenbatch::pipeline::detail
