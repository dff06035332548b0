// The loops of runs that play or check moves (stages/moving_records.hpp), in their own unit as
// the selecting ones are (process_lines.hpp says why). Only the selecting loop is made: its
// runtime tests of --where, --sample and --uniqueness decide each line as the plain loop would
// when none is given, and one loop instead of two halves what this unit compiles.
#include "formats/field_records.hpp"
#include "stages/moving_records.hpp"
#include "stages/process_lines.hpp"

namespace fenbatch::pipeline::detail::line_loop {

void process_moving(chunk& c, const line_options& config, const dedupe_set* excluded,
                    bool with_origins, fen_lines& records) {
  moving_records<fen_lines> moving(records, config.moves, nullptr, config.decode);
  process_with<true>(c, config, excluded, with_origins, moving);
}

void process_moving(chunk& c, const line_options& config, const dedupe_set* excluded,
                    bool with_origins, field_records& records, const record_layout& layout) {
  moving_records<field_records> moving(records, config.moves, &layout, config.decode);
  process_with<true>(c, config, excluded, with_origins, moving);
}

}  // namespace fenbatch::pipeline::detail::line_loop
