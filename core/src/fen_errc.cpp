#include "fenbatch/core/fen_errc.hpp"

namespace fenbatch::core {

std::string_view to_string(fen_errc e) noexcept {
  switch (e) {
    case fen_errc::ok: return "ok";
    case fen_errc::skipped_blank: return "skipped_blank";
    case fen_errc::skipped_comment: return "skipped_comment";
    case fen_errc::line_too_long: return "line_too_long";
    case fen_errc::nul_byte: return "nul_byte";
    case fen_errc::control_char: return "control_char";
    case fen_errc::bad_whitespace: return "bad_whitespace";
    case fen_errc::non_ascii: return "non_ascii";
    case fen_errc::misplaced_bom: return "misplaced_bom";
    case fen_errc::field_count: return "field_count";
    case fen_errc::trailing_garbage: return "trailing_garbage";
    case fen_errc::variant_syntax: return "variant_syntax";
    case fen_errc::bad_epd_operation: return "bad_epd_operation";
    case fen_errc::counter_conflict: return "counter_conflict";
    case fen_errc::bad_piece_char: return "bad_piece_char";
    case fen_errc::rank_width: return "rank_width";
    case fen_errc::rank_syntax: return "rank_syntax";
    case fen_errc::rank_count: return "rank_count";
    case fen_errc::bad_side: return "bad_side";
    case fen_errc::castling_syntax: return "castling_syntax";
    case fen_errc::castling_order: return "castling_order";
    case fen_errc::ep_syntax: return "ep_syntax";
    case fen_errc::bad_halfmove: return "bad_halfmove";
    case fen_errc::bad_fullmove: return "bad_fullmove";
    case fen_errc::missing_king: return "missing_king";
    case fen_errc::too_many_kings: return "too_many_kings";
    case fen_errc::pawn_on_back_rank: return "pawn_on_back_rank";
    case fen_errc::too_many_pieces: return "too_many_pieces";
    case fen_errc::too_many_pawns: return "too_many_pawns";
    case fen_errc::too_much_material: return "too_much_material";
    case fen_errc::bad_castling_rights: return "bad_castling_rights";
    case fen_errc::bad_ep_square: return "bad_ep_square";
    case fen_errc::opposite_check: return "opposite_check";
    case fen_errc::impossible_check: return "impossible_check";
    case fen_errc::csv_syntax: return "csv_syntax";
    case fen_errc::missing_field: return "missing_field";
    case fen_errc::json_syntax: return "json_syntax";
    case fen_errc::json_not_object: return "json_not_object";
    case fen_errc::json_missing_key: return "json_missing_key";
    case fen_errc::json_not_string: return "json_not_string";
  }
  return "unknown";
}

std::string_view describe(fen_errc e) noexcept {
  switch (e) {
    case fen_errc::ok: return "valid";
    case fen_errc::skipped_blank: return "blank line";
    case fen_errc::skipped_comment: return "comment line";
    case fen_errc::line_too_long: return "line longer than 65536 bytes";
    case fen_errc::nul_byte: return "NUL byte";
    case fen_errc::control_char: return "control character";
    case fen_errc::bad_whitespace: return "vertical tab, form feed or no-break space";
    case fen_errc::non_ascii: return "byte outside ASCII";
    case fen_errc::misplaced_bom: return "byte-order mark inside the input";
    case fen_errc::field_count: return "expected 4 (EPD) or 6 (FEN) fields";
    case fen_errc::trailing_garbage: return "unexpected text after the counters";
    case fen_errc::variant_syntax: return "chess variant syntax (pockets, ~, check counters)";
    case fen_errc::bad_epd_operation: return "malformed EPD operation";
    case fen_errc::counter_conflict: return "counter fields disagree with hmvc/fmvn";
    case fen_errc::bad_piece_char: return "invalid character in piece placement";
    case fen_errc::rank_width: return "rank does not cover exactly 8 squares";
    case fen_errc::rank_syntax: return "two digits in a row in a rank";
    case fen_errc::rank_count: return "placement does not have exactly 8 ranks";
    case fen_errc::bad_side: return "side to move is not 'w' or 'b'";
    case fen_errc::castling_syntax: return "invalid castling field";
    case fen_errc::castling_order: return "castling letters out of order";
    case fen_errc::ep_syntax: return "en-passant field is not '-' or a square on rank 3 or 6";
    case fen_errc::bad_halfmove: return "halfmove clock is not a number 0..4294967295";
    case fen_errc::bad_fullmove: return "fullmove number is not a number 0..4294967295";
    case fen_errc::missing_king: return "a side has no king";
    case fen_errc::too_many_kings: return "a side has more than one king";
    case fen_errc::pawn_on_back_rank: return "pawn on rank 1 or 8";
    case fen_errc::too_many_pieces: return "more than 16 pieces of one colour";
    case fen_errc::too_many_pawns: return "more than 8 pawns of one colour";
    case fen_errc::too_much_material: return "more promoted pieces than missing pawns";
    case fen_errc::bad_castling_rights: return "castling right without its rook and king";
    case fen_errc::bad_ep_square: return "en-passant square without a just-pushed pawn";
    case fen_errc::opposite_check: return "the side not to move is in check";
    case fen_errc::impossible_check: return "check that no legal move can have given";
    case fen_errc::csv_syntax: return "quote inside an unquoted field, or a quoted field left open";
    case fen_errc::missing_field: return "the record has no field at the FEN column";
    case fen_errc::json_syntax: return "not a well-formed JSON value";
    case fen_errc::json_not_object: return "the JSON value is not an object";
    case fen_errc::json_missing_key: return "the JSON object has no FEN key";
    case fen_errc::json_not_string: return "the FEN key's value is not a string";
  }
  return "unknown";
}

std::string_view to_string(repair_kind k) noexcept {
  switch (k) {
    case repair_kind::digit_run: return "digit_run";
    case repair_kind::castling_order: return "castling_order";
    case repair_kind::castling_dropped: return "castling_dropped";
    case repair_kind::ep_dropped: return "ep_dropped";
  }
  return "unknown";
}

}  // namespace fenbatch::core
