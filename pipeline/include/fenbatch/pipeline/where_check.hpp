// --where (issue 28): whether an expression compiles, and if not the one line that says why,
// for the command line (a usage error, before anything is opened) and for resolve_run (a
// config_error for a library caller that did not ask first). One line, as the issue asks: the
// expression quoted with a caret inserted at the column of the fault, e.g.
//   --where: unknown name 'in_chek' at column 22: 'pieces >= 16 and not ^in_chek'
#pragma once

#include <string>
#include <string_view>

namespace fenbatch::pipeline {

// Empty when `expression` compiles; otherwise the refusal above, `option` naming the option
// as typed ("--where").
[[nodiscard]] std::string where_refusal(std::string_view expression,
                                        std::string_view option = "--where");

}  // namespace fenbatch::pipeline
