#include "stages/read_lines.hpp"

#include "formats/record_headers.hpp"
#include "input/input_reader.hpp"
#include "stages/process_chunk.hpp"

namespace fenbatch::pipeline::detail {

void read_lines(const std::vector<std::string>& paths, const input_options& reading,
                std::size_t chunk_size, const line_options& lines,
                const std::function<void(const chunk&)>& each) {
  input_reader reader(paths, reading);
  record_headers headers(paths, lines);
  chunk c;
  while (reader.next(c.input, chunk_size)) {
    headers.prepare(c, reader);
    process(c, lines, 1);
    each(c);
    c.input.release();
  }
}

}  // namespace fenbatch::pipeline::detail
