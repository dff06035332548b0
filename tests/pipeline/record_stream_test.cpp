// stream_run (record_stream.hpp): the records a run streams are exactly the records run()
// writes to its output file, in its order (less the CSV/TSV header line), for every kind of run
// (in memory, partitioned, --keep last/max, --where, --exclude, --sample, every format,
// --apply-moves), with the same side files and statistics, and no output file. Each record says
// where it came from: the inputs are written so that every line names its own number (a FEN
// line's fullmove counter, a column or key `n` of the others), and each position text reads back
// as itself. run() is the reference; its own correctness is what the other tests check.
#include "fenbatch/pipeline/record_stream.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "compared_run.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/write.hpp"
#include "fenbatch/pipeline/config_error.hpp"
#include "fenbatch/pipeline/run.hpp"
#include "placement_text.hpp"
#include "read_file.hpp"
#include "temp_dir.hpp"

namespace fenbatch::pipeline {
namespace {

using test::temp_dir;

enum class shape { fen, csv, tsv, json, plain };

// Positions of two kings (the white one on every `white_step`-th square, the black one on every
// `black_step`-th) and a knight (on every `knight_step`-th square, or none), black to move when
// the knight is there: about 5,000 with steps 3, 2 and 9; 120,000 with 1, 1 and 2.
std::vector<std::string> position_pool(int white_step, int black_step, int knight_step) {
  std::vector<std::string> pool;
  for (int wk = 0; wk < 64; wk += white_step) {
    for (int bk = 0; bk < 64; bk += black_step) {
      if (std::abs(wk % 8 - bk % 8) <= 1 && std::abs(wk / 8 - bk / 8) <= 1) continue;
      for (int n = -1; n < 64; n += knight_step) {
        if (n == wk || n == bk) continue;
        std::string board(64, '.');
        board[static_cast<std::size_t>(wk)] = 'K';
        board[static_cast<std::size_t>(bk)] = 'k';
        if (n >= 0) board[static_cast<std::size_t>(n)] = 'N';
        pool.push_back(test::placement_text(board) + (n >= 0 ? " b - -" : " w - -"));
      }
    }
  }
  return pool;
}

// `lines` records, many positions repeated, with invalid lines (and in FEN, comments) between
// them; each valid record names its first line's number plus `base` (the input's index times
// 100000): a FEN line as its fullmove counter, the others in `n` (and a `score` that varies, for
// --keep max).
std::string corpus(shape s, std::uint64_t seed, int lines, int base = 0) {
  static const std::vector<std::string> pool = position_pool(3, 2, 9);
  std::string text;
  int line = 0;
  if (s == shape::csv) text = "fen,n,score\n";
  if (s == shape::tsv) text = "fen\tn\tscore\n";
  line += s == shape::csv || s == shape::tsv ? 1 : 0;
  std::uint64_t x = seed;
  for (int i = 0; i < lines; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    const std::uint64_t r = x >> 33;
    const std::string n = std::to_string(base + ++line);
    const std::string fen = pool[r % (pool.size() / 3)];
    const std::string score = std::to_string(r % 1000);
    if (r % 31 == 0) {
      text += s == shape::plain ? "nonsense\n" : "not a position\n";
    } else if (r % 37 == 0 && s == shape::fen) {
      text += "# a comment\n";
    } else if (s == shape::fen) {
      text += fen + " 0 " + n + "\n";
    } else if (s == shape::csv) {
      text += fen + " 0 1," + n + "," + score + "\n";
    } else if (s == shape::tsv) {
      text += fen + " 0 1\t" + n + "\t" + score + "\n";
    } else if (s == shape::json) {
      text += "{\"fen\": \"" + fen + " 0 1\", \"n\": " + n + "}\n";
    } else {
      text += "fen " + fen + " 0 1\nn " + n + "\nscore " + score + "\ne\n";
      line += 3;
    }
  }
  return text;
}

// CSV records of the start position with a few moves to play (--apply-moves moves), each
// naming its line in `n`; some moves illegal.
std::string moves_corpus(int lines) {
  static const char* const moves[] = {"e2e4",      "d2d4",           "g1f3", "e2e4 e7e5",
                                      "d2d4 d7d5", "g1f3 g8f6 b1c3", "e2e5", "c2c4"};
  std::string text = "fen,n,moves\n";
  for (int i = 0; i < lines; ++i) {
    text += "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1," + std::to_string(i + 2) +
            "," + moves[i % 8] + "\n";
  }
  return text;
}

struct streamed {
  std::string text;  // each record and a LF
  std::uint64_t records = 0;
  run_stats stats;
};

// The number a record of shape `s` names (see corpus).
std::uint64_t named_line(shape s, std::string_view record, std::string_view position) {
  const auto number_at = [record](std::size_t at) {
    const std::size_t end = record.find_first_not_of("0123456789", at);
    return std::stoull(std::string(record.substr(at, end - at)));
  };
  switch (s) {
    case shape::fen: return number_at(position.rfind(' ') + 1);  // (the position is the record)
    case shape::csv: return number_at(record.find(',') + 1);
    case shape::tsv: return number_at(record.find('\t') + 1);
    case shape::json: return number_at(record.find("\"n\": ") + 5);
    case shape::plain: return number_at(record.find("\nn ") + 3);
  }
  return 0;
}

// stream_run of `config`; every record checked: its position reads back as itself, and it
// names its own line.
streamed stream(const run_config& config, shape s) {
  streamed out;
  out.stats = stream_run(config, [&](const streamed_block& block) {
    for (const streamed_record& r : block.records) {
      const std::string_view record = block.text.substr(r.text_offset, r.text_length);
      const std::string_view position = block.text.substr(r.position_offset, r.position_length);
      out.text.append(record).push_back('\n');
      ++out.records;
      core::record rec;
      ASSERT_TRUE(core::parse_record(position, config.decode, rec).ok()) << position;
      core::write_options keep = config.write;
      keep.format = core::output_format::keep;
      EXPECT_EQ(core::to_canonical(rec, position, keep), position);
      EXPECT_LT(r.input, config.inputs.size());
      EXPECT_EQ(named_line(s, record, position), r.input * 100000 + r.line) << record;
    }
  });
  return out;
}

// What run() writes, and then what stream_run streams of the same config (its side files in
// the same places, the output not created). `s`: how records name their lines (the written
// shape: .plain for --format plain); `header`: the output starts with one.
run_stats expect_streamed_as_written(const temp_dir& dir, run_config config, shape s = shape::fen,
                                     bool header = false) {
  const test::compared_run written = test::run_for_comparison(dir, config);
  std::filesystem::remove(dir.path("out.fen"));
  config.output = dir.path("out.fen");
  config.rejects_path = dir.path("rejects.txt");
  if (!config.counts_path.empty()) config.counts_path = dir.path("counts.tsv");
  if (!config.duplicates_path.empty()) config.duplicates_path = dir.path("dups.txt");
  config.temp_dir = dir.path("");
  const streamed got = stream(config, s);
  EXPECT_FALSE(std::filesystem::exists(config.output));
  std::string expected = written.output;
  if (header) expected.erase(0, expected.find('\n') + 1);
  EXPECT_EQ(got.text, expected);
  EXPECT_EQ(got.records, written.stats.written);
  EXPECT_GT(got.records, 0U);
  EXPECT_EQ(test::read_file(config.rejects_path), written.rejects);
  if (!config.counts_path.empty()) {
    EXPECT_EQ(test::read_file(config.counts_path), written.counts);
  }
  if (!config.duplicates_path.empty()) {
    EXPECT_EQ(test::read_file(config.duplicates_path), written.duplicates);
  }
  run_stats comparable = got.stats;
  comparable.wall_seconds = 0;
  comparable.threads = 0;
  comparable.memory = {};
  EXPECT_EQ(to_json(comparable, config), written.stats_json);
  return got.stats;
}

class RecordStream : public testing::Test {
 protected:
  // Two inputs of `s`, in many small chunks.
  run_config config_of(shape s, const char* extension) {
    run_config config;
    config.inputs = {dir_.file(std::string("a.") + extension, corpus(s, 1, 3000)),
                     dir_.file(std::string("b.") + extension, corpus(s, 2, 2000, 100000))};
    config.chunk_size = 5000;
    config.samples_per_reason = 2;
    return config;
  }
  temp_dir dir_;
};

TEST_F(RecordStream, FenLinesWithAndWithoutDedupe) {
  run_config config = config_of(shape::fen, "fen");
  for (const unsigned threads : {1U, 2U}) {
    SCOPED_TRACE(testing::Message() << "threads " << threads);
    config.threads = threads;
    config.dedupe = false;
    expect_streamed_as_written(dir_, config);
    config.dedupe = true;
    expect_streamed_as_written(dir_, config);
  }
}

TEST_F(RecordStream, PartitionedDedupe) {
  run_config config = config_of(shape::fen, "fen");
  config.dedupe = true;
  config.counts_path = "counts";
  config.duplicates_path = "dups";
  config.dedupe_memory_bytes = 1;  // not even an empty set fits: partitioned from the start
  const run_stats stats = expect_streamed_as_written(dir_, config);
  EXPECT_TRUE(stats.memory.partitioned);
  EXPECT_EQ(stats.memory.lines_before_switch, 0U);
}

// A switch in the middle of the run (the set holds about 72,000 keys, as partitioned_run_test
// says; the input has 100,000): the chunks before it are streamed in pass 1, those after it in
// pass 3.
TEST_F(RecordStream, PartitionedInTheMiddle) {
  const std::vector<std::string> pool = position_pool(1, 1, 2);
  std::string text;
  for (std::size_t i = 0; i < 100000; ++i) {
    text += pool[(i * 7919) % pool.size()] + " 0 " + std::to_string(i + 1) + "\n";
  }
  run_config config;
  config.inputs = {dir_.file("big.fen", text)};
  config.dedupe = true;
  config.counts_path = "counts";
  config.dedupe_memory_bytes = std::uint64_t{2600} << 10;
  config.chunk_size = 1 << 16;
  const run_stats stats = expect_streamed_as_written(dir_, config);
  EXPECT_TRUE(stats.memory.partitioned);
  EXPECT_GT(stats.memory.lines_before_switch, 0U);
  EXPECT_LT(stats.memory.lines_before_switch, stats.lines);
}

TEST_F(RecordStream, SurvivorPolicies) {
  run_config config = config_of(shape::fen, "fen");
  config.keep = keep_occurrence::last;
  config.max_per_position = 2;
  expect_streamed_as_written(dir_, config);
  config.keep = keep_occurrence::first;
  config.max_per_position = 1;
  config.min_count = 2;
  expect_streamed_as_written(dir_, config);
}

TEST_F(RecordStream, WhereExcludeAndSample) {
  run_config config = config_of(shape::fen, "fen");
  config.where = {"pieces > 2"};
  expect_streamed_as_written(dir_, config);
  config.where.clear();
  config.exclude_paths = {dir_.file("ref.fen", corpus(shape::fen, 3, 300))};
  config.dedupe = true;
  expect_streamed_as_written(dir_, config);
  config.sample = core::decimal_fraction{5, 1};
  config.sample_text = "0.5";
  expect_streamed_as_written(dir_, config);
}

TEST_F(RecordStream, CsvTsvJsonWithHeaderAndKeepMax) {
  run_config config = config_of(shape::csv, "csv");
  expect_streamed_as_written(dir_, config, shape::csv, true);
  config.keep = keep_occurrence::max_value;
  config.keep_field = "score";
  expect_streamed_as_written(dir_, config, shape::csv, true);
  expect_streamed_as_written(dir_, config_of(shape::tsv, "tsv"), shape::tsv, true);
  run_config json = config_of(shape::json, "jsonl");
  json.dedupe = true;
  expect_streamed_as_written(dir_, json, shape::json);
}

TEST_F(RecordStream, PlainInAndOut) {
  run_config plain = config_of(shape::plain, "plain");
  plain.dedupe = true;
  expect_streamed_as_written(dir_, plain, shape::plain);
  run_config csv = config_of(shape::csv, "csv");
  csv.plain_output = true;
  expect_streamed_as_written(dir_, csv, shape::plain);
}

TEST_F(RecordStream, ApplyMoves) {
  run_config config;
  config.inputs = {dir_.file("m.csv", moves_corpus(2000))};
  config.chunk_size = 5000;
  config.moves.apply.field = "moves";
  expect_streamed_as_written(dir_, config, shape::csv, true);
  config.dedupe = true;  // (a few positions: all in the first chunk)
  expect_streamed_as_written(dir_, config, shape::csv, true);
}

// An EPD operation with a quote: the CSV field is quoted with the quote doubled, and a JSON
// string escapes it; the position is given decoded, after the block's records.
TEST_F(RecordStream, EscapedPositionsAreDecoded) {
  const std::string epd = "4k3/8/8/8/8/8/8/4K3 w - - c0 \"\"a\"\";";
  run_config csv;
  csv.inputs = {dir_.file("q.csv", "fen,n\n\"" + epd + "\",2\n")};
  csv.write.format = core::output_format::keep;
  expect_streamed_as_written(dir_, csv, shape::csv, true);
  run_config json;
  json.inputs = {
      dir_.file("q.jsonl", "{\"fen\": \"4k3/8/8/8/8/8/8/4K3 w - - c0 \\\"a\\\";\", \"n\": 1}\n")};
  json.write.format = core::output_format::keep;
  expect_streamed_as_written(dir_, json, shape::json);
}

TEST_F(RecordStream, SplitIsRefused) {
  run_config config = config_of(shape::fen, "fen");
  config.splits.push_back({"test", core::decimal_fraction{1, 1}, "0.1", dir_.path("t.fen")});
  EXPECT_THROW(stream_run(config, [](const streamed_block&) {}), config_error);
  EXPECT_FALSE(std::filesystem::exists(dir_.path("t.fen")));
}

// A sink that throws stops the run: the exception comes out of stream_run as it was thrown,
// no side file is published and no temporary is left.
TEST_F(RecordStream, ThrowingSinkLeavesNothing) {
  run_config config = config_of(shape::fen, "fen");
  config.dedupe = true;
  config.rejects_path = dir_.path("rejects.txt");
  config.stats_json_path = dir_.path("stats.json");
  config.counts_path = dir_.path("counts.tsv");
  config.temp_dir = dir_.path("");
  // In memory, and partitioned (its partitions and deferred chunks on disk in pass 3).
  for (const std::uint64_t set_bytes : {std::uint64_t{0}, std::uint64_t{1}}) {
    SCOPED_TRACE(testing::Message() << "set bytes " << set_bytes);
    config.dedupe_memory_bytes = set_bytes;
    int calls = 0;
    run_stats stats;
    EXPECT_THROW(stats = stream_run(config,
                                    [&calls](const streamed_block&) {
                                      if (++calls == 2) throw std::domain_error("enough");
                                    }),
                 std::domain_error);
    EXPECT_EQ(calls, 2);
    std::vector<std::string> left;
    for (const auto& entry : std::filesystem::directory_iterator(dir_.path(""))) {
      left.push_back(entry.path().filename().string());
    }
    std::sort(left.begin(), left.end());
    EXPECT_EQ(left, (std::vector<std::string>{"a.fen", "b.fen"}));
  }
}

// A sink that waits for a slow consumer (a queue of one block) holds the run up without
// deadlocking it, and the consumer sees every record in order.
TEST_F(RecordStream, BlockingSinkHandsOverInOrder) {
  run_config config = config_of(shape::fen, "fen");
  config.threads = 2;
  std::mutex m;
  std::condition_variable changed;
  std::deque<std::string> queue;
  bool done = false;
  std::string consumed;
  std::thread consumer([&] {
    std::unique_lock lock(m);
    for (;;) {
      changed.wait(lock, [&] { return !queue.empty() || done; });
      if (queue.empty()) return;
      consumed += queue.front();
      queue.pop_front();
      changed.notify_all();
    }
  });
  stream_run(config, [&](const streamed_block& block) {
    std::string text;
    for (const streamed_record& r : block.records) {
      text.append(block.text.substr(r.text_offset, r.text_length)).push_back('\n');
    }
    std::unique_lock lock(m);
    changed.wait(lock, [&] { return queue.empty(); });
    queue.push_back(std::move(text));
    changed.notify_all();
  });
  {
    const std::lock_guard lock(m);
    done = true;
  }
  changed.notify_all();
  consumer.join();
  const test::compared_run written = test::run_for_comparison(dir_, config);
  EXPECT_EQ(consumed, written.output);
}

}  // namespace
}  // namespace fenbatch::pipeline
