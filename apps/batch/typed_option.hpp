// An option as the user typed it: errors name "-j" or "--threads" as it was written, and a
// refused value is found among the words that follow the option.
#pragma once

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

const short_form* short_form_of(std::string_view name);

// "-j" when the last mention of --threads on the command line `args` (without the program's
// name) was "-j" or "-j8", else "--threads" (also for options without a short form).
std::string typed_name(const std::vector<std::string>& args, std::string_view name);

// The first word that begins with '-' (not '-' alone) right after a separate mention of option
// `name` ("--rejects", "-o", or a cluster of short options ending in "o": "-qo"), before "--":
// the word Boost took for an option where the value should have been.
std::optional<std::string> option_like_word_after(const std::vector<std::string>& args,
                                                  std::string_view name);

}  // namespace fenbatch::app::typed_option
