// The table behind counter_infos() and merge(), both from the one list in run_counters.hpp.

#include "fenbatch/pipeline/run_counters.hpp"

#include <array>
#include <string>

namespace fenbatch::pipeline {
namespace {

// The names of array elements, as the JSON document and the summary print them.
std::string reason_name(std::size_t i) {
  const auto reason = static_cast<core::fen_errc>(i);
  return core::is_error(reason) ? std::string(core::to_string(reason)) : std::string();
}
std::string repair_name(std::size_t i) {
  return std::string(core::to_string(static_cast<core::repair_kind>(i)));
}
std::string piece_count_name(std::size_t i) {
  return i < 2 ? std::string() : std::to_string(i);  // (two kings at least)
}

#define FENBATCH_DESCRIBE_COUNTER(section, member, path, reported)                                 \
  counter_info{                                                                                    \
      counter_section::section, path, counter_reported::reported,                                  \
      [](const run_counters& c) noexcept { return std::span<const std::uint64_t>(&c.member, 1); }, \
      nullptr},
#define FENBATCH_DESCRIBE_COUNTS(section, member, extent, path, name)                          \
  counter_info{                                                                                \
      counter_section::section, path, counter_reported::always,                                \
      [](const run_counters& c) noexcept { return std::span<const std::uint64_t>(c.member); }, \
      name},
constexpr std::array infos = {
    FENBATCH_RUN_COUNTERS(FENBATCH_DESCRIBE_COUNTER, FENBATCH_DESCRIBE_COUNTS)};
#undef FENBATCH_DESCRIBE_COUNTER
#undef FENBATCH_DESCRIBE_COUNTS

}  // namespace

std::span<const counter_info> counter_infos() noexcept {
  return infos;
}

void run_counters::merge(const run_counters& other) noexcept {
#define FENBATCH_ADD_COUNTER(section, member, path, reported) member += other.member;
#define FENBATCH_ADD_COUNTS(section, member, extent, path, name) \
  for (std::size_t i = 0; i < member.size(); ++i) member[i] += other.member[i];
  FENBATCH_RUN_COUNTERS(FENBATCH_ADD_COUNTER, FENBATCH_ADD_COUNTS)
#undef FENBATCH_ADD_COUNTER
#undef FENBATCH_ADD_COUNTS
}

}  // namespace fenbatch::pipeline
