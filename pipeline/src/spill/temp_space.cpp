#include "spill/temp_space.hpp"

#include <sys/stat.h>
#include <sys/statvfs.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <system_error>

#include "fenbatch/pipeline/binary_size.hpp"
#include "fenbatch/pipeline/config_error.hpp"
#include "fenbatch/pipeline/io_error.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "spill/spill_file.hpp"

namespace fenbatch::pipeline::detail {
namespace {

[[noreturn]] void refuse(const std::string& directory, const std::string& reason) {
  throw config_error("cannot use temporary directory " + quoted_name(directory) + ": " + reason);
}

// A file in `directory` made as every temporary file is (spill_file), gone again at once;
// errno when none can be made.
int try_unnamed_file(const std::string& directory) {
  try {
    const spill_file probe(directory, 0);
  } catch (const std::system_error& e) {
    return e.code().value();
  }
  return 0;
}

// Why `directory` cannot hold temporary files, or "".
std::string unusable(const std::string& directory) {
  struct stat info {};
  if (::stat(directory.c_str(), &info) != 0) return std::strerror(errno);
  if (!S_ISDIR(info.st_mode)) return "not a directory";
  if (const int error = try_unnamed_file(directory); error != 0) {
    return std::string("cannot create a file there: ") + std::strerror(error);
  }
  return "";
}

}  // namespace

void check_temp_dir(const std::string& directory) {
  if (const std::string reason = unusable(directory); !reason.empty()) refuse(directory, reason);
}

void check_run_temp_dir(const std::string& configured) {
  const std::string directory = temp_directory(configured);
  const std::string reason = unusable(directory);
  if (reason.empty()) return;
  const char* tmpdir = std::getenv("TMPDIR");
  const bool from_tmpdir = configured.empty() && tmpdir != nullptr && *tmpdir != '\0';
  std::string origin = "the default, as $TMPDIR is not set";
  std::string fix = "give --temp-dir DIR";
  if (!configured.empty()) {
    origin = "given by --temp-dir";
    fix = "give --temp-dir a directory that exists and can be written, or leave it out";
  } else if (from_tmpdir) {
    origin = "from $TMPDIR";
    fix = "set TMPDIR to a directory that exists and can be written, or give --temp-dir DIR";
  }
  throw config_error("cannot use temporary directory " + quoted_name(directory) + " (" + origin +
                     "): " + reason + "; " + fix);
}

std::uint64_t free_bytes(const std::string& directory) {
  struct statvfs fs {};
  if (::statvfs(directory.c_str(), &fs) != 0) {
    throw_io_error("free space of temporary directory", directory);
  }
  return static_cast<std::uint64_t>(fs.f_bavail) * static_cast<std::uint64_t>(fs.f_frsize);
}

void check_free_space(const std::string& directory, std::uint64_t needed_bytes) {
  const std::uint64_t available = free_bytes(directory);
  if (needed_bytes <= available) return;
  refuse(directory, "the run needs about " + binary_size(needed_bytes) +
                        " of temporary files and it has " + binary_size(available) + " free");
}

}  // namespace fenbatch::pipeline::detail
