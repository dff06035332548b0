#include "option_values.hpp"

#include <algorithm>
#include <string>
#include <string_view>

#include "fenbatch/pipeline/quoted_name.hpp"

namespace fenbatch::app::option_values {

std::string shown(std::string_view text) {
  std::string quoted = pipeline::quoted_name(text);
  if (quoted.front() != '\'' && quoted.front() != '"' && quoted.front() != '$') {
    quoted = "'" + quoted + "'";
  }
  return quoted;
}

std::string number_refusal(const cli::number_reading& reading, const number_rule& rule) {
  std::string why;
  switch (reading.error) {
    case cli::number_error::none:
      if (reading.value >= rule.low) return "";
      why = "too small";
      break;
    case cli::number_error::empty: why = "empty"; break;
    case cli::number_error::negative: why = "negative"; break;
    case cli::number_error::not_a_number:
      why = rule.size ? "not a size" : "not a whole number";
      break;
    case cli::number_error::too_large: why = "too large"; break;
  }
  return why + "; allowed: " + std::string(rule.allowed);
}

const path_option* path_option_named(std::string_view name) {
  const auto* found = std::find_if(path_options.begin(), path_options.end(),
                                   [name](const path_option& p) { return p.name == name; });
  return found == path_options.end() ? nullptr : found;
}

std::string option_like_refusal(const path_option& option, std::string_view typed,
                                std::string_view value) {
  const std::string_view thing = option.kind == "DIR" ? "directory" : "file";
  return std::string(typed) + " takes a " + std::string(option.kind) + ", not the option-like " +
         shown(value) + " (was its argument forgotten?); to name a " + std::string(thing) +
         " that begins with '-', write " + shown("./" + std::string(value));
}

std::string path_refusal(const path_option& option, std::string_view typed,
                         std::string_view value) {
  const bool dir = option.kind == "DIR";
  if (value.empty()) {
    return dir ? std::string(typed) + " needs a directory (leave it out for $TMPDIR, else /tmp)"
               : std::string(typed) + " needs a file name, not an empty one ('')";
  }
  if (value == "-" && dir) {
    return std::string(typed) +
           " needs a directory, and '-' is none; write './-' for a "
           "directory named -";
  }
  if (value.front() == '-' && value != "-") return option_like_refusal(option, typed, value);
  return "";
}

}  // namespace fenbatch::app::option_values
