// Where a destination's name leads: a symbolic link at the name is followed (through chains of
// links, relative targets read against the link's own directory) to the path it finally names,
// which may not exist yet (a dangling link). A user who points a link at a dataset means the
// dataset: the output is written there, and the link stays.
#pragma once

#include <string>

namespace fenbatch::pipeline::detail {

// `path` itself when it is not a symbolic link (or cannot be read as one); the final target
// otherwise. Throws std::system_error (ELOOP, through throw_io_error) after 40 links, as the
// kernel gives up.
[[nodiscard]] std::string link_target(const std::string& path);

}  // namespace fenbatch::pipeline::detail
