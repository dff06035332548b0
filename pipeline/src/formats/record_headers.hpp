// The serial read stage's part for CSV/TSV/JSON-lines inputs: each input's format (given, or
// inferred from its name), and, from the first line of each CSV/TSV input, whether that line is
// its header (--header, --columns, --fen-field) and where the position is: the FEN column is
// resolved there, before any chunk of the file is processed in parallel.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chunks/record_layout.hpp"
#include "fenbatch/pipeline/header_mode.hpp"
#include "input/input_reader.hpp"
#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

struct chunk;

// How one CSV/TSV input's first line is taken, and why when it was detected (--header auto
// with a column number): the reason for the note on stderr; empty when the options said it.
struct header_decision {
  bool is_header = true;
  std::string why;
};
[[nodiscard]] header_decision decide_header(std::string_view first_line, input_format format,
                                            const line_options& lines);

// Whether a field reads as a FEN/EPD position: its first word is a piece placement, eight
// non-empty ranks of letters and digits separated by '/' (8x8 and 10x8 alike). Legality is left
// to the decoder, so that a first record with an impossible position is a record rejected with
// its reason, not a header.
[[nodiscard]] bool reads_as_position(std::string_view field) noexcept;

// fenbatch-mpi: what the ranks that do not read the first CSV/TSV input learn of its first line
// (find_first_header): the header, or no_header_mark when that input has none (a line never
// holds a LF).
inline constexpr std::string_view no_header_mark = "\n";
[[nodiscard]] std::string first_header_text(std::string_view first_line, input_format format,
                                            const line_options& lines);

class record_headers {
 public:
  // Throws config_error when inputs infer different formats and none is given. `notice`
  // (may be empty) gets a note per detected decision.
  record_headers(const std::vector<std::string>& inputs, const line_options& lines,
                 std::function<void(std::string_view)> notice = {});

  // For each chunk, in input order: its file's layout (null: FEN lines), and whether its first
  // line is a header (the first input's header is written once; later inputs' headers must be
  // identical, and inputs either all have a header or none has). Throws config_error for a
  // header without the FEN column, or a different one, or a mix.
  void prepare(chunk& c, const input_reader& inputs);

  // A part of a distributed run that does not read the first CSV/TSV input's first line
  // (first_header_text of it, from `file`): as if it had, so that it writes no header and holds
  // its inputs to that input's decision and header.
  void assume_first_header(std::string header, std::string file);

 private:
  enum class first_input : std::uint8_t { unread, headed, headerless };

  void hold_to_first(bool is_header, std::string_view line, const std::string& name, chunk& c);
  void resolve_column(std::uint32_t file, std::optional<std::string_view> header,
                      const std::string& name);

  line_options options_;  // fen_field, header, columns, where_fields, moves
  std::function<void(std::string_view)> notice_;
  std::vector<input_format> formats_;   // per input
  std::vector<record_layout> layouts_;  // per input
  std::uint32_t current_file_ = UINT32_MAX;
  first_input first_ = first_input::unread;
  std::string first_header_;
  std::string first_header_file_;
};

}  // namespace fenbatch::pipeline::detail
