#include "reason_list.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include "fenbatch/core/fen_errc.hpp"

namespace fenbatch::app {

void print_reasons(std::ostream& out) {
  std::size_t width = 0;
  for (const core::fen_errc code : core::rejection_reasons) {
    width = std::max(width, to_string(code).size());
  }
  for (const core::fen_errc code : core::rejection_reasons) {
    const std::string_view name = to_string(code);
    out << name << std::string(width - name.size() + 2, ' ') << describe(code) << '\n';
  }
}

}  // namespace fenbatch::app
