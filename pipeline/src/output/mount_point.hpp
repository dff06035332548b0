// A destination that is a mount point (a file bind-mounted over the name) cannot be replaced by
// a rename: the kernel refuses it (EXDEV, or EBUSY), and only after the whole run. Found when the
// destination is opened, so the run is refused before any work.
#pragma once

#include <string>

namespace fenbatch::pipeline::detail {

// Whether the existing file at `path` (not a symbolic link) is the root of a mount: the
// statx attribute (Linux 5.8), else a mount id or a device that differs from its directory's.
[[nodiscard]] bool is_mount_point(const std::string& path, const std::string& directory);

}  // namespace fenbatch::pipeline::detail
