#include "output/descriptor_name.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <charconv>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

namespace fenbatch::pipeline::detail {
namespace {

bool all_digits(std::string_view text) {
  if (text.empty()) return false;
  for (const char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// The process whose descriptor directory `dir` is, as realpath() gives it: "/proc/PID/fd" or
// "/proc/PID/task/TID/fd" (/proc/self, /proc/thread-self and /dev/fd resolved); 0 for any
// other directory.
long descriptor_directory_owner(std::string_view dir) {
  if (!dir.starts_with("/proc/") || !dir.ends_with("/fd")) return 0;
  std::string_view middle = dir.substr(6, dir.size() - 6 - 3);  // "PID" or "PID/task/TID"
  const std::size_t slash = middle.find('/');
  const std::string_view pid = middle.substr(0, slash);
  if (!all_digits(pid)) return 0;
  if (slash != std::string_view::npos) {
    middle.remove_prefix(slash);
    if (!middle.starts_with("/task/") || !all_digits(middle.substr(6))) return 0;
  }
  long owner = 0;
  const auto [ptr, error] = std::from_chars(pid.data(), pid.data() + pid.size(), owner);
  return error == std::errc() && ptr == pid.data() + pid.size() ? owner : 0;
}

// The directory `dir` with every symbolic link in it resolved, or nothing.
std::optional<std::string> real_directory(const std::string& dir) {
  const std::unique_ptr<char, decltype(&std::free)> resolved(::realpath(dir.c_str(), nullptr),
                                                             &std::free);
  if (!resolved) return std::nullopt;
  return std::string(resolved.get());
}

unsigned descriptor_number(std::string_view digits) {
  unsigned fd = ~0U;  // (more digits than a descriptor has: no descriptor of ours)
  if (digits.size() <= 9) std::from_chars(digits.data(), digits.data() + digits.size(), fd);
  return fd;
}

// The descriptor these names stand for by their spelling alone.
std::optional<unsigned> spelled_descriptor(std::string_view path) {
  if (path == "/dev/stdin") return 0U;
  if (path == "/dev/stdout") return 1U;
  if (path == "/dev/stderr") return 2U;
  for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    if (path.starts_with(prefix) && all_digits(path.substr(prefix.size()))) {
      return descriptor_number(path.substr(prefix.size()));
    }
  }
  return std::nullopt;
}

// Follows `path` link by link until a name is in a descriptor directory of a process that
// `accepts` (by its number) or, with `spelled`, is spelled as one of this process's.
template <typename Accepts>
std::optional<unsigned> walk_to_descriptor(const std::string& path, bool spelled,
                                           const Accepts& accepts) {
  constexpr int most_links = 40;  // Linux's MAXSYMLINKS
  std::string current = path;
  for (int hop = 0; hop <= most_links; ++hop) {
    if (spelled) {
      if (const std::optional<unsigned> fd = spelled_descriptor(current)) return fd;
    }
    const std::size_t slash = current.rfind('/');
    const std::string dir = slash == std::string::npos ? std::string(".")
                            : slash == 0               ? std::string("/")
                                                       : current.substr(0, slash);
    const std::string base = slash == std::string::npos ? current : current.substr(slash + 1);
    if (all_digits(base)) {
      const std::optional<std::string> real = real_directory(dir);
      if (real && accepts(descriptor_directory_owner(*real))) return descriptor_number(base);
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

}  // namespace

std::optional<unsigned> descriptor_behind(const std::string& path) {
  return walk_to_descriptor(path, true, [](long owner) { return owner != 0; });
}

std::optional<unsigned> own_descriptor_behind(const std::string& path) {
  const long self = static_cast<long>(::getpid());
  return walk_to_descriptor(path, true, [self](long owner) { return owner == self; });
}

}  // namespace fenbatch::pipeline::detail
