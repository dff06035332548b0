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
    const bool delimited = layout != nullptr && (layout->format == input_format::csv ||
                                                 layout->format == input_format::tsv);
    if (delimited && refs_.size() == 1 && refs_[0]) only_column_ = refs_[0]->index;
  }

  // The fields of the record on `line` (a FEN line's EPD operations and payload from `rec`),
  // valid until the next call.
  template <class Record>
  const core::where_field* read(const Record& rec, std::string_view line) {
    if (only_column_) {  // `$score > 100` on a CSV: the one column read straight
      values_[0] = read_column_value(*only_column_, line, layout_->format, scratch_[0]);
      return values_.data();
    }
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
  // The CSV/TSV column (0-based) when it is the only field read: read without the general path.
  std::optional<std::size_t> only_column_;
};

}  // namespace fenbatch::pipeline::detail
