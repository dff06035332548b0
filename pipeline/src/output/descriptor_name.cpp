#include "output/descriptor_name.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace fenbatch::pipeline::detail {

namespace {

bool all_digits(std::string_view text) {
  if (text.empty()) return false;
  for (const char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// "/proc/PID/fd" or "/proc/PID/task/TID/fd", as realpath() gives them (/proc/self and
// /proc/thread-self resolved).
bool is_descriptor_directory(std::string_view dir) {
  if (!dir.starts_with("/proc/") || !dir.ends_with("/fd")) return false;
  std::string_view middle = dir.substr(6, dir.size() - 6 - 3);  // "PID" or "PID/task/TID"
  const std::size_t slash = middle.find('/');
  if (slash == std::string_view::npos) return all_digits(middle);
  if (!all_digits(middle.substr(0, slash))) return false;
  middle.remove_prefix(slash);
  return middle.starts_with("/task/") && all_digits(middle.substr(6));
}

// The directory of `path` with every symbolic link in it resolved, or nothing.
std::optional<std::string> real_directory(const std::string& dir) {
  const std::unique_ptr<char, decltype(&std::free)> resolved(::realpath(dir.c_str(), nullptr),
                                                             &std::free);
  if (!resolved) return std::nullopt;
  return std::string(resolved.get());
}

}  // namespace

std::optional<unsigned> descriptor_behind(const std::string& path) {
  constexpr int most_links = 40;  // Linux's MAXSYMLINKS
  std::string current = path;
  for (int hop = 0; hop <= most_links; ++hop) {
    const std::size_t slash = current.rfind('/');
    const std::string dir = slash == std::string::npos ? std::string(".")
                            : slash == 0               ? std::string("/")
                                                       : current.substr(0, slash);
    const std::string base = slash == std::string::npos ? current : current.substr(slash + 1);
    if (all_digits(base)) {
      const std::optional<std::string> real = real_directory(dir);
      if (real && is_descriptor_directory(*real)) {
        return base.size() > 9 ? ~0U : static_cast<unsigned>(std::stoul(base));
      }
    }
    struct stat st {};
    if (::lstat(current.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return std::nullopt;
    std::string target(4096, '\0');
    const ssize_t n = ::readlink(current.c_str(), target.data(), target.size());
    if (n <= 0) return std::nullopt;
    target.resize(static_cast<std::size_t>(n));
    if (target.front() != '/') target.insert(0, dir + "/");
    current = std::move(target);
  }
  return std::nullopt;  // (a loop: opening it fails, and says so)
}

}  // namespace fenbatch::pipeline::detail
