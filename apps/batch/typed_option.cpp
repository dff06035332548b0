#include "typed_option.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fenbatch::app::typed_option {

const short_form* short_form_of(std::string_view name) {
  const auto* form = std::find_if(short_forms.begin(), short_forms.end(),
                                  [name](const short_form& f) { return f.name == name; });
  return form == short_forms.end() ? nullptr : form;
}

std::string typed_name(const std::vector<std::string>& args, std::string_view name) {
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

std::optional<std::string> option_like_word_after(const std::vector<std::string>& args,
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
