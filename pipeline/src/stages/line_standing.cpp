#include "stages/line_standing.hpp"

#include <string>

#include "formats/record_fields.hpp"

namespace fenbatch::pipeline::detail {

std::uint64_t line_standing(const field_ref& field, bool by_max, const record_layout* layout,
                            std::string_view line, std::string_view operations,
                            std::string_view payload) {
  thread_local std::string scratch;
  record_view record{line, layout, {}, {}};
  if (layout == nullptr) {
    record.operations = operations;
    record.payload = payload;
  }
  const field_value value = read_field(field, record, scratch);
  return value.type == field_value::kind::number ? standing_of(value.number, by_max) : no_standing;
}

}  // namespace fenbatch::pipeline::detail
