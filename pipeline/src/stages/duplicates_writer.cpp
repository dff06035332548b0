#include "stages/duplicates_writer.hpp"

#include <string>

#include "fenbatch/core/line_limits.hpp"
#include "formats/plain_records.hpp"

namespace fenbatch::pipeline::detail {

void write_duplicates(const chunk& c, const line_places& places, output_file& out) {
  std::string line;
  std::string record;  // a .plain record's lines on one line
  for (const std::uint32_t i : c.duplicates) {
    line.clear();
    places.append(line, line_origin(c.sequence, c.sources[i].line));
    line += ": duplicate of ";
    places.append(line, c.shard_origins[c.shard_position[i]]);
    line += ": ";
    out.write(line);
    out.write(core::overlong_line_prefix(record_on_one_line(c.sources[i].text, record)));
    out.put('\n');
  }
}

}  // namespace fenbatch::pipeline::detail
