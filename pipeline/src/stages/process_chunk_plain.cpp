#include "formats/plain_records.hpp"
#include "stages/process_lines.hpp"
#include "stages/process_plain_records.hpp"

namespace fenbatch::pipeline::detail {
namespace {

[[nodiscard]] bool is_blank(std::string_view line) noexcept {
  return line.find_first_not_of(" \t") == std::string_view::npos;
}

// process_lines (process_lines.hpp) over records: the same outcomes, counters and calls.
template <line_loop::loop_options options>
void process_records(chunk& c, const line_options& config, const dedupe_set* excluded,
                     plain_records& records) {
  using namespace line_loop;
  run_counters& n = c.counts;
  written_facts_tally excluded_facts;
  const chunk_lines<plain_records> lines{c,       config,         excluded,
                                         records, excluded_facts, config.with_source_text};
  c.text.reserve_more(c.input.data.size() + c.input.data.size() / 4 + 256);

  core::record rec;
  core::line_splitter splitter(c.input.data);
  std::uint32_t index = 0;
  for (core::line_span line; splitter.next(line);) {
    const std::uint32_t first = index++;
    n.crlf_lines += line.crlf ? 1 : 0;
    if (is_blank(line.text)) {
      ++n.skipped_blank;
      continue;
    }
    const char* const begin = line.text.data();
    const char* end = begin + line.text.size();
    bool ended = line.text == "e";
    const bool starts = ended || is_plain_record_line(line.text);
    std::uint32_t count = 1;
    while (starts && !ended && count < max_plain_record_lines && splitter.next(line)) {
      ++index;
      ++count;
      n.crlf_lines += line.crlf ? 1 : 0;
      end = line.text.data() + line.text.size();
      ended = line.text == "e";
    }
    n.skipped_record_lines += count - 1;
    const std::string_view record(begin, static_cast<std::size_t>(end - begin));
    if (!starts) {
      count_invalid(c, {core::fen_errc::plain_bad_line, 1}, record, first);
      continue;
    }
    if (!ended) {
      count_invalid(c, {core::fen_errc::plain_unterminated, 1}, record, first);
      continue;
    }
    const core::fen_status status = records.read(record, rec);
    if (status.ok()) {
      count_and_keep<options>(lines, rec, record, first);
    } else if (records.routes_to_ten_by_eight(record)) {
      process_ten_by_eight_line<options>(lines, record, first);
    } else {
      count_invalid(c, status, record, first);
    }
  }
  n.lines = index;
  n.black_to_move = n.valid - n.white_to_move;
  written_as_valid(n);
  excluded_facts.subtract_from(n);
}

template <bool selecting>
void process_with(chunk& c, const line_options& config, const dedupe_set* excluded,
                  bool with_origins, plain_records& records) {
  using line_loop::keys_lines;
  using line_loop::loop_options;
  const bool excluding = excluded != nullptr;
  if (with_origins) {
    if (excluding) {
      process_records<loop_options{true, true, true, selecting}>(c, config, excluded, records);
    } else {
      process_records<loop_options{true, false, true, selecting}>(c, config, excluded, records);
    }
  } else if (keys_lines(config)) {
    if (excluding) {
      process_records<loop_options{true, true, false, selecting}>(c, config, excluded, records);
    } else {
      process_records<loop_options{true, false, false, selecting}>(c, config, excluded, records);
    }
  } else if (excluding) {
    process_records<loop_options{false, true, false, selecting}>(c, config, excluded, records);
  } else {
    process_records<loop_options{false, false, false, selecting}>(c, config, excluded, records);
  }
}

}  // namespace

void process_plain_records(chunk& c, const line_options& config, const dedupe_set* excluded,
                           bool with_origins) {
  plain_records records(config);
  if (config.where.empty() && !config.sample_threshold && config.identities == 0) {
    process_with<false>(c, config, excluded, with_origins, records);
  } else {
    process_with<true>(c, config, excluded, with_origins, records);
  }
}

}  // namespace fenbatch::pipeline::detail
