// The names of the --where vocabulary, its types and its errors, as text.
#include "fenbatch/core/where_expression.hpp"

namespace fenbatch::core {

std::string_view to_string(where_name n) noexcept {
  switch (n) {
#define FENBATCH_WHERE_NAME_TEXT(name, type) \
  case where_name::name: return #name;
    FENBATCH_WHERE_NAME_TABLE(FENBATCH_WHERE_NAME_TEXT)
#undef FENBATCH_WHERE_NAME_TEXT
  }
  return "?";
}

where_type type_of(where_name n) noexcept {
  switch (n) {
#define FENBATCH_WHERE_NAME_TYPE(name, type) \
  case where_name::name: return where_type::type;
    FENBATCH_WHERE_NAME_TABLE(FENBATCH_WHERE_NAME_TYPE)
#undef FENBATCH_WHERE_NAME_TYPE
  }
  return where_type::integer;
}

std::string_view where_type_phrase(where_type t) noexcept {
  switch (t) {
    case where_type::integer: return "an integer";
    case where_type::boolean: return "a boolean";
    case where_type::side: return "a side (w or b)";
    case where_type::castling: return "a castling class (none, standard or chess960)";
    case where_type::board: return "a board (8x8 or 10x8)";
    case where_type::string: return "a string";
    case where_type::number: return "a number";
  }
  return "?";
}

std::string_view to_string(where_errc e) noexcept {
  switch (e) {
#define FENBATCH_WHERE_ERRC_NAME(name, description) \
  case where_errc::name: return #name;
    FENBATCH_WHERE_ERRC_TABLE(FENBATCH_WHERE_ERRC_NAME)
#undef FENBATCH_WHERE_ERRC_NAME
  }
  return "?";
}

std::string_view describe(where_errc e) noexcept {
  switch (e) {
#define FENBATCH_WHERE_ERRC_DESCRIPTION(name, description) \
  case where_errc::name: return description;
    FENBATCH_WHERE_ERRC_TABLE(FENBATCH_WHERE_ERRC_DESCRIPTION)
#undef FENBATCH_WHERE_ERRC_DESCRIPTION
  }
  return "?";
}

}  // namespace fenbatch::core
