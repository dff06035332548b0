// The parallel stage's work on a chunk of CSV, TSV or JSON-lines records: the position is read
// from one field, validated and normalized by the core, and written back into that field with
// every other byte of the record unchanged; counted, keyed and reported as FEN lines are.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "chunks/chunk.hpp"
#include "chunks/text_buffer.hpp"
#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

// How the parallel stage (stages/process_chunk.cpp) reads and writes the records of a chunk
// whose layout is set, one line at a time: read() then, for a valid position, write().
class field_records {
 public:
  static constexpr bool has_header = true;  // the chunk's first line may be its file's header

  field_records(const record_layout& layout, const line_options& lines);
  field_records(const field_records&) = delete;
  field_records& operator=(const field_records&) = delete;
  ~field_records();

  // The position of the record on `line`, with columns of the line: skipped_blank for a blank
  // line, a record-format reason, or parse_record's verdict on the field.
  core::fen_status read(std::string_view line, core::record& rec);
  // Appends the line read last with the canonical position in its field, and a LF; returns
  // the bytes appended.
  std::size_t write(const core::record& rec, std::string_view line, text_buffer& text);

  // After read() rejected the line: whether its field was read as a position (not a
  // record-format reason) and has a first rank ten squares wide, so that the 10x8 reader owns
  // the verdict.
  [[nodiscard]] bool routes_to_ten_by_eight(std::string_view line) const noexcept;
  // The 10x8 reader on the field of the line read last, columns of the line; and its write.
  core::fen_status read(std::string_view line, core::ten_by_eight::record& rec);
  std::size_t write(const core::ten_by_eight::record& rec, std::string_view line,
                    text_buffer& text);

 private:
  struct state;
  std::unique_ptr<state> state_;
};

// The canonical position text in a record line as process_field_records wrote it (without its
// LF): the field's content, unquoted or decoded (into `scratch` where needed). For the
// statistics and side files that show positions, not records.
[[nodiscard]] std::string_view written_position(const record_layout& layout, std::string_view line,
                                                std::string& scratch);

}  // namespace fenbatch::pipeline::detail
