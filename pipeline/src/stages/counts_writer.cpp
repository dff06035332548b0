#include "stages/counts_writer.hpp"

#include <cstring>
#include <string_view>

#include "dedupe/survivors.hpp"
#include "formats/field_records.hpp"
#include "formats/plain_records.hpp"
#include "stats/most_repeated_tracker.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// A spilled record: the key, the text's length, then "position<TAB>FILE:LINE<LF>".
constexpr std::size_t header_bytes = sizeof(core::position_key) + sizeof(std::uint32_t);

}  // namespace

void counts_writer::append_position_and_place(const chunk& c, std::size_t i,
                                              const line_places& places) {
  const chunk::valid_line& line = c.valid[i];
  std::string_view text = c.text.view(line.text_offset, line.text_length - 1);
  text = written_position_of(c, text, scratch_);
  record_ += position_fields(text);
  record_ += '\t';
  places.append(record_, line_origin(c.sequence, c.sources[i].line));
  record_ += '\n';
}

void counts_writer::record(const chunk& c, const line_places& places,
                           const survivor_policy& survivors) {
  if (survivors.needs_final_count()) {
    write_now(c, places, survivors);
    return;
  }
  for (std::size_t i = 0; i < c.valid.size(); ++i) {
    // A key's first occurrence (with --max-per-position, later ones may be written too).
    if (c.occurrences[c.shard_position[i]] != 1) continue;
    const chunk::valid_line& line = c.valid[i];
    record_.assign(header_bytes, '\0');
    std::memcpy(record_.data(), &line.key, sizeof line.key);
    append_position_and_place(c, i, places);
    const auto length = static_cast<std::uint32_t>(record_.size() - header_bytes);
    std::memcpy(record_.data() + sizeof line.key, &length, sizeof length);
    spill_.append(record_);
  }
}

// The decisions carry the final counts: each key's first written line is listed at once.
void counts_writer::write_now(const chunk& c, const line_places& places,
                              const survivor_policy& survivors) {
  for (std::size_t i = 0; i < c.valid.size(); ++i) {
    const std::uint32_t place = c.shard_position[i];
    if (!first_written_line(survivors, c.occurrences[place], c.finals[place])) continue;
    record_.clear();
    append_number(record_, c.finals[place]);
    record_ += '\t';
    append_position_and_place(c, i, places);
    counts_.write(record_);
  }
}

std::uint64_t counts_writer::finish(dedupe_stages& dedupe) {
  constexpr std::size_t piece = 1 << 20;
  spill_.start_reading();
  std::string buffer;
  std::size_t at = 0;
  std::uint64_t total = 0;
  std::string count_text;
  for (bool more = true; more;) {
    buffer.erase(0, at);
    at = 0;
    more = spill_.read_more(buffer, piece) != 0;
    while (buffer.size() - at >= header_bytes) {
      core::position_key key;
      std::uint32_t length = 0;
      std::memcpy(&key, buffer.data() + at, sizeof key);
      std::memcpy(&length, buffer.data() + at + sizeof key, sizeof length);
      if (buffer.size() - at - header_bytes < length) break;  // the rest comes with the next piece
      const std::uint32_t count = dedupe.final_count(key);
      total += count;
      count_text.clear();
      append_number(count_text, count);
      count_text += '\t';
      counts_.write(count_text);
      counts_.write(std::string_view(buffer).substr(at + header_bytes, length));
      at += header_bytes + length;
    }
  }
  return total;
}

}  // namespace fenbatch::pipeline::detail
