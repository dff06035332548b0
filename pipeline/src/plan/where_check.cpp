#include "fenbatch/pipeline/where_check.hpp"

#include <algorithm>
#include <cstddef>

#include "fenbatch/core/where_expression.hpp"

namespace fenbatch::pipeline {

std::string where_refusal(std::string_view expression, std::string_view option) {
  core::where_program program;
  const core::where_error error = core::compile_where(expression, program);
  if (error.ok()) return {};
  // The column is 1-based and at most the length + 1 (the end).
  const std::size_t at = std::min<std::size_t>(error.column - 1, expression.size());
  std::string text(option);
  text.append(": ");
  text.append(error.message);
  text.append(" at column ");
  text.append(std::to_string(error.column));
  text.append(": '");
  text.append(expression.substr(0, at));
  text.push_back('^');
  text.append(expression.substr(at));
  text.push_back('\'');
  return text;
}

}  // namespace fenbatch::pipeline
