// The `$NAME` fields of --where for the records of one chunk: each name of the run's field
// table resolved once for the chunk's layout, then read per record (formats/record_fields.hpp)
// into the values the programs evaluate. Only the selecting loops make one, and only when an
// expression reads a field.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chunks/record_layout.hpp"
#include "fenbatch/core/where_expression.hpp"
#include "formats/record_fields.hpp"

namespace fenbatch::pipeline::detail {

class where_field_reader {
 public:
  // `names`: the run's field table (line_options::where_fields); `layout`: the chunk's (null:
  // FEN lines). A name the layout cannot have stays missing in every record.
  where_field_reader(const std::vector<std::string>& names, const record_layout* layout)
      : layout_(layout), values_(names.size()), scratch_(names.size()) {
    refs_.reserve(names.size());
    for (const std::string& name : names) refs_.push_back(resolve_field(name, layout));
  }

  // The fields of the record on `line` (a FEN line's EPD operations and payload from `rec`),
  // valid until the next call.
  template <class Record>
  const core::where_field* read(const Record& rec, std::string_view line) {
    record_view view;
    view.text = line;
    view.layout = layout_;
    if (layout_ == nullptr) {
      view.operations = rec.operations(line);
      view.payload = rec.payload(line);
    }
    for (std::size_t i = 0; i < refs_.size(); ++i) {
      values_[i] = refs_[i] ? read_field(*refs_[i], view, scratch_[i]) : core::where_field{};
    }
    return values_.data();
  }

 private:
  const record_layout* layout_;
  std::vector<std::optional<field_ref>> refs_;
  std::vector<core::where_field> values_;
  std::vector<std::string> scratch_;  // one per field: the values view into them
};

}  // namespace fenbatch::pipeline::detail
