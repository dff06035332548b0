#include "output/destination_identity.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>
#include <exception>
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

#include "output/descriptor_name.hpp"
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

}  // namespace

file_identity identify(const std::string& path, int standard_fd) {
  struct stat st {};
  if (path == "-") {
    if (::fstat(standard_fd, &st) == 0) return identity_of(st);
    return {};  // closed: nothing to clash with
  }
  // Where fenbatch's writer takes a name for a descriptor (output_file.cpp), the descriptor's
  // file, even where /dev/fd is missing.
  const std::optional<unsigned> named = own_descriptor_behind(path);
  if (named && ::fstat(static_cast<int>(*named), &st) == 0) return identity_of(st);
  if (!named && ::stat(path.c_str(), &st) == 0) return identity_of(st);
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

}  // namespace fenbatch::pipeline::detail
