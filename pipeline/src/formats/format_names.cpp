// Names of the input formats and codecs, and what a file name says about them.
#include <array>
#include <string>
#include <string_view>

#include "fenbatch/pipeline/compression.hpp"
#include "fenbatch/pipeline/record_format.hpp"

namespace fenbatch::pipeline {
namespace {

constexpr std::array<std::string_view, 4> input_format_names{"fen", "csv", "tsv", "jsonl"};
constexpr std::array<std::string_view, 6> compression_names{"auto", "none", "zstd",
                                                            "gzip", "xz",   "bzip2"};
constexpr std::array<std::string_view, 4> compression_suffixes{".zst", ".gz", ".xz", ".bz2"};

template <std::size_t N>
std::string joined(const std::array<std::string_view, N>& names) {
  std::string out;
  for (const std::string_view name : names) {
    if (!out.empty()) out += '|';
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

bool ends_with(std::string_view text, std::string_view suffix) noexcept {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

}  // namespace

std::string_view to_string(input_format f) noexcept {
  return input_format_names[static_cast<std::size_t>(f)];
}
std::optional<input_format> parse_input_format(std::string_view text) noexcept {
  return find_name<input_format>(input_format_names, text);
}
std::string input_format_choices() {
  return joined(input_format_names);
}

input_format infer_input_format(std::string_view path) noexcept {
  for (const std::string_view suffix : compression_suffixes) {
    if (ends_with(path, suffix)) {
      path.remove_suffix(suffix.size());
      break;
    }
  }
  if (ends_with(path, ".csv")) return input_format::csv;
  if (ends_with(path, ".tsv")) return input_format::tsv;
  if (ends_with(path, ".jsonl") || ends_with(path, ".ndjson")) return input_format::jsonl;
  return input_format::fen;
}

std::string_view to_string(compression c) noexcept {
  return compression_names[static_cast<std::size_t>(c)];
}
std::optional<compression> parse_compression(std::string_view text) noexcept {
  return find_name<compression>(compression_names, text);
}
std::string compression_choices() {
  return joined(compression_names);
}

compression compression_for_name(std::string_view path) noexcept {
  if (ends_with(path, ".zst")) return compression::zstd;
  if (ends_with(path, ".gz")) return compression::gzip;
  if (ends_with(path, ".xz")) return compression::xz;
  if (ends_with(path, ".bz2")) return compression::bzip2;
  return compression::none;
}

}  // namespace fenbatch::pipeline
