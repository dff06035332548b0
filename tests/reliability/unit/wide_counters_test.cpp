// RELIABILITY A17 and G17, reduced for CI (the real > 2^32-line and > 4 GiB runs are the scale
// tier, tests/reliability/scale/run.sh): every counter, line number and byte offset that the
// statistics carry is 64-bit, and the JSON writes values past 2^31, 2^32 and 2^53-ish exactly
// (no int, double or 32-bit truncation on the way out). Built into fenbatch_pipeline_tests.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <type_traits>

#include "fenbatch/pipeline/run.hpp"

namespace {

namespace fp = fenbatch::pipeline;
using u64 = std::uint64_t;

static_assert(std::is_same_v<decltype(fp::run_stats::input_bytes), u64>);
static_assert(std::is_same_v<decltype(fp::run_stats::bytes), u64>);
static_assert(std::is_same_v<decltype(fp::run_stats::lines), u64>);
static_assert(std::is_same_v<decltype(fp::run_stats::skipped_blank), u64>);
static_assert(std::is_same_v<decltype(fp::run_stats::skipped_comment), u64>);
static_assert(std::is_same_v<decltype(fp::run_stats::valid), u64>);
static_assert(std::is_same_v<decltype(fp::run_stats::invalid), u64>);
static_assert(std::is_same_v<decltype(fp::run_stats::invalid_by_reason)::value_type, u64>);
static_assert(std::is_same_v<decltype(fp::run_stats::repairs)::value_type, u64>);
static_assert(std::is_same_v<decltype(fp::run_stats::written), u64>);
static_assert(std::is_same_v<decltype(fp::run_stats::unique), u64>);
static_assert(std::is_same_v<decltype(fp::run_stats::duplicates), u64>);
static_assert(std::is_same_v<decltype(fp::run_stats::crlf_lines), u64>);
static_assert(std::is_same_v<decltype(fp::run_stats::piece_count)::value_type, u64>);
static_assert(std::is_same_v<decltype(fp::counted_text::count), u64>);
static_assert(std::is_same_v<decltype(fp::invalid_sample::line), u64>);
static_assert(std::is_same_v<decltype(fp::invalid_sample::offset), u64>);
static_assert(std::is_same_v<decltype(fp::progress_info::bytes_done), u64>);

bool has(const std::string& json, const std::string& member) {
  return json.find(member) != std::string::npos;
}

TEST(ReliabilityWideCounters, JsonWritesCountsPast2To32Exactly) {
  fp::run_stats s;
  s.skipped_blank = 2;
  s.skipped_comment = 3;
  s.invalid = 4'294'967'301ULL;  // 2^32 + 5
  s.invalid_by_reason[1] = s.invalid;
  s.written = 3'000'000'019ULL;             // > 2^31
  s.duplicates = 9'007'199'254'740'993ULL;  // 2^53 + 1: not representable as a double
  s.valid = s.written + s.duplicates;
  s.unique = s.written;
  s.lines = s.valid + s.invalid + s.skipped();
  s.bytes = 18'446'744'073'709'551'615ULL;  // 2^64 - 1
  s.input_bytes = 5'000'000'000ULL;
  s.invalid_samples.push_back(fp::invalid_sample{"in.fen", 4'294'967'297ULL, 1, 4'800'000'000ULL,
                                                 fenbatch::core::fen_errc{}});
  fp::run_config config;
  config.inputs = {"in.fen"};
  config.output = "out.fen";
  config.dedupe = true;
  const std::string json = fp::to_json(s, config);
  EXPECT_TRUE(has(json, "\"lines\": " + std::to_string(s.lines))) << json;
  EXPECT_TRUE(has(json, "\"invalid\": 4294967301")) << json;
  EXPECT_TRUE(has(json, "\"written\": 3000000019")) << json;
  EXPECT_TRUE(has(json, "\"duplicates\": 9007199254740993")) << json;
  EXPECT_TRUE(has(json, "\"bytes\": 18446744073709551615")) << json;
  EXPECT_TRUE(has(json, "\"input_bytes\": 5000000000")) << json;
  EXPECT_TRUE(has(json, "\"line\": 4294967297")) << json;
  EXPECT_TRUE(has(json, "\"offset\": 4800000000")) << json;
  EXPECT_TRUE(has(json, "\"balanced\": true")) << json;
}

TEST(ReliabilityWideCounters, ReconciliationHoldsPast2To32) {
  fp::run_stats s;
  s.written = 4'294'967'296ULL;
  s.duplicates = 4'294'967'296ULL;
  s.invalid = 1;
  s.skipped_blank = 1;
  s.lines = 8'589'934'594ULL;
  EXPECT_TRUE(s.reconciles());
  s.lines -= 4'294'967'296ULL;  // what a 32-bit wrap of one counter would give
  EXPECT_FALSE(s.reconciles());
}

}  // namespace
