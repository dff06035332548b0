// fenbatch-gen's command line: the options, their parsing and the one-line usage errors.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "corpus_generator.hpp"

namespace fenbatch::gen {

inline constexpr std::uint64_t unlimited = std::numeric_limits<std::uint64_t>::max();

struct options {
  std::uint64_t lines = 100000;
  std::uint64_t bytes = unlimited;
  generator_options generator;
  std::string output = "-";  // standard output
};

// Fills `out`; returns an exit status when the program should stop here: 0 after --help or
// --version (printed), 2 after a usage error (reported as "fenbatch-gen: ... (see --help)").
std::optional<int> parse_command_line(int argc, char** argv, options& out);

}  // namespace fenbatch::gen
