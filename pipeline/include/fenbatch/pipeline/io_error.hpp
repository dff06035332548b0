// I/O failures, reported one way everywhere: a std::system_error whose what() reads
// "<operation>: <path>: <reason>" ("write: out.fen: No space left on device"), which the
// programs print after their name. The path is quoted as quoted_name() quotes it; the words
// "standard input", "standard output" and "standard error" stand as they are.
#pragma once

#include <cerrno>
#include <string_view>

namespace fenbatch::pipeline {

[[noreturn]] void throw_io_error(std::string_view operation, std::string_view path,
                                 int error = errno);

}  // namespace fenbatch::pipeline
