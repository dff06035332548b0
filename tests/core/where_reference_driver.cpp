// The engine's side of core.where_reference (where_reference.py): reads cases from standard
// input, one a line, and writes the engine's answer for each, one a line. The comparison is
// the script's; this only translates.
//
// A case: 16 tab-separated values, then the expression (the rest of the line):
//   pieces pawns side(w|b) in_check(0|1) legal_moves ep(0|1) castling(none|standard|chess960)
//   halfmove fullmove ply material simple_eval signature(the code, decimal) board(8x8|10x8)
//   non_pawn_material fields(NAME=TEXT joined by 0x1F; a name not there is missing)
// An answer: "ok 1" or "ok 0" (the expression holds or not), or "error CODE COLUMN".

#include <cstdint>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/core/where_expression.hpp"

namespace {

using namespace fenbatch::core;

constexpr std::size_t value_fields = 16;

std::vector<std::string> split_case(const std::string& line) {
  std::vector<std::string> fields;
  std::size_t at = 0;
  while (fields.size() < value_fields) {
    const std::size_t tab = line.find('\t', at);
    if (tab == std::string::npos) return {};
    fields.push_back(line.substr(at, tab - at));
    at = tab + 1;
  }
  fields.push_back(line.substr(at));
  return fields;
}

where_values values_of(const std::vector<std::string>& f) {
  where_values v;
  v.pieces = std::stoll(f[0]);
  v.pawns = std::stoll(f[1]);
  v.side = f[2] == "b" ? color::black : color::white;
  v.in_check = f[3] == "1";
  v.legal_moves = std::stoll(f[4]);
  v.ep = f[5] == "1";
  v.castling = f[6] == "none"       ? castling_class::none
               : f[6] == "standard" ? castling_class::standard
                                    : castling_class::chess960;
  v.halfmove = std::stoll(f[7]);
  v.fullmove = std::stoll(f[8]);
  v.ply = std::stoll(f[9]);
  v.material = std::stoll(f[10]);
  v.simple_eval = std::stoll(f[11]);
  v.signature = std::stoull(f[12]);
  v.board = f[13] == "10x8" ? board_kind::ten_by_eight : board_kind::eight_by_eight;
  v.non_pawn_material = std::stoll(f[14]);
  return v;
}

// The record's fields in the order of the run's field table; missing unless the case has them.
std::vector<where_field> fields_of(const std::string& spec, const std::vector<std::string>& table) {
  std::vector<where_field> out(table.size());
  std::string_view rest = spec;
  while (!rest.empty()) {
    const std::size_t end = rest.find('\x1f');
    const std::string_view pair = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    const std::size_t equals = pair.find('=');
    for (std::size_t i = 0; i < table.size(); ++i) {
      if (table[i] == pair.substr(0, equals)) out[i] = read_where_field(pair.substr(equals + 1));
    }
  }
  return out;
}

}  // namespace

int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    const std::vector<std::string> fields = split_case(line);
    if (fields.empty()) {
      std::cout << "malformed case\n";
      return 2;
    }
    where_program program;
    std::vector<std::string> table;
    const where_error e = compile_where(fields[value_fields], program, table);
    if (e.ok()) {
      where_values values = values_of(fields);
      const std::vector<where_field> record_fields = fields_of(fields[15], table);
      values.fields = record_fields.data();
      std::cout << "ok " << (program.evaluate(values) ? 1 : 0) << '\n';
    } else {
      std::cout << "error " << to_string(e.code) << ' ' << e.column << '\n';
    }
  }
  return 0;
}
