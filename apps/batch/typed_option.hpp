// An option as the user typed it: errors name "-j" or "--threads" as it was written, and a
// refused value is found among the words that follow the option. Header-only: command_line.cpp
// is its one user.
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fenbatch::app::typed_option {

// The options with a short form.
struct short_form {
  char letter;
  std::string_view name;
};
inline constexpr std::array short_forms{short_form{'h', "help"}, short_form{'d', "dedupe"},
                                        short_form{'o', "output"}, short_form{'j', "threads"},
                                        short_form{'q', "quiet"}};

inline const short_form* short_form_of(std::string_view name) {
  const auto* form = std::find_if(short_forms.begin(), short_forms.end(),
                                  [name](const short_form& f) { return f.name == name; });
  return form == short_forms.end() ? nullptr : form;
}

// "-j" when the last mention of --threads on the command line `args` (without the program's
// name) was "-j" or "-j8", else "--threads" (also for options without a short form).
inline std::string typed_name(const std::vector<std::string>& args, std::string_view name) {
  std::string typed = "--" + std::string(name);
  const short_form* form = short_form_of(name);
  if (form == nullptr) return typed;
  for (const std::string& arg : args) {
    if (arg == "--") break;
    if (arg.starts_with("--")) {
      if (arg.substr(2, arg.find('=') - 2) == name) typed = "--" + std::string(name);
    } else if (arg.size() >= 2 && arg[0] == '-' && arg[1] == form->letter) {
      typed = std::string("-") + form->letter;
    }
  }
  return typed;
}

// The first word that begins with '-' (not '-' alone) right after a separate mention of option
// `name` ("--rejects", "-o", or a cluster of short options ending in "o": "-qo"), before "--":
// the word Boost took for an option where the value should have been.
inline std::optional<std::string> option_like_word_after(const std::vector<std::string>& args,
                                                         std::string_view name) {
  const short_form* form = short_form_of(name);
  for (std::size_t i = 0; i + 1 < args.size() && args[i] != "--"; ++i) {
    const std::string& arg = args[i];
    const bool names_it =
        arg == "--" + std::string(name) || (form != nullptr && arg.size() >= 2 && arg[0] == '-' &&
                                            arg[1] != '-' && arg.back() == form->letter);
    const std::string& next = args[i + 1];
    if (names_it && next.size() > 1 && next[0] == '-') return next;
  }
  return std::nullopt;
}

}  // namespace fenbatch::app::typed_option
