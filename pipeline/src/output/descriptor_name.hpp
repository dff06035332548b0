// Names that lead to a process's open descriptors: /dev/stdout, /dev/stderr, /dev/stdin,
// /dev/fd/N, /proc/self/fd/N, /proc/thread-self/fd/N, /proc/PID/fd/N, however spelled
// (/dev//fd/1, /proc/self/fd/../fd/1) and through any chain of symbolic links to one. Under
// mpirun a rank's descriptors are not the user's: its standard output and error are pipes
// that mpirun forwards where no rank can see (into an input, maybe), and its other
// descriptors are MPI's own. fenbatch-mpi refuses such names as any of its files.
#pragma once

#include <optional>
#include <string>

namespace fenbatch::pipeline::detail {

// The descriptor `path` leads to (1 for /dev/stdout), or nothing when it leads elsewhere.
// Each name on the way is checked before it is followed: /proc/PID/fd/N is itself a link,
// to the descriptor's file ("pipe:[123]", an input's path...).
[[nodiscard]] std::optional<unsigned> descriptor_behind(const std::string& path);

}  // namespace fenbatch::pipeline::detail
