#include "output/destination_identity.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <charconv>
#include <cstddef>
#include <exception>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#include "output/link_target.hpp"

namespace fenbatch::pipeline::detail {
namespace {

file_identity identity_of(const struct stat& st) {
  return {true, st.st_dev, st.st_ino, st.st_mode, {}};
}

// The name a new file at `path` gets: its directory through realpath (symlinked directories,
// "./x" and "x", "d/../x"), then the base name. A missing directory: the path made absolute
// and normalized lexically (opening it fails later, with its own message).
std::string resolved_name(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path name(path);
  const fs::path base = name.filename();
  std::error_code error;
  const fs::path directory =
      fs::canonical(name.has_parent_path() ? name.parent_path() : ".", error);
  if (!error && !base.empty() && base != "." && base != "..") return (directory / base).string();
  return fs::absolute(name, error).lexically_normal().string();
}

// "/proc/self/fd" and "/dev/fd" resolve to "/proc/PID/fd"; a thread's to
// "/proc/PID/task/TID/fd".
bool is_descriptor_directory(const std::string& directory) {
  const std::string proc = "/proc/";
  const std::string fd = "/fd";
  return directory.size() > proc.size() + fd.size() && directory.rfind(proc, 0) == 0 &&
         directory.compare(directory.size() - fd.size(), fd.size(), fd) == 0;
}

// The descriptor a name spells: /dev/stdin, /dev/stdout, /dev/stderr, /dev/fd/N,
// /proc/self/fd/N; -1 for any other name.
int spelled_descriptor(const std::string& path) {
  if (path == "/dev/stdin") return 0;
  if (path == "/dev/stdout") return 1;
  if (path == "/dev/stderr") return 2;
  for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    if (path.size() > prefix.size() && path.compare(0, prefix.size(), prefix) == 0) {
      int fd = -1;
      const char* end = path.data() + path.size();
      const auto [ptr, error] = std::from_chars(path.data() + prefix.size(), end, fd);
      return error == std::errc() && ptr == end ? fd : -1;
    }
  }
  return -1;
}

// The directory holding `path`'s last component, through realpath; empty when it cannot be
// resolved.
std::string real_directory_of(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path name(path);
  std::error_code error;
  const fs::path directory =
      fs::canonical(name.has_parent_path() ? name.parent_path() : ".", error);
  return error ? std::string() : directory.string();
}

// The path a symbolic link at `path` points to (relative targets read against the link's own
// directory), or empty when `path` is not a link.
std::string next_link(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return {};
  std::string target(4096, '\0');
  const ssize_t n = ::readlink(path.c_str(), target.data(), target.size());
  if (n <= 0) return {};
  target.resize(static_cast<std::size_t>(n));
  if (target.front() != '/') {
    const std::size_t slash = path.rfind('/');
    if (slash != std::string::npos) target.insert(0, path, 0, slash + 1);
  }
  return target;
}

}  // namespace

file_identity identify(const std::string& path, int standard_fd) {
  struct stat st {};
  if (path == "-") {
    if (::fstat(standard_fd, &st) == 0) return identity_of(st);
    return {};  // closed: nothing to clash with
  }
  // Where fenbatch's writer takes a name for a descriptor (output_file.cpp), the descriptor's
  // file, even where /dev/fd is missing.
  const int named = descriptor_number(path);
  if (named >= 0 && ::fstat(named, &st) == 0) return identity_of(st);
  if (named < 0 && ::stat(path.c_str(), &st) == 0) return identity_of(st);
  std::string created = path;
  try {
    created = link_target(path);
  } catch (const std::exception&) {
    // A loop of links: opening it fails later, with its own message.
  }
  file_identity missing;
  missing.resolved = resolved_name(created);
  return missing;
}

bool same_file(const file_identity& a, const file_identity& b) {
  if (a.exists != b.exists) return false;
  if (a.exists) return a.device == b.device && a.inode == b.inode;
  return !a.resolved.empty() && a.resolved == b.resolved;
}

int descriptor_number(const std::string& path) {
  std::string current = path;
  for (int hop = 0; hop < 16 && !current.empty(); ++hop) {  // (output_file.cpp's limit)
    const int fd = spelled_descriptor(current);
    if (fd >= 0) return fd;
    current = next_link(current);
  }
  return -1;
}

bool names_descriptor(const std::string& path) {
  if (path == "-" || descriptor_number(path) >= 0) return true;
  constexpr int most_links = 40;  // Linux's MAXSYMLINKS
  std::string current = path;
  for (int hop = 0; hop <= most_links && !current.empty(); ++hop) {
    // Also spelled otherwise: /proc/PID/fd/N, a task's fd directory, fd/N from /dev.
    if (is_descriptor_directory(real_directory_of(current))) return true;
    current = next_link(current);
  }
  return false;
}

}  // namespace fenbatch::pipeline::detail
