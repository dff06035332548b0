// The command line of fenbatch's tests: parse_command_line over "fenbatch ARGS...", and the
// usage error that ARGS give.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "batch/command_line.hpp"

namespace fenbatch::app {

inline std::optional<command_line> parse(std::initializer_list<std::string> args) {
  std::vector<std::string> words{"fenbatch"};
  words.insert(words.end(), args);
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  return parse_command_line(static_cast<int>(words.size()), argv.data());
}

// The usage_error message for ARGS, or "" when they parse.
inline std::string usage_error_of(std::initializer_list<std::string> args) {
  try {
    (void)parse(args);
  } catch (const usage_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace fenbatch::app
