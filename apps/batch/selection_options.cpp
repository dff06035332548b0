#include "selection_options.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "command_line.hpp"
#include "fenbatch/cli/fraction.hpp"
#include "fenbatch/cli/parse_number.hpp"
#include "fenbatch/pipeline/where_check.hpp"
#include "option_values.hpp"

namespace fenbatch::app {
namespace {

constexpr option_values::number_rule seed_rule{0, option_values::no_limit,
                                               "0 to 18446744073709551615"};

// "invalid value for --split: 'TEXT' (WHY)", as the other options say it.
[[noreturn]] void refuse(std::string_view option, const std::string& text, std::string_view why) {
  std::string what = "invalid value for --";
  what.append(option).append(": ").append(option_values::shown(text));
  what.append(" (").append(why).append(")");
  throw usage_error(what);
}

std::uint64_t seed(const std::string& text, std::string_view option, std::uint64_t otherwise) {
  if (text.empty()) return otherwise;
  const cli::number_reading reading = cli::read_count(text);
  const std::string refusal = option_values::number_refusal(reading, seed_rule);
  if (!refusal.empty()) refuse(option, text, refusal);
  return reading.value;
}

// The FRACTION of `whole` (the option's value): named in the refusal when it is a part.
core::decimal_fraction fraction(std::string_view option, const std::string& whole,
                                std::string_view text) {
  const cli::fraction_reading reading = cli::read_fraction(text);
  if (reading.error == cli::fraction_error::none) return reading.value;
  std::string why;
  if (text != whole) why.append(option_values::shown(std::string(text))).append(" ");
  why.append(cli::fraction_refusal(reading.error));
  refuse(option, whole, why);
}

bool is_name_character(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '-';
}

// NAME=FRACTION:FILE, split at the first '=' and the first ':' after it (FILE may hold ':').
pipeline::split_request split_of(const std::string& text) {
  const std::size_t equals = text.find('=');
  const std::size_t colon = equals == std::string::npos ? equals : text.find(':', equals);
  if (colon == std::string::npos) {
    refuse("split", text, "write NAME=FRACTION:FILE, e.g. test=10%:test.fen");
  }
  pipeline::split_request split;
  split.name = text.substr(0, equals);
  if (split.name.empty() || !std::all_of(split.name.begin(), split.name.end(), is_name_character)) {
    refuse("split", text, "a NAME of letters, digits, '_', '.' and '-' comes first");
  }
  split.fraction_text = text.substr(equals + 1, colon - equals - 1);
  split.fraction = fraction("split", text, split.fraction_text);
  split.path = text.substr(colon + 1);
  if (split.path.empty()) refuse("split", text, "the FILE after ':' is empty");
  // Not option-like, as the other file options refuse theirs.
  constexpr option_values::path_option file{"split", "FILE"};
  if (const std::string why = option_values::path_refusal(file, "--split", split.path);
      !why.empty()) {
    throw usage_error(why);
  }
  return split;
}

void read_splits(pipeline::run_config& config, const selection_texts& texts) {
  std::vector<core::decimal_fraction> fractions;
  for (const std::string& text : texts.splits) {
    pipeline::split_request split = split_of(text);
    for (const pipeline::split_request& earlier : config.splits) {
      if (earlier.name == split.name) {
        throw usage_error("--split: the name " + option_values::shown(split.name) +
                          " is given twice; each split needs its own");
      }
    }
    fractions.push_back(split.fraction);
    config.splits.push_back(std::move(split));
  }
  if (!core::selection_threshold(fractions)) {
    const std::optional<core::decimal_fraction> sum = cli::fraction_sum(fractions);
    std::string what = "--split: the fractions add up to ";
    what.append(sum ? cli::fraction_text(*sum) : "more than 1");
    what.append(", more than 1 (all the splits together can take at most every position)");
    throw usage_error(what);
  }
  config.split_seed = seed(texts.split_seed, "split-seed", config.split_seed);
}

}  // namespace

boost::program_options::options_description selection_options(pipeline::run_config& config,
                                                              selection_texts& texts) {
  namespace po = boost::program_options;
  po::options_description selection("Selection");
  // clang-format off
  selection.add_options()
      ("where", po::value(&config.where)->value_name("EXPR"),
       "keep only valid lines for which EXPR holds, e.g. 'pieces >= 16 and not in_check' or "
       "'$score > 100' (a field of the record; repeatable: all must hold; applied before "
       "--exclude and dedupe; the names and grammar are in fenbatch(1))")
      ("uniqueness", po::bool_switch(&config.uniqueness),
       "count the distinct positions of the lines that reach dedupe under six identities (fen, "
       "position, board_side_castling, board_side, placement, mirror) in the statistics; "
       "exact within a share of the memory budget, else estimated (about 0.41%)")
      ("split", po::value(&texts.splits)->value_name("NAME=FRACTION:FILE"),
       "write the positions whose hash falls in FRACTION (0.1 or 10%) to FILE instead of the "
       "output, e.g. test=10%:test.fen (repeatable: consecutive shares in the order given; "
       "every occurrence of a position lands in the same file)")
      ("split-seed", po::value(&texts.split_seed)->value_name("N"),
       "seed of the --split hash (default 0)")
      ("sample", po::value(&texts.sample)->value_name("FRACTION"),
       "keep only the positions whose hash falls in FRACTION (0.01 or 1%), after --exclude and "
       "before dedupe; the others are unsampled")
      ("sample-seed", po::value(&texts.sample_seed)->value_name("N"),
       "seed of the --sample hash (default 1)");
  // clang-format on
  return selection;
}

void check_selection(pipeline::run_config& config, const selection_texts& texts) {
  for (const std::string& where : config.where) {
    if (const std::string refusal = pipeline::where_refusal(where); !refusal.empty()) {
      throw usage_error(refusal);
    }
  }
  read_splits(config, texts);
  if (!texts.sample.empty()) {
    config.sample = fraction("sample", texts.sample, texts.sample);
    config.sample_text = texts.sample;
  }
  config.sample_seed = seed(texts.sample_seed, "sample-seed", config.sample_seed);
}

std::string selection_notice(const pipeline::run_config& config) {
  if (!config.sample || config.splits.empty() || config.sample_seed != config.split_seed) {
    return {};
  }
  std::string note = "--sample-seed and --split-seed are both ";
  note.append(std::to_string(config.sample_seed));
  note.append(
      ": the sample takes whole splits or none (give them different seeds for a sample "
      "independent of the splits)");
  return note;
}

}  // namespace fenbatch::app
