#include "stages/process_chunk.hpp"

#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/write.hpp"
#include "formats/field_records.hpp"
#include "stages/record_counts.hpp"

namespace fenbatch::pipeline::detail {

void process(chunk& c, const run_config& config, std::size_t shard_count) {
  c.text.clear();
  c.valid.clear();
  c.invalid.clear();
  c.material.clear();
  c.counts = run_counters{};
  if (c.layout != nullptr) {
    process_field_records(c, config, shard_count);
    return;
  }
  run_counters& n = c.counts;
  const bool keyed = config.dedupe;
  // Most canonical lines are no longer than their input; reserve once, grow rarely.
  c.text.reserve_more(c.input.data.size() + c.input.data.size() / 4 + 256);

  core::record rec;
  core::line_splitter lines(c.input.data);
  std::uint32_t index = 0;
  for (core::line_span line; lines.next(line); ++index) {
    n.crlf_lines += line.crlf ? 1 : 0;
    const core::fen_status status = core::parse_record(line.text, config.decode, rec);
    if (status.code != core::fen_errc::ok) {
      if (status.code == core::fen_errc::skipped_blank) {
        ++n.skipped_blank;
      } else if (status.code == core::fen_errc::skipped_comment) {
        ++n.skipped_comment;
      } else {
        count_invalid_record(c, index, status, line.text);
      }
      continue;
    }
    c.text.reserve_more(core::max_written_size(line.text.size()) + 1);
    char* out = c.text.end();
    const std::size_t length = core::write_record(rec, line.text, config.write, out);
    out[length] = '\n';
    c.valid.push_back({keyed ? core::make_key(rec, config.key) : core::position_key{},
                       static_cast<std::uint32_t>(c.text.size()),
                       static_cast<std::uint32_t>(length + 1)});
    c.text.grow_by(length + 1);
    count_valid_record(rec, n, c.material);
  }
  finish_chunk(c, index, keyed, shard_count);
}

}  // namespace fenbatch::pipeline::detail
