// --apply-moves and --check-move (fenbatch/pipeline/record_moves.hpp) as a decorator of the
// record readers of process_lines.hpp (fen_lines, field_records): a record whose position reads
// valid then has its field's moves played (and checked), so that everything after the reader
// (--where, --exclude, dedupe, splits, the writer) sees the position after them. Only runs
// with these options make its loops (process_chunk_moving.cpp); plain runs never see it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "chunks/record_layout.hpp"
#include "chunks/text_buffer.hpp"
#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/ten_by_eight/uci_moves.hpp"
#include "fenbatch/core/uci_moves.hpp"
#include "fenbatch/pipeline/record_moves.hpp"
#include "formats/record_fields.hpp"

namespace fenbatch::pipeline::detail {

template <class Records>
class moving_records {
 public:
  static constexpr bool has_header = Records::has_header;

  // `layout`: the chunk's (null for FEN lines), by which the fields are resolved.
  moving_records(Records& records, const record_moves& moves, const record_layout* layout,
                 const core::decode_options& decode)
      : records_(records),
        layout_(layout),
        decode_(decode),
        count_(moves.apply.count),
        applying_(!moves.apply.field.empty()),
        checking_(!moves.check_field.empty()) {
    if (applying_) apply_ = resolve_field(moves.apply.field, layout_);
    if (checking_) check_ = resolve_field(moves.check_field, layout_);
  }

  // The record's position (either board), with the moves played and checked: the reader's
  // reason, or move_syntax / illegal_move with the column of the move in the line.
  template <class Record>
  core::fen_status read(std::string_view line, Record& rec) {
    if (const core::fen_status status = records_.read(line, rec); !status.ok()) return status;
    using core::apply_uci_moves;
    using core::check_uci_moves;
    using core::ten_by_eight::apply_uci_moves;
    using core::ten_by_eight::check_uci_moves;
    if (applying_) {
      const std::optional<std::string_view> moves = moves_of(apply_, line, rec);
      if (!moves) return past_the_end(line);
      const core::fen_status status = apply_uci_moves(rec, *moves, count_, decode_);
      if (!status.ok()) return in_line(status, line, *moves);
    }
    if (checking_) {
      const std::optional<std::string_view> moves = moves_of(check_, line, rec);
      if (!moves) return past_the_end(line);
      const core::fen_status status = check_uci_moves(rec, *moves);
      if (!status.ok()) return in_line(status, line, *moves);
    }
    return {};
  }
  template <class Record>
  std::size_t write(const Record& rec, std::string_view line, text_buffer& text) {
    return records_.write(rec, line, text);
  }
  [[nodiscard]] bool routes_to_ten_by_eight(std::string_view line) const noexcept {
    return records_.routes_to_ten_by_eight(line);
  }

 private:
  // The field's text, or nullopt when the record has no such field (none has when `ref` did
  // not resolve for this layout).
  template <class Record>
  std::optional<std::string_view> moves_of(const std::optional<field_ref>& ref,
                                           std::string_view line, const Record& rec) {
    if (!ref) return std::nullopt;
    record_view view{line, layout_, {}, {}};
    if (layout_ == nullptr) {
      view.operations = rec.operations(line);
      view.payload = rec.payload(line);
    }
    const field_value value = read_field(*ref, view, scratch_);
    if (value.type == field_value::kind::missing) return std::nullopt;
    return value.text;
  }

  // A record without the field has no moves: move_syntax one past the end of the line.
  static core::fen_status past_the_end(std::string_view line) noexcept {
    return {core::fen_errc::move_syntax, static_cast<std::uint32_t>(line.size() + 1)};
  }
  // The column of a move in the field, made a column of the line (the field's text lies in
  // the line unless it was unescaped; then the column in the field is all there is).
  static core::fen_status in_line(core::fen_status status, std::string_view line,
                                  std::string_view field) noexcept {
    const char* begin = line.data();
    const std::less_equal<const char*> at_most;
    if (at_most(begin, field.data()) && at_most(field.data(), begin + line.size())) {
      status.column += static_cast<std::uint32_t>(field.data() - begin);
    }
    return status;
  }

  Records& records_;
  const record_layout* layout_;
  const core::decode_options& decode_;
  std::uint32_t count_;
  bool applying_;
  bool checking_;
  std::optional<field_ref> apply_;
  std::optional<field_ref> check_;
  std::string scratch_;
};

}  // namespace fenbatch::pipeline::detail
