#include "survivor_options.hpp"

#include <boost/program_options.hpp>
#include <cstdint>
#include <string_view>

#include "command_line.hpp"
#include "option_values.hpp"

#include "fenbatch/cli/parse_number.hpp"

namespace fenbatch::app {
namespace {

[[noreturn]] void refuse(std::string_view option, const std::string& text,
                         const std::string& hint) {
  std::string message = "invalid value for --";
  message.append(option).append(": ").append(option_values::shown(text));
  message.append(" (").append(hint).append(")");
  throw usage_error(message);
}

std::uint32_t occurrences(const std::string& text, std::string_view option,
                          const option_values::number_rule& rule) {
  const cli::number_reading reading = cli::read_count(text, rule.high);
  const std::string refusal = option_values::number_refusal(reading, rule);
  if (!refusal.empty()) refuse(option, text, refusal);
  return static_cast<std::uint32_t>(reading.value);
}

}  // namespace

boost::program_options::options_description survivor_options(survivor_texts& texts) {
  namespace po = boost::program_options;
  po::options_description survivors("Which occurrence survives (each implies --dedupe)");
  // clang-format off
  survivors.add_options()
      ("keep", po::value(&texts.keep)->value_name("WHICH"),
       "first (default) or last: which occurrences of a repeated position are written; last "
       "writes the last occurrence, at its place in input order")
      ("max-per-position", po::value(&texts.max_per_position)->value_name("N"),
       "write up to N occurrences of each position, the first N (with --keep last the last N; "
       "default 1)")
      ("min-count", po::value(&texts.min_count)->value_name("N"),
       "write only positions seen at least N times; the lines of the others count as rare "
       "(default 1)");
  // clang-format on
  return survivors;
}

void read_survivors(const survivor_texts& texts, pipeline::run_config& config) {
  if (texts.keep != "first" && texts.keep != "last") {
    refuse("keep", texts.keep, "choose first|last");
  }
  config.keep =
      texts.keep == "first" ? pipeline::keep_occurrence::first : pipeline::keep_occurrence::last;
  config.max_per_position =
      occurrences(texts.max_per_position, "max-per-position", option_values::max_per_position);
  config.min_count = occurrences(texts.min_count, "min-count", option_values::min_count);
}

}  // namespace fenbatch::app
