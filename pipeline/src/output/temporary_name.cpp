#include "output/temporary_name.hpp"

#include <unistd.h>

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string>

namespace fenbatch::pipeline::detail {
namespace {

constexpr std::string_view marker = ".fenbatch-";
constexpr std::string_view suffix = ".tmp";
constexpr std::string_view previous_suffix = ".previous";
constexpr std::size_t name_max = 255;  // NAME_MAX of every Linux file system fenbatch expects
// "." STEM ".fenbatch-" PID(<= 10 digits) "-" RAND(8) ".tmp" ".previous"
constexpr std::size_t fixed_bytes =
    1 + marker.size() + 10 + 1 + 8 + suffix.size() + previous_suffix.size();
constexpr std::size_t longest_stem = name_max - fixed_bytes;
constexpr std::size_t hash_bytes = 1 + 8;  // "~" and 8 hex digits

std::uint32_t fnv1a(std::string_view text) {
  std::uint32_t hash = 2166136261U;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 16777619U;
  }
  return hash;
}

}  // namespace

std::string temporary_stem(std::string_view base) {
  if (base.size() <= longest_stem) return std::string(base);
  // The beginning stays recognisable; the hash tells apart long names that share it.
  std::size_t keep = longest_stem - hash_bytes;
  while (keep > 0 && (static_cast<unsigned char>(base[keep]) & 0xC0U) == 0x80U) --keep;
  char hash[hash_bytes + 1];
  std::snprintf(hash, sizeof hash, "~%08x", static_cast<unsigned>(fnv1a(base)));
  return std::string(base.substr(0, keep)) + hash;
}

std::string temporary_name(const std::string& dir, std::string_view base,
                           std::random_device& entropy) {
  char unique[32];
  std::snprintf(unique, sizeof unique, "%ld-%08x", static_cast<long>(::getpid()),
                static_cast<unsigned>(entropy()));
  return dir + "/." + temporary_stem(base) + std::string(marker) + unique + std::string(suffix);
}

std::optional<temporary_entry> parse_temporary(std::string_view entry, std::string_view stem) {
  if (entry.size() < 1 + stem.size() + marker.size() || entry[0] != '.' ||
      entry.substr(1, stem.size()) != stem ||
      entry.substr(1 + stem.size(), marker.size()) != marker) {
    return std::nullopt;
  }
  temporary_entry found;
  if (entry.ends_with(previous_suffix)) {
    found.previous = true;
    entry.remove_suffix(previous_suffix.size());
  }
  if (!entry.ends_with(suffix)) return std::nullopt;
  const std::string_view rest = entry.substr(1 + stem.size() + marker.size());
  const auto [end, error] = std::from_chars(rest.data(), rest.data() + rest.size(), found.pid);
  if (error != std::errc() || found.pid <= 0 || end == rest.data() + rest.size() || *end != '-') {
    return std::nullopt;
  }
  return found;
}

}  // namespace fenbatch::pipeline::detail
