// File names in diagnostics, quoted as `ls --quoting-style=shell-escape` quotes them in a UTF-8
// locale: a plain name stays bare; one with blanks or shell specials is put in single quotes
// (double quotes when it holds a single quote and nothing else special); control characters
// and bytes that are not UTF-8 become $'\n', $'\033', $'\377'. A name can then neither drive
// the terminal (ESC) nor split a "FILE:LINE:COL" message (a newline), and can be pasted back
// into a shell.
#pragma once

#include <string>
#include <string_view>

namespace fenbatch::pipeline {

[[nodiscard]] std::string quoted_name(std::string_view name);

}  // namespace fenbatch::pipeline
