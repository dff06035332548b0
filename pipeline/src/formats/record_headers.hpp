// The serial read stage's part for CSV/TSV/JSON-lines inputs: each input's format (given, or
// inferred from its name), and, from the first line of each CSV/TSV input, its header: the
// FEN column is resolved there, before any chunk of the file is processed in parallel.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "chunks/record_layout.hpp"
#include "input/input_reader.hpp"
#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

struct chunk;

class record_headers {
 public:
  // Throws config_error when inputs infer different formats and none is given.
  record_headers(const std::vector<std::string>& inputs, const line_options& lines);

  // For each chunk, in input order: its file's layout (null: FEN lines), and whether its first
  // line is a header (the first input's header is written once; later inputs' headers must be
  // identical). Throws config_error for a header without the FEN column, or a different one.
  void prepare(chunk& c, const input_reader& inputs);

  // A part of a distributed run that does not read the first header (the first line of the
  // first CSV/TSV input with one, `file`): as if it had, so that it writes no header and
  // checks its inputs' headers against that one.
  void assume_first_header(std::string header, std::string file);

 private:
  std::string fen_field_;
  std::vector<std::string> where_fields_;  // --where's `$NAME` fields, checked against headers
  std::vector<input_format> formats_;   // per input
  std::vector<record_layout> layouts_;  // per input
  std::uint32_t current_file_ = UINT32_MAX;
  bool have_header_ = false;
  std::string first_header_;
  std::string first_header_file_;
};

}  // namespace fenbatch::pipeline::detail
