// What a replaced file keeps: the temporary that replaces an existing file gets its owner, group
// and mode (set on the temporary before the rename, so the name never shows other ones), where
// the process may set them. A process that may not (not root, the file another user's) still
// keeps the mode, less the set-ID bits of an owner or group it could not keep, and says so.
// A new file gets the mode a plain creation would give: 0666 & ~umask.
#pragma once

#include <sys/stat.h>

#include <string>

namespace fenbatch::pipeline::detail {

// Sets owner, group and mode of the open temporary `fd` from `replaced` (null: a new file).
// Returns a one-line note (without the program's name) where the owner or group could not be
// kept, else empty. Throws an I/O error naming `shown` on any other failure.
[[nodiscard]] std::string keep_attributes(int fd, const struct stat* replaced,
                                          const std::string& shown);

}  // namespace fenbatch::pipeline::detail
