// --apply-moves, --exclude-apply-moves and --check-move as the command line reads them: FIELD
// and N split at the last ':', N a count of moves (1 or more), every move without it. Expected
// values are the options' rules written out.
#include <gtest/gtest.h>

#include <string>

#include "parse_args.hpp"

namespace fenbatch::app {
namespace {

TEST(MoveOptions, FieldAndCount) {
  const auto c = parse({"--apply-moves", "Moves:1", "--exclude-apply-moves", "a:b:12",
                        "--check-move", "move", "in.csv"});
  ASSERT_TRUE(c);
  EXPECT_EQ(c->config.moves.apply.field, "Moves");
  EXPECT_EQ(c->config.moves.apply.count, 1U);
  EXPECT_EQ(c->config.exclude_apply_moves.field, "a:b");  // split at the last ':'
  EXPECT_EQ(c->config.exclude_apply_moves.count, 12U);
  EXPECT_EQ(c->config.moves.check_field, "move");
}

TEST(MoveOptions, WithoutACountEveryMove) {
  const auto c = parse({"--apply-moves", "2", "in.fen"});
  ASSERT_TRUE(c);
  EXPECT_EQ(c->config.moves.apply.field, "2");
  EXPECT_EQ(c->config.moves.apply.count, core::all_moves);
  EXPECT_TRUE(c->config.exclude_apply_moves.field.empty());
  EXPECT_TRUE(c->config.moves.check_field.empty());
}

TEST(MoveOptions, BadValuesSayWhatIsAllowed) {
  EXPECT_EQ(usage_error_of({"--apply-moves", "Moves:0"}),
            "invalid value for --apply-moves: 'Moves:0' (write FIELD or FIELD:N, N the moves to "
            "play: too small; allowed: 1 to 4294967294)");
  EXPECT_EQ(usage_error_of({"--exclude-apply-moves", ":3"}),
            "invalid value for --exclude-apply-moves: ':3' (the FIELD is empty)");
  EXPECT_NE(usage_error_of({"--apply-moves", "Moves:x"}).find("not a whole number"),
            std::string::npos);
}

}  // namespace
}  // namespace fenbatch::app
