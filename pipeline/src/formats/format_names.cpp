// Names of the input formats and codecs, and what a file name says about them: one table of
// names per enum (indexed by value) and one table of file-name suffixes per enum.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "fenbatch/pipeline/compression.hpp"
#include "fenbatch/pipeline/record_format.hpp"

namespace fenbatch::pipeline {
namespace {

constexpr std::array<std::string_view, 5> input_format_names{"fen", "csv", "tsv", "jsonl", "plain"};
static_assert(input_format_names.size() == static_cast<std::size_t>(input_format::plain) + 1);
constexpr std::array<std::string_view, 6> compression_names{"auto", "none", "zstd",
                                                            "gzip", "xz",   "bzip2"};
static_assert(compression_names.size() == static_cast<std::size_t>(compression::bzip2) + 1);

template <class Enum>
struct suffix_meaning {
  std::string_view suffix;
  Enum value;
};
constexpr std::array compression_suffixes{suffix_meaning<compression>{".zst", compression::zstd},
                                          suffix_meaning<compression>{".gz", compression::gzip},
                                          suffix_meaning<compression>{".xz", compression::xz},
                                          suffix_meaning<compression>{".bz2", compression::bzip2}};
constexpr std::array input_format_suffixes{
    suffix_meaning<input_format>{".csv", input_format::csv},
    suffix_meaning<input_format>{".tsv", input_format::tsv},
    suffix_meaning<input_format>{".jsonl", input_format::jsonl},
    suffix_meaning<input_format>{".ndjson", input_format::jsonl},
    suffix_meaning<input_format>{".plain", input_format::plain}};

template <std::size_t N>
std::string joined(const std::array<std::string_view, N>& names, char separator) {
  std::string out;
  for (const std::string_view name : names) {
    if (!out.empty()) out += separator;
    out += name;
  }
  return out;
}

template <class Enum, std::size_t N>
std::optional<Enum> find_name(const std::array<std::string_view, N>& names,
                              std::string_view text) noexcept {
  for (std::size_t i = 0; i < N; ++i) {
    if (names[i] == text) return static_cast<Enum>(i);
  }
  return std::nullopt;
}

// The entry whose suffix ends `path`, if one does.
template <class Enum, std::size_t N>
const suffix_meaning<Enum>* find_suffix(const std::array<suffix_meaning<Enum>, N>& suffixes,
                                        std::string_view path) noexcept {
  for (const suffix_meaning<Enum>& entry : suffixes) {
    if (path.ends_with(entry.suffix)) return &entry;
  }
  return nullptr;
}

}  // namespace

std::string_view to_string(input_format f) noexcept {
  return input_format_names[static_cast<std::size_t>(f)];
}
std::optional<input_format> parse_input_format(std::string_view text) noexcept {
  return find_name<input_format>(input_format_names, text);
}
std::string input_format_choices() {
  return joined(input_format_names, '|');
}

input_format infer_input_format(std::string_view path) noexcept {
  const auto* entry = find_suffix(input_format_suffixes, without_compression_suffix(path));
  return entry != nullptr ? entry->value : input_format::fen;
}

std::string_view to_string(compression c) noexcept {
  return compression_names[static_cast<std::size_t>(c)];
}
std::optional<compression> parse_compression(std::string_view text) noexcept {
  return find_name<compression>(compression_names, text);
}
std::string compression_choices() {
  return joined(compression_names, '|');
}

compression compression_for_name(std::string_view path) noexcept {
  const auto* entry = find_suffix(compression_suffixes, path);
  return entry != nullptr ? entry->value : compression::none;
}

std::string_view without_compression_suffix(std::string_view path) noexcept {
  if (const auto* entry = find_suffix(compression_suffixes, path)) {
    path.remove_suffix(entry->suffix.size());
  }
  return path;
}

std::string compression_suffix_list() {
  std::string out;
  for (const suffix_meaning<compression>& entry : compression_suffixes) {
    if (!out.empty()) out += ' ';
    out += entry.suffix;
  }
  return out;
}

}  // namespace fenbatch::pipeline
