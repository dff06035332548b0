// A run whose output goes to the caller instead of a file (issue 30: fenbatch.batches in
// Python): the records a run would write, in the order it would write them, handed over a
// block at a time with where each came from. Everything else is the run's: filters, dedupe
// (in memory or partitioned past the budget), --exclude, formats, fields, side files and
// statistics.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string_view>

#include "fenbatch/pipeline/run_config.hpp"
#include "fenbatch/pipeline/run_stats.hpp"

namespace fenbatch::pipeline {

struct streamed_record {
  // The record as the output would hold it, without its final LF (a .plain record: its lines,
  // LF-separated), as an offset into streamed_block::text.
  std::uint32_t text_offset = 0;
  std::uint32_t text_length = 0;
  // The position inside it, as canonical FEN/EPD text that core::decode reads back under the
  // run's decode options: the whole line for FEN/EPD input, the field of a CSV/TSV/JSON record
  // (unquoted), the value of a .plain record's fen line.
  std::uint32_t position_offset = 0;
  std::uint32_t position_length = 0;
  std::uint32_t input = 0;  // index into run_config::inputs
  std::uint64_t line = 0;   // 1-based line in that input (a .plain record: its first line)
};

struct streamed_block {
  std::string_view text;
  std::span<const streamed_record> records;
};

// Called in output order, one call at a time, from the run's ordered stage; the views live only
// during the call. It may block (the run waits: memory stays bounded by the chunks in flight)
// and may throw to stop the run (the exception propagates out of stream_run; nothing is
// published, no temporary file is left).
using record_sink = std::function<void(const streamed_block&)>;

// Runs `config` as run() does, except that the records written go to `sink` and no output file
// is opened (config.output is neither checked nor created, so no run rewrites an input in place;
// the statistics name it as given). --split cannot stream (its records go to files): a
// config_error. The CSV/TSV header line is not streamed. Side files are written and published
// as run() does. Chunks without a record written make no call.
run_stats stream_run(const run_config& config, const record_sink& sink);

}  // namespace fenbatch::pipeline
