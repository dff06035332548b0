#include "stages/record_streamer.hpp"

#include <cstddef>
#include <functional>
#include <string_view>

#include "formats/plain_records.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// Whether `inner` lies within `outer` (a view of it, not a decoded copy).
bool lies_within(std::string_view inner, std::string_view outer) noexcept {
  const std::less_equal<const char*> not_after;
  return inner.data() != nullptr && not_after(outer.data(), inner.data()) &&
         not_after(inner.data() + inner.size(), outer.data() + outer.size());
}

}  // namespace

void record_streamer::stream(const chunk& c, std::span<const std::uint32_t> dropped,
                             std::uint64_t line_base) {
  if (c.valid.size() == dropped.size()) return;
  records_.clear();
  decoded_.clear();
  const std::string_view text = c.text.view(0, c.text.size());
  std::size_t next_dropped = 0;
  for (std::size_t i = 0; i < c.valid.size(); ++i) {
    if (next_dropped < dropped.size() && dropped[next_dropped] == i) {
      ++next_dropped;
      continue;
    }
    const chunk::valid_line& line = c.valid[i];
    streamed_record& record = records_.emplace_back();
    record.text_offset = line.text_offset;
    record.text_length = line.text_length - 1;  // (without its LF)
    const std::string_view written = text.substr(line.text_offset, record.text_length);
    const std::string_view position = written_position_of(c, written, scratch_);
    if (lies_within(position, written)) {
      record.position_offset =
          line.text_offset + static_cast<std::uint32_t>(position.data() - written.data());
    } else {
      record.position_offset = static_cast<std::uint32_t>(text.size() + decoded_.size());
      decoded_.append(position);
    }
    record.position_length = static_cast<std::uint32_t>(position.size());
    record.input = c.input.file_index;
    record.line = line_base + c.sources[i].line + 1;
  }
  std::string_view block_text = text;
  if (!decoded_.empty()) {
    joined_.assign(text);
    joined_.append(decoded_);
    block_text = joined_;
  }
  sink_(streamed_block{block_text, records_});
}

}  // namespace fenbatch::pipeline::detail
