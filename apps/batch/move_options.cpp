#include "move_options.hpp"

#include <boost/program_options.hpp>
#include <cstdint>
#include <string_view>

#include "command_line.hpp"
#include "fenbatch/cli/parse_number.hpp"
#include "option_values.hpp"

namespace fenbatch::app {
namespace {

constexpr option_values::number_rule move_count{1, UINT32_MAX - 1, "1 to 4294967294"};

[[noreturn]] void refuse(std::string_view option, const std::string& text, std::string_view why) {
  std::string message = "invalid value for --";
  message.append(option).append(": ").append(option_values::shown(text));
  message.append(" (").append(why).append(")");
  throw usage_error(message);
}

// FIELD[:N]: the field's name and how many of its moves; the field may hold ':' itself when
// N is given ("a:b:2").
pipeline::move_request request_of(std::string_view option, const std::string& text) {
  pipeline::move_request request;
  const std::size_t colon = text.rfind(':');
  request.field = text.substr(0, colon);
  if (colon != std::string::npos) {
    const cli::number_reading reading = cli::read_count(text.substr(colon + 1), move_count.high);
    const std::string refusal = option_values::number_refusal(reading, move_count);
    if (!refusal.empty()) {
      std::string why = "write FIELD or FIELD:N, N the moves to play: ";
      why.append(refusal);
      refuse(option, text, why);
    }
    request.count = static_cast<std::uint32_t>(reading.value);
  }
  if (request.field.empty()) refuse(option, text, "the FIELD is empty");
  return request;
}

}  // namespace

boost::program_options::options_description move_options(move_texts& texts) {
  namespace po = boost::program_options;
  po::options_description moves("Moves (UCI move lists in a field of the record)");
  // clang-format off
  moves.add_options()
      ("apply-moves", po::value(&texts.apply)->value_name("FIELD[:N]"),
       "play the first N moves (default: all) of the field's UCI move list before anything "
       "else reads the position; FIELD as in --where's $FIELD (a CSV/TSV column by name or "
       "number, a --payload column by number). Lichess puzzles: --apply-moves Moves:1")
      ("exclude-apply-moves", po::value(&texts.exclude_apply)->value_name("FIELD[:N]"),
       "the same for the --exclude references")
      ("check-move", po::value(&texts.check)->value_name("FIELD"),
       "reject a record whose field's moves are not legal from its position (after "
       "--apply-moves)");
  // clang-format on
  return moves;
}

void read_moves(const move_texts& texts, pipeline::run_config& config) {
  if (!texts.apply.empty()) config.moves.apply = request_of("apply-moves", texts.apply);
  if (!texts.exclude_apply.empty()) {
    config.exclude_apply_moves = request_of("exclude-apply-moves", texts.exclude_apply);
  }
  config.moves.check_field = texts.check;
}

}  // namespace fenbatch::app
