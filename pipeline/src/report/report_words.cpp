#include "report/report_words.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <string>
#include <string_view>

#include "report/html_text.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// Inputs named in the heading before "and N more".
constexpr std::size_t names_in_heading = 3;

}  // namespace

std::string yes_no(bool value) {
  return value ? "yes" : "no";
}

std::string counted(std::uint64_t n, std::string_view one, std::string_view many) {
  return with_commas(n) + ' ' + std::string(n == 1 ? one : many);
}

std::string input_name(std::string_view path) {
  if (path == "-") return "standard input";
  while (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  const std::size_t slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

std::string output_name(std::string_view path) {
  return path == "-" ? "standard output" : std::string(path);
}

std::string iso_utc(std::chrono::system_clock::time_point when) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(when);
  std::tm parts{};
  if (gmtime_r(&seconds, &parts) == nullptr) return "unknown";
  char text[32];
  if (std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts) == 0) return "unknown";
  return text;
}

std::string duration_text(double seconds) {
  if (!(seconds > 0)) return "0 s";
  if (seconds < 10) return fixed(seconds, 3) + " s";
  if (seconds < 60) return fixed(seconds, 1) + " s";
  const auto whole = static_cast<std::uint64_t>(std::min(seconds, 1e12));
  const auto two_digits = [](std::uint64_t n) {
    std::string text = n < 10 ? "0" : "";  // (appended to: GCC 12 flags "0" + std::string)
    return text += std::to_string(n);
  };
  if (whole < 3600) return std::to_string(whole / 60) + " min " + two_digits(whole % 60) + " s";
  return std::to_string(whole / 3600) + " h " + two_digits(whole / 60 % 60) + " min";
}

bool has_rate(const run_stats& s) {
  return s.wall_seconds > 0 && std::isfinite(s.wall_seconds);
}

std::string per_second(double amount, double seconds) {
  const double rate = std::min(amount / seconds, 1e18);
  return with_commas(static_cast<std::uint64_t>(std::llround(rate)));
}

std::string heading(const report_options& asked) {
  if (asked.inputs.empty()) return "No input";
  std::string text;
  const std::size_t named = std::min(asked.inputs.size(), names_in_heading);
  for (std::size_t i = 0; i < named; ++i) {
    if (i != 0) text += i + 1 == asked.inputs.size() ? " and " : ", ";
    text += input_name(asked.inputs[i]);
  }
  if (asked.inputs.size() > named) {
    text += " and ";
    text += with_commas(asked.inputs.size() - named) + " more";
  }
  return text;
}

}  // namespace fenbatch::pipeline::detail
