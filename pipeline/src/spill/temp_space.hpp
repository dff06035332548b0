// The temporary directory, checked before a run reads anything: that it can hold the run's
// unnamed temporary files (spill_file), and how much room it has. A directory that cannot serve
// is a configuration that cannot run (config_error, a usage error), reported before any work
// instead of as a failed write in the middle of a pass.
#pragma once

#include <cstdint>
#include <string>

namespace fenbatch::pipeline::detail {

// Throws config_error naming `directory` and the reason unless it exists, is a directory, and
// an unnamed file can be created in it the way spill_file creates one (O_TMPFILE, else a
// named file unlinked at once; the test file is gone again on return).
void check_temp_dir(const std::string& directory);

// check_temp_dir for the run's temporary directory, temp_directory(configured): the message
// also says where the directory came from (--temp-dir, $TMPDIR, or the default /tmp) and how
// to choose another, since a $TMPDIR set long ago is not on the command line the user reads.
void check_run_temp_dir(const std::string& configured);

// The bytes an unprivileged process may still write in `directory`'s file system (statvfs:
// f_bavail * f_frsize). Throws an I/O error when the file system does not say.
[[nodiscard]] std::uint64_t free_bytes(const std::string& directory);

// Throws config_error when `needed_bytes` (an estimate of what the run will write there) is
// more than free_bytes(directory), naming the directory and both sizes.
void check_free_space(const std::string& directory, std::uint64_t needed_bytes);

}  // namespace fenbatch::pipeline::detail
