#include "command_line.hpp"

#include <boost/program_options.hpp>
#include <charconv>
#include <cstdio>
#include <iostream>
#include <string_view>
#include <system_error>

#include "fenbatch/cli/parse_number.hpp"
#include "fenbatch/version.hpp"

namespace fenbatch::gen {
namespace {

namespace po = boost::program_options;

constexpr std::string_view program_name = "fenbatch-gen";

// A share of games: a decimal number from 0 to 1.
std::optional<double> parse_share(std::string_view text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size() ||
      !(value >= 0.0 && value <= 1.0)) {
    return std::nullopt;
  }
  return value;
}

int usage_error(std::string_view message) {
  std::fprintf(stderr, "%s: %.*s (see --help)\n", program_name.data(),
               static_cast<int>(message.size()), message.data());
  return 2;
}

}  // namespace

std::optional<int> parse_command_line(int argc, char** argv, options& out) {
  po::options_description described("Options");
  // One option per line reads better than clang-format's layout of the chained calls.
  // clang-format off
  described.add_options()
      ("help,h", "print this help and exit")
      ("version", "print the version and exit")
      ("lines,n", po::value<std::string>()->value_name("N"), "write N lines (default 100000)")
      ("bytes", po::value<std::string>()->value_name("B"),
       "stop before exceeding about B bytes (suffix K, M or G: binary multiples); without -n, "
       "no line limit")
      ("seed", po::value<std::string>()->value_name("S"), "PRNG seed, 0..2^64-1 (default 1)")
      ("variant", po::value<std::string>()->value_name("V"),
       "play only V: capablanca, capablanca-random, gothic, embassy, janus (10x8), chess, "
       "chess960 (8x8), or mixed (half 8x8 as without --variant, half 10x8); default: chess "
       "with a share of Chess960")
      ("chess960-share", po::value<std::string>()->value_name("F"),
       "share of 8x8 games from a random Chess960 start, 0..1 (default 0.2); without "
       "--variant or with --variant mixed")
      ("output,o", po::value<std::string>()->value_name("FILE"),
       "write to FILE (default -: standard output)");
  // clang-format on
  po::variables_map values;
  try {
    // No positional arguments: an empty description makes boost reject them.
    const po::positional_options_description no_positionals;
    // No abbreviations, as in fenbatch: "--line" is not --lines (a later option starting the
    // same way would change what an old command line means).
    const int style =
        po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
    po::store(po::command_line_parser(argc, argv)
                  .options(described)
                  .positional(no_positionals)
                  .style(style)
                  .run(),
              values);
    po::notify(values);
  } catch (const po::error& e) {
    return usage_error(e.what());
  }

  if (values.contains("help")) {
    std::printf(
        "Usage: %s [options]\n"
        "Writes FEN/EPD lines sampled from seeded random legal games (standard chess and\n"
        "Chess960, or with --variant the 10x8 Capablanca family in X-FEN). The same options\n"
        "and seed give the same bytes on every machine.\n\n",
        program_name.data());
    std::fflush(stdout);
    std::cout << described;
    return 0;
  }
  if (values.contains("version")) {
    std::printf("%s %s\n", program_name.data(), FENBATCH_VERSION_STRING);
    return 0;
  }

  const auto text = [&](const char* name) -> std::string_view {
    return values[name].as<std::string>();
  };
  if (values.contains("bytes")) {
    const auto bytes = cli::parse_size(text("bytes"));
    if (!bytes) return usage_error("invalid --bytes value '" + std::string(text("bytes")) + "'");
    out.bytes = *bytes;
    out.lines = unlimited;
  }
  if (values.contains("lines")) {
    const auto lines = cli::parse_count(text("lines"));
    if (!lines) return usage_error("invalid --lines value '" + std::string(text("lines")) + "'");
    out.lines = *lines;
  }
  if (values.contains("seed")) {
    const auto seed = cli::parse_count(text("seed"));
    if (!seed) return usage_error("invalid --seed value '" + std::string(text("seed")) + "'");
    out.generator.seed = *seed;
  }
  if (values.contains("chess960-share")) {
    const auto share = parse_share(text("chess960-share"));
    if (!share) {
      return usage_error("invalid --chess960-share value '" + std::string(text("chess960-share")) +
                         "' (expected 0..1)");
    }
    out.generator.chess960_share = *share;
  }
  if (values.contains("variant")) {
    const auto chosen = parse_variant(text("variant"));
    if (!chosen) {
      return usage_error("unknown --variant '" + std::string(text("variant")) +
                         "' (valid: " + variant_names() + ")");
    }
    out.generator.game_variant = *chosen;
    if (values.contains("chess960-share") && *chosen != variant::mixed) {
      return usage_error(
          "--chess960-share applies only without --variant or with --variant "
          "mixed");
    }
  }
  if (values.contains("output")) out.output = values["output"].as<std::string>();
  return std::nullopt;
}

}  // namespace fenbatch::gen
