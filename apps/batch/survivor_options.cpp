#include "survivor_options.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <cstdint>
#include <string>
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

// --keep first|last|max:FIELD|min:FIELD.
void read_keep(const std::string& text, pipeline::run_config& config) {
  using pipeline::keep_occurrence;
  const std::string_view view = text;
  const std::string_view field = view.substr(std::min<std::size_t>(view.find(':'), view.size()));
  if (text == "first" || text == "last") {
    config.keep = text == "first" ? keep_occurrence::first : keep_occurrence::last;
  } else if ((view.starts_with("max:") || view.starts_with("min:")) && field.size() > 1) {
    config.keep =
        view.starts_with("max:") ? keep_occurrence::max_value : keep_occurrence::min_value;
    config.keep_field = std::string(field.substr(1));
  } else {
    refuse("keep", text, "choose first|last|max:FIELD|min:FIELD");
  }
}

}  // namespace

boost::program_options::options_description survivor_options(survivor_texts& texts) {
  namespace po = boost::program_options;
  po::options_description survivors("Which occurrence survives (each implies --dedupe)");
  // clang-format off
  survivors.add_options()
      ("keep", po::value(&texts.keep)->value_name("WHICH"),
       "first (default), last, max:FIELD or min:FIELD: which occurrences of a repeated "
       "position are written; last writes the last occurrence, max:FIELD (min:FIELD) the one "
       "whose field is largest (smallest; ties to the first, a missing or non-numeric value "
       "below any number), each at its place in input order")
      ("max-per-position", po::value(&texts.max_per_position)->value_name("N"),
       "write up to N occurrences of each position, the first N (with --keep last the last N, "
       "with max/min the best N; default 1)")
      ("min-count", po::value(&texts.min_count)->value_name("N"),
       "write only positions seen at least N times; the lines of the others count as rare "
       "(default 1)");
  // clang-format on
  return survivors;
}

void read_survivors(const survivor_texts& texts, pipeline::run_config& config) {
  read_keep(texts.keep, config);
  config.max_per_position =
      occurrences(texts.max_per_position, "max-per-position", option_values::max_per_position);
  config.min_count = occurrences(texts.min_count, "min-count", option_values::min_count);
}

}  // namespace fenbatch::app
