#include "stages/process_chunk.hpp"

#include <optional>
#include <string>

#include "fenbatch/pipeline/config_error.hpp"
#include "formats/field_records.hpp"
#include "formats/record_fields.hpp"
#include "stages/process_lines.hpp"
#include "stages/process_plain_records.hpp"

namespace fenbatch::pipeline::detail {

namespace {

// The plain loops are made here; the selecting ones (--where, --sample or --uniqueness) in
// process_chunk_selecting.cpp.
template <class Records>
void process_with(chunk& c, const line_options& config, const dedupe_set* excluded,
                  bool with_origins, Records& records) {
  if (!line_loop::selects(config)) {
    line_loop::process_with<false>(c, config, excluded, with_origins, records);
  } else {
    line_loop::process_selected(c, config, excluded, with_origins, records);
  }
}

}  // namespace

void process(chunk& c, const line_options& config, std::size_t shard_count,
             const dedupe_set* excluded) {
  c.text.clear();
  c.valid.clear();
  c.sources.clear();
  c.dropped_material.clear();  // (cheap: clears only the slots used)
  c.invalid.clear();
  c.material.clear();
  c.counts = run_counters{};
  c.filtered_by_where.assign(config.where.size(), 0);
  c.missing_by_where.assign(config.where.size(), 0);
  for (std::vector<core::position_key>& keys : c.identity_keys) keys.clear();
  c.standings.clear();
  // --keep max/min: the field resolved once per chunk (its layout may differ from the last's).
  std::optional<field_ref> ranking;
  c.ranked = !config.ranking_field.empty();
  if (c.ranked) {
    ranking = resolve_field(config.ranking_field, c.layout);
    // A name no record of the input can have (a header without it) is a typo, not data whose
    // values are all missing: refused, and with ranked policies nothing is written before the
    // end of pass 1.
    if (!ranking) {
      throw config_error(std::string("--keep: no field '")
                             .append(config.ranking_field)
                             .append("' in the header (name a column by header name or number)"));
    }
  }
  c.ranking = ranking ? &*ranking : nullptr;
  const bool with_origins = config.keyed && config.with_origins;
  // A stream's records say where they came from: each kept line's index, also without dedupe.
  const bool with_sources = with_origins || config.with_sources;
  c.written_as_plain =
      config.plain_output || (c.layout != nullptr && c.layout->format == input_format::plain);
  if (c.layout != nullptr && c.layout->format == input_format::plain) {
    process_plain_records(c, config, excluded, with_sources);
  } else if (config.plain_output) {
    process_as_plain(c, config, excluded, with_sources);
  } else if (c.layout != nullptr) {
    field_records records(*c.layout, config);
    if (config.moves.empty()) {
      process_with(c, config, excluded, with_sources, records);
    } else {
      line_loop::process_moving(c, config, excluded, with_sources, records, *c.layout);
    }
  } else {
    line_loop::fen_lines records(config);
    if (config.moves.empty()) {
      process_with(c, config, excluded, with_sources, records);
    } else {
      line_loop::process_moving(c, config, excluded, with_sources, records);
    }
  }
  // Per chunk rather than per line: what the input reader counted, and what follows from the
  // counts. Without dedupe every valid line neither excluded, filtered nor unsampled is written;
  // the keep stage takes duplicates out.
  run_counters& n = c.counts;
  n.input_bytes = c.input.input_bytes;
  n.bytes = c.input.text_bytes;
  n.bom_skipped = c.input.bom_skipped ? 1 : 0;
  n.crlf_lines += c.input.dropped_crlf_lines;
  n.written = n.valid - n.excluded - n.filtered - n.unsampled;
  n.derive_eight_by_eight();
  c.ranking = nullptr;  // (`ranking` ends here)
  if (config.keyed) {
    group_by_shard(c, shard_count, with_origins);
    c.occurrences.resize(c.valid.size());
  }
}

}  // namespace fenbatch::pipeline::detail
