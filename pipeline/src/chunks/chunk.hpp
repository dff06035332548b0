// One unit of parallel work: a run of whole lines, what the parallel stage made of them, and
// the statistics they contribute. Chunks are recycled, so their buffers keep their capacity.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "chunks/line_facts.hpp"
#include "chunks/material_counter.hpp"
#include "chunks/record_layout.hpp"
#include "chunks/text_buffer.hpp"
#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/position_key.hpp"
#include "fenbatch/pipeline/run_counters.hpp"
#include "fenbatch/pipeline/uniqueness_stats.hpp"
#include "input/input_reader.hpp"

namespace fenbatch::pipeline::detail {

struct field_ref;  // formats/record_fields.hpp

struct chunk {
  chunk_input input;
  // The chunk's place in the run (0, 1, 2... in input order), set by the reading stage: with
  // --counts or --duplicates, first occurrences are found again by it (line_origin).
  std::uint64_t sequence = 0;
  // Set by the first dedupe stage: the chunk came after the switch to partitioned dedupe, so
  // pass 1 only hands its keys on, and pass 3 reads it again to decide and write it.
  bool deferred = false;
  // Set by the read stage (formats/record_headers.hpp): the layout of the file's CSV/TSV/JSON
  // records (null: FEN lines); whether the first line is the file's header; the header to
  // write before this chunk's lines (the first input's, once).
  const record_layout* layout = nullptr;
  bool starts_with_header = false;
  std::string_view header_to_write;
  // Set by the parallel stage: the text holds .plain records (a .plain input, or --format
  // plain), whatever the layout read.
  bool written_as_plain = false;

  struct valid_line {
    core::position_key key;
    std::uint32_t text_offset;
    std::uint32_t text_length;  // with the LF
    // With --dedupe, for taking the line out of the written statistics should it turn out a
    // duplicate; beside the key rather than in a vector of its own: one push per line.
    line_facts facts;
  };
  // With --counts or --duplicates, per entry of `valid` (the valid lines not excluded): its index
  // among the chunk's lines, and
  // (--duplicates) its text as read.
  struct valid_source {
    std::uint32_t line;
    std::string_view text;
  };
  struct invalid_line {
    std::uint32_t line;  // index in the chunk
    std::uint32_t column;
    core::fen_errc reason;
    std::string_view text;
  };

  text_buffer text;  // canonical lines, each with its LF
  std::vector<valid_line> valid;
  std::vector<valid_source> sources;  // with --counts or --duplicates only
  // The material signatures of the valid lines not written (excluded, duplicates): the written
  // material is the chunk's material without them.
  material_counter dropped_material;
  // With --dedupe: the keys of `valid` grouped by dedupe shard, in input order within a shard
  // (shard s: shard_keys[shard_begin[s]] up to shard_keys[shard_begin[s + 1]]); each valid
  // line's place in shard_keys; and, per place, the line's count once added (1: first seen).
  // The keys are copied, not indexed: the dedupe stages, often on another core, then read
  // them in order instead of gathering from `valid`.
  std::vector<core::position_key> shard_keys;
  std::vector<std::uint32_t> shard_begin;
  std::vector<std::uint32_t> shard_position;
  std::vector<std::uint32_t> occurrences;
  // With a survivor policy that needs final counts (--keep last, --min-count), per place: the
  // line's key's count of lines in the whole run (from the partitions' decisions).
  std::vector<std::uint32_t> finals;
  // With --counts or --duplicates, per place in shard_keys: the line's origin (line_origin)
  // before the dedupe stage, its key's first occurrence's after.
  std::vector<std::uint64_t> shard_origins;
  // With --keep max:FIELD / min:FIELD (issue 29), set by the parallel stage: `ranked`, the
  // field as resolved for this chunk's layout (null when no record of it has the field), and
  // per entry of `valid` its value's standing (dedupe/ranked_standing.hpp), for the partitions.
  bool ranked = false;
  const field_ref* ranking = nullptr;
  std::vector<std::uint64_t> standings;
  // With --dedupe, once the keys are added: the first occurrences' text, back to back, and the
  // indices in `valid` of the other lines.
  text_buffer kept;
  std::vector<std::uint32_t> duplicates;
  // Set by the keep stage: `kept` holds the text to write (else `text` does, whole).
  bool compacted = false;
  // With a survivor policy (dedupe/survivors.hpp): the indices in `valid` of every line not
  // written (duplicates and rare, in order).
  std::vector<std::uint32_t> dropped;
  std::vector<invalid_line> invalid;
  run_counters counts;  // this chunk's part of the run's counters
  // With --where, per expression (in the order given): the lines filtered by it, each under the
  // first expression that did not hold. Empty without --where.
  std::vector<std::uint64_t> filtered_by_where;
  // Of those, per --where: the lines that had a field it reads missing.
  std::vector<std::uint64_t> missing_by_where;
  // With --uniqueness, per identity (pipeline::identity): the keys of the lines that reach
  // dedupe, in line order; empty for an identity not counted.
  std::array<std::vector<core::position_key>, identity_count> identity_keys;
  // With --split, once routed (stages/split_routing.hpp): `kept` holds the lines for the
  // output, and split_text[s] those for split s, with split_written[s] lines.
  std::vector<text_buffer> split_text;
  std::vector<std::uint64_t> split_written;
  material_counter material;
};

// Where a line is in the run, in 64 bits: its chunk's sequence number and its index among the
// chunk's lines. The write stage turns it into FILE:LINE.
[[nodiscard]] constexpr std::uint64_t line_origin(std::uint64_t sequence,
                                                  std::uint32_t line) noexcept {
  return sequence << 32 | line;
}

}  // namespace fenbatch::pipeline::detail
