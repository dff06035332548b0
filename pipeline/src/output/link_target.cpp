#include "output/link_target.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include "fenbatch/pipeline/io_error.hpp"

namespace fenbatch::pipeline::detail {

std::string link_target(const std::string& path) {
  constexpr int most_links = 40;  // Linux's MAXSYMLINKS
  std::string current = path;
  for (int hop = 0; hop <= most_links; ++hop) {
    struct stat st {};
    if (::lstat(current.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return current;
    // (A link in /proc reports no size.)
    std::string target(st.st_size > 0 ? static_cast<std::size_t>(st.st_size) + 1 : 4096, '\0');
    const ssize_t n = ::readlink(current.c_str(), target.data(), target.size());
    if (n <= 0) return current;
    target.resize(static_cast<std::size_t>(n));
    if (target.front() != '/') {
      const std::size_t slash = current.rfind('/');
      if (slash != std::string::npos) target.insert(0, current, 0, slash + 1);
    }
    current = std::move(target);
  }
  throw_io_error("open", path, ELOOP);
}

}  // namespace fenbatch::pipeline::detail
