#include "spill/temp_space.hpp"

#include <sys/stat.h>
#include <sys/statvfs.h>

#include <cerrno>
#include <cstring>
#include <system_error>

#include "fenbatch/pipeline/binary_size.hpp"
#include "fenbatch/pipeline/config_error.hpp"
#include "fenbatch/pipeline/io_error.hpp"
#include "spill/spill_file.hpp"

namespace fenbatch::pipeline::detail {
namespace {

[[noreturn]] void refuse(const std::string& directory, const std::string& reason) {
  throw config_error("cannot use temporary directory " + directory + ": " + reason);
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

}  // namespace

void check_temp_dir(const std::string& directory) {
  struct stat info {};
  if (::stat(directory.c_str(), &info) != 0) refuse(directory, std::strerror(errno));
  if (!S_ISDIR(info.st_mode)) refuse(directory, "not a directory");
  if (const int error = try_unnamed_file(directory); error != 0) {
    refuse(directory, std::string("cannot create a file there: ") + std::strerror(error));
  }
}

std::uint64_t free_bytes(const std::string& directory) {
  struct statvfs fs {};
  if (::statvfs(directory.c_str(), &fs) != 0) throw_io_error("statvfs", directory);
  return static_cast<std::uint64_t>(fs.f_bavail) * static_cast<std::uint64_t>(fs.f_frsize);
}

void check_free_space(const std::string& directory, std::uint64_t needed_bytes) {
  const std::uint64_t available = free_bytes(directory);
  if (needed_bytes <= available) return;
  refuse(directory, "the run needs about " + binary_size(needed_bytes) +
                        " of temporary files and it has " + binary_size(available) + " free");
}

}  // namespace fenbatch::pipeline::detail
