#include "formats/field_records.hpp"
#include "stages/process_lines.hpp"

namespace fenbatch::pipeline::detail::line_loop {

void process_selected(chunk& c, const line_options& config, const dedupe_set* excluded,
                      bool with_origins, fen_lines& records) {
  process_with<true>(c, config, excluded, with_origins, records);
}

void process_selected(chunk& c, const line_options& config, const dedupe_set* excluded,
                      bool with_origins, field_records& records) {
  process_with<true>(c, config, excluded, with_origins, records);
}

}  // namespace fenbatch::pipeline::detail::line_loop
