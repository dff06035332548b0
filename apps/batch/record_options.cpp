#include "record_options.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <string_view>
#include <vector>

#include "command_line.hpp"
#include "option_values.hpp"

#include "fenbatch/pipeline/record_format.hpp"

namespace fenbatch::app {
namespace {

using pipeline::header_mode;
using pipeline::input_format;

[[noreturn]] void refuse_value(std::string_view option, const std::string& text,
                               std::string_view allowed) {
  std::string message = "invalid value for --";
  message.append(option).append(": ").append(option_values::shown(text));
  throw usage_error(message.append(" (").append(allowed).append(")"));
}

bool all_digits(std::string_view text) noexcept {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

header_mode header_of(const std::string& text) {
  if (text == "auto") return header_mode::automatic;
  if (text == "yes") return header_mode::yes;
  if (text == "no") return header_mode::no;
  refuse_value("header", text, "choose auto|yes|no");
}

// --columns NAME,NAME,...: each name non-empty, not a number (a number names a column by its
// place), and given once.
std::vector<std::string> columns_of(const std::string& text) {
  std::vector<std::string> names;
  std::string_view rest = text;
  while (true) {
    const std::size_t comma = rest.find(',');
    const std::string_view name = rest.substr(0, comma);
    if (name.empty()) refuse_value("columns", text, "a name is empty; write NAME,NAME,...");
    if (all_digits(name)) {
      refuse_value("columns", text, "a name of digits would read as a column number");
    }
    if (std::find(names.begin(), names.end(), name) != names.end()) {
      std::string twice("the name '");
      refuse_value("columns", text, twice.append(name).append("' is given twice"));
    }
    names.emplace_back(name);
    if (comma == std::string_view::npos) return names;
    rest.remove_prefix(comma + 1);
  }
}

}  // namespace

void add_record_options(boost::program_options::options_description& group,
                        pipeline::run_config& config, record_texts& texts) {
  namespace po = boost::program_options;
  static const std::string input_format_help =
      "input records: " + pipeline::input_format_choices() +
      " (default: by the input's name, else fen)";
  // clang-format off
  group.add_options()
      ("input-format", po::value(&texts.input_format)->value_name("FORMAT"),
       input_format_help.c_str())
      ("fen-field", po::value(&config.fen_field)->value_name("NAME|N"),
       "CSV/TSV column (header name or 1-based number) or JSON key of the position (default fen)")
      ("header", po::value(&texts.header)->value_name("WHEN"),
       "CSV/TSV: is line 1 a header? auto (default: yes, unless --columns is given or "
       "--fen-field N's column of line 1 reads as a position), yes or no")
      ("columns", po::value(&texts.columns)->value_name("NAMES"),
       "CSV/TSV: the columns' names, NAME,NAME,... (a headerless file's; line 1 is then a "
       "record unless --header yes)");
  // clang-format on
}

void read_record_options(const boost::program_options::variables_map& vm, const record_texts& texts,
                         pipeline::run_config& config) {
  if (vm.count("fen-field") != 0 && config.fen_field.empty()) {
    throw usage_error("--fen-field needs a column name or number, not an empty one ('')");
  }
  if (vm.count("input-format") != 0) {
    config.format = pipeline::parse_input_format(texts.input_format);
    if (!config.format) {
      refuse_value("input-format", texts.input_format,
                   "choose " + pipeline::input_format_choices());
    }
  }
  config.header = header_of(texts.header);
  if (vm.count("columns") != 0) config.columns = columns_of(texts.columns);
  const bool said = vm.count("header") != 0 || vm.count("columns") != 0;
  const input_format format =
      config.format.value_or(pipeline::infer_input_format(config.inputs.front()));
  if (said && format != input_format::csv && format != input_format::tsv) {
    throw usage_error(std::string(vm.count("header") != 0 ? "--header" : "--columns") +
                      " applies to CSV/TSV inputs; these are " +
                      std::string(pipeline::to_string(format)) + " (see --input-format)");
  }
  if (config.header == header_mode::no && config.columns.empty() && !all_digits(config.fen_field)) {
    throw usage_error(
        "--header no: give the position's column by number (--fen-field N), or name the "
        "columns with --columns");
  }
}

}  // namespace fenbatch::app
