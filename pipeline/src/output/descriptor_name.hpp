// Names that lead to a process's open descriptors: /dev/stdout, /dev/stderr, /dev/stdin,
// /dev/fd/N, /proc/self/fd/N, /proc/thread-self/fd/N, /proc/PID/fd/N, however spelled
// (/dev//fd/1, /proc/self/fd/../fd/1) and through any chain of symbolic links to one.
// fenbatch writes such a destination through the descriptor (its offset, its O_APPEND), never
// by replacing the name, so it can never be an input rewritten "in place"; under mpirun a
// rank's descriptors are not the user's at all, and fenbatch-mpi refuses such names.
#pragma once

#include <optional>
#include <string>

namespace fenbatch::pipeline::detail {

// The descriptor `path` leads to (1 for /dev/stdout), of this process or another, or nothing
// when it leads elsewhere. Each name on the way is checked before it is followed:
// /proc/PID/fd/N is itself a link, to the descriptor's file ("pipe:[123]", an input's path).
[[nodiscard]] std::optional<unsigned> descriptor_behind(const std::string& path);

// The same, for this process's own descriptors only (those fenbatch can write through): the
// names above with PID this process, and /dev/stdin, /dev/stdout, /dev/stderr, /dev/fd/N and
// /proc/self/fd/N as spelled even where /proc is not mounted.
[[nodiscard]] std::optional<unsigned> own_descriptor_behind(const std::string& path);

}  // namespace fenbatch::pipeline::detail
