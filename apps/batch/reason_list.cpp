#include "reason_list.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include "fenbatch/core/fen_errc.hpp"

namespace fenbatch::app {
namespace {

template <class Visit>
void for_each_reason(Visit visit) {
  for (int i = 0; i < core::fen_errc_count; ++i) {
    const auto code = static_cast<core::fen_errc>(i);
    if (core::is_error(code)) visit(code);  // (ok and the skipped kinds are no rejections)
  }
}

}  // namespace

void print_reasons(std::ostream& out) {
  std::size_t width = 0;
  for_each_reason(
      [&width](core::fen_errc code) { width = std::max(width, to_string(code).size()); });
  for_each_reason([&out, width](core::fen_errc code) {
    const std::string_view name = to_string(code);
    out << name << std::string(width - name.size() + 2, ' ') << describe(code) << '\n';
  });
}

}  // namespace fenbatch::app
