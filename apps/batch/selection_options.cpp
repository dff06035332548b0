#include "selection_options.hpp"

#include <boost/program_options.hpp>
#include <string>

#include "command_line.hpp"
#include "fenbatch/pipeline/where_check.hpp"

namespace fenbatch::app {

boost::program_options::options_description selection_options(pipeline::run_config& config) {
  namespace po = boost::program_options;
  po::options_description selection("Selection");
  // clang-format off
  selection.add_options()
      ("where", po::value(&config.where)->value_name("EXPR"),
       "keep only valid lines for which EXPR holds, e.g. 'pieces >= 16 and not in_check' "
       "(repeatable: all must hold; applied before --exclude and dedupe; the names and grammar "
       "are in fenbatch(1))")
      ("uniqueness", po::bool_switch(&config.uniqueness),
       "count the distinct positions of the lines that reach dedupe under six identities (fen, "
       "position, board_side_castling, board_side, placement, mirror) in the statistics; "
       "exact within a share of the memory budget, else estimated (about 0.41%)");
  // clang-format on
  return selection;
}

void check_selection(const pipeline::run_config& config) {
  for (const std::string& where : config.where) {
    if (const std::string refusal = pipeline::where_refusal(where); !refusal.empty()) {
      throw usage_error(refusal);
    }
  }
}

}  // namespace fenbatch::app
