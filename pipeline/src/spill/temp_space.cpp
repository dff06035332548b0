#include "spill/temp_space.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "fenbatch/pipeline/binary_size.hpp"
#include "fenbatch/pipeline/config_error.hpp"
#include "fenbatch/pipeline/io_error.hpp"

namespace fenbatch::pipeline::detail {
namespace {

[[noreturn]] void refuse(const std::string& directory, const std::string& reason) {
  throw config_error("cannot use temporary directory " + directory + ": " + reason);
}

// A file in `directory` as spill_file makes one, closed again at once; errno when none can be.
int try_unnamed_file(const std::string& directory) {
  int fd = ::open(directory.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {
    std::string name = directory + "/.fenbatch-check-XXXXXX";
    std::vector<char> writable(name.begin(), name.end());
    writable.push_back('\0');
    fd = ::mkostemp(writable.data(), O_CLOEXEC);
    if (fd >= 0) ::unlink(writable.data());
  }
  if (fd < 0) return errno;
  ::close(fd);
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
