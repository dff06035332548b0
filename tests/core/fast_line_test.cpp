// The decoder's fast line (core/src/decoder/line_decoder.cpp): a line with no framing to do goes
// straight to the placement kernel and the fast tail; a blank at either end, a comment, an empty
// or overlong line, a placement the kernel declines and a tail the fast tail declines go to the
// driver, which must take them as before. Every implementation against the precise parser
// (status, column, record, and what the writer makes of it) on each way a line can leave the
// fast line, and the plain-tail hint where the fast tail must still run after the kernel
// declined (the precise parser never sets it, so the expected values are written here).
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "decoder/decode_with.hpp"
#include "fenbatch/core/decoder_registry.hpp"
#include "fenbatch/core/line_limits.hpp"
#include "fenbatch/core/write.hpp"
#include "same_decoding.hpp"

namespace fenbatch::core {
namespace {

struct fast_line_case {
  std::string line;
  bool plain_tail;  // expected of a fast-path decoder where the line is accepted
};

// Lines that leave the fast line at each of its exits, with and without framing around them.
std::vector<fast_line_case> cases() {
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
  const std::vector<fast_line_case> bodies = {
      {start + " w KQkq - 0 1", true},               // the fast line itself
      {start + " b KQkq - 7 42", true},              //
      {start + " w KQkq -", true},                   // 4 fields
      {start + " w KQkq - 00 1", false},             // a leading zero: the fast tail, not plain
      {start + " w KQkq - 0 1 bm e4;", false},       // operations: the fast tail declines
      {start + " w KQkq - hmvc 3; fmvn 7;", false},  //
      {start + " w KQkq - 0 1 | 25 | 0.5", false},   // a payload (or trailing garbage)
      {start + " w KQkq -  0 1", false},             // two spaces
      {start + "\tw KQkq - 0 1", false},             // a tab after the placement
      {start + " w KQkq - 0", false},                // five fields
      {start + " x KQkq - 0 1", false},              // a bad side
      // The kernel declines: a digit run (repair merges it), a placement of 64 bytes or more.
      // The fast tail must still read the tail after the precise placement.
      {"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true},
      {"k1p1p1p1/p1p1p1p1/p1p1p1p1/p1p1p1p1/P1P1P1P1/P1P1P1P1/P1P1P1P1/K1P1P1P1 w - - 0 1", true},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", false},  // a short rank
      {"#" + start + " w KQkq - 0 1", false},                              // a comment
  };
  std::vector<fast_line_case> out;
  for (const fast_line_case& body : bodies) {
    for (const std::string_view before : {"", " ", "\t", " \t "}) {
      for (const std::string_view after : {"", " ", "\t", "\t "}) {
        out.push_back({std::string(before) + body.line + std::string(after), body.plain_tail});
      }
    }
  }
  for (const std::string_view odd : {"", " ", "\t\t", "#", " # comment"}) {
    out.push_back({std::string(odd), false});
  }
  out.push_back({start + " w KQkq - 0 1" + std::string(max_line_length, ' '), true});  // overlong
  return out;
}

// The writer's text of a record in every output the options allow.
std::vector<std::string> written(const record& rec, std::string_view line) {
  std::vector<std::string> out;
  for (const output_format format : {output_format::fen, output_format::epd, output_format::keep}) {
    for (const castling_notation castling :
         {castling_notation::xfen, castling_notation::shredder}) {
      for (const ep_policy ep : {ep_policy::legal, ep_policy::pseudo, ep_policy::always}) {
        out.push_back(to_canonical(rec, line, write_options{format, castling, ep}));
      }
    }
  }
  return out;
}

TEST(FastLine, EveryImplementationAgreesWithThePreciseParserAtEachExit) {
  int compared = 0;
  int accepted = 0;
  for (const decoder_implementation& impl : decoder_implementations()) {
    if (!impl.supported()) continue;
    for (const fast_line_case& c : cases()) {
      for (const bool repair : {false, true}) {
        for (const bool payload : {false, true}) {
          const decode_options options{repair, payload};
          record expected;
          record got;
          const fen_status s = decoder::decode_precise(c.line, options, expected);
          const fen_status t = impl.decode(c.line, options, got);
          const std::string what = std::string(impl.name) + (repair ? " repair" : " strict") +
                                   (payload ? " payload" : "") + ": \"" + c.line + '"';
          ++compared;
          ASSERT_EQ(s, t) << what;
          if (!s.ok()) continue;
          EXPECT_TRUE(test::same_decoding(expected, got)) << what;
          EXPECT_EQ(got.plain_tail, c.plain_tail) << what;
          if (validate(expected, options).ok() && validate(got, options).ok()) {
            ++accepted;
            EXPECT_EQ(written(got, c.line), written(expected, c.line)) << what;
          }
        }
      }
    }
  }
  EXPECT_GT(compared, 0);
  EXPECT_GT(accepted, 0);
}

}  // namespace
}  // namespace fenbatch::core
