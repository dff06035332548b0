// distributed_dedupe under mpirun (1 to 4 ranks): every rank makes up every rank's lines from
// the same seeds, works out the decisions of a single process over the whole input (rank 0's
// lines, then rank 1's...) with a std::map, and checks those of its own lines.
#include "distributed/distributed_dedupe.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "distributed/failure_agreement.hpp"
#include "distributed/global_origin.hpp"
#include "distributed/key_owner.hpp"

namespace fenbatch::pipeline::detail {
namespace {

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

struct line_spec {
  bool valid = false;
  core::position_key key;
  std::uint64_t standing = 0;  // ranked scenarios only
};
struct chunk_spec {
  std::uint32_t file_index = 0;
  std::vector<line_spec> lines;
};

struct scenario {
  std::uint64_t seed = 1;
  std::size_t lines_per_rank = 3000;
  std::uint64_t shared_keys = 300;  // keys every rank draws from
  bool with_origins = false;
  bool final_counts = false;
  // --keep last, --min-count: decisions carry final counts (and with last_origins the key's
  // last occurrence's origin).
  bool finals_in_decisions = false;
  bool last_origins = false;
  // --keep max/min (issue 29): lines carry standings; decisions carry ranks among the best
  // ranked_places lines and the best line's origin (0: not ranked).
  std::uint32_t ranked_places = 0;
  std::uint64_t memory_bytes = std::uint64_t{64} << 20;
  std::size_t round_bytes = std::size_t{16} << 20;
  unsigned threads = 2;    // the owner's (its set in as many shards: sharded_owner_set)
  int empty_rank = -1;     // a rank with no lines at all
  bool one_owner = false;  // every key owned by the last rank
};

// Key number k: 0 is the all-zero key, 1 the hot one (counts past 255).
core::position_key key_of(std::uint64_t k, const scenario& sc, std::size_t ranks) {
  if (k == 0 && !sc.one_owner) return {};
  for (std::uint64_t attempt = 0;; ++attempt) {
    const core::position_key key{splitmix(k * 131 + attempt), splitmix(~k * 7 + attempt)};
    if (!sc.one_owner || owner_of(key, ranks) == ranks - 1) return key;
  }
}

// Rank r's chunks: two inputs (r's part of input 0, then of input 1), a tenth of the lines
// invalid, chunks of 1 to 200 lines.
std::vector<chunk_spec> chunks_of(int r, const scenario& sc, std::size_t ranks) {
  std::vector<chunk_spec> chunks;
  if (r == sc.empty_rank) return chunks;
  std::uint64_t state = splitmix(sc.seed * 1000003 + static_cast<std::uint64_t>(r));
  auto draw = [&](std::uint64_t n) { return (state = splitmix(state)) % n; };
  std::size_t made = 0;
  while (made < sc.lines_per_rank) {
    chunk_spec c;
    c.file_index = made < sc.lines_per_rank / 2 ? 0 : 1;
    const std::size_t n = std::min<std::size_t>(1 + draw(200), sc.lines_per_rank - made);
    for (std::size_t i = 0; i < n; ++i) {
      line_spec line;
      const std::uint64_t kind = draw(100);
      line.valid = kind >= 10;
      std::uint64_t k = 2 + draw(sc.shared_keys);                     // shared by the ranks
      if (kind >= 10 && kind < 25) k = 1;                             // the hot key
      if (kind >= 25 && kind < 30) k = 100000 + 1000 * r + draw(50);  // this rank's only
      line.key = key_of(k, sc, ranks);
      if (sc.ranked_places != 0) line.standing = draw(4) * 1000;  // ties, and 0: none
      c.lines.push_back(line);
    }
    made += n;
    chunks.push_back(c);
  }
  return chunks;
}

chunk make_chunk(const chunk_spec& spec, std::uint64_t sequence, bool ranked = false) {
  chunk c;
  c.sequence = sequence;
  c.ranked = ranked;
  c.input.file_index = spec.file_index;
  c.counts.lines = spec.lines.size();
  for (std::uint32_t i = 0; i < spec.lines.size(); ++i) {
    if (!spec.lines[i].valid) continue;
    c.valid.push_back({spec.lines[i].key, 0, 0, {}});
    c.sources.push_back({i, {}});
    if (ranked) c.standings.push_back(spec.lines[i].standing);
  }
  return c;
}

struct expected_line {
  core::position_key key;
  std::uint32_t occurrence = 0;
  std::uint64_t first_origin = 0;
  std::uint32_t final_count = 0;  // with finals in decisions
  std::uint32_t rank = 0;         // ranked: what the decision carries as its occurrence
};
struct expectation {
  std::vector<expected_line> lines;   // this rank's valid lines, in order
  std::vector<std::uint32_t> finals;  // this rank's first occurrences' final counts, in order
  std::uint64_t bytes_sent = 0;       // to other ranks, with the wire's record sizes
  std::uint64_t distinct = 0;         // keys over all ranks
};

// Ranked: the line's rank among its key's lines, each (standing, origin) in input order (the
// larger standing first, ties to the earlier line), and the key's best line's origin.
void rank_line(std::vector<std::pair<std::uint64_t, std::uint64_t>> standings, std::uint32_t places,
               expected_line& line) {
  const std::uint64_t origin = standings[line.occurrence - 1].second;
  std::stable_sort(standings.begin(), standings.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  line.first_origin = standings.front().second;
  line.rank = places + 1;
  for (std::size_t r = 0; r < places && r < standings.size(); ++r) {
    if (standings[r].second == origin) line.rank = static_cast<std::uint32_t>(r + 1);
  }
}

// The single process's dedupe over every rank's lines in rank order, with a std::map.
expectation expect(const scenario& sc, int rank, std::size_t ranks) {
  struct seen {
    std::uint32_t count = 0;
    std::uint64_t first_origin = 0;
    std::uint64_t last_origin = 0;
    int first_rank = 0;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> standings;  // (standing, origin)
  };
  std::map<core::position_key, seen> keys;
  expectation e;
  const std::uint64_t key_bytes = (sc.with_origins ? 24 : 16) + (sc.ranked_places != 0 ? 8 : 0);
  const std::uint64_t decision_bytes =
      (sc.with_origins ? 12 : 4) + (sc.finals_in_decisions ? 4 : 0);
  struct first_line {
    core::position_key key;
    int rank;
  };
  std::vector<first_line> firsts;  // every rank's first occurrences, in order
  for (std::size_t r = 0; r < ranks; ++r) {
    std::uint64_t lines_before[2] = {0, 0};
    for (const chunk_spec& c : chunks_of(static_cast<int>(r), sc, ranks)) {
      for (std::size_t i = 0; i < c.lines.size(); ++i) {
        if (!c.lines[i].valid) continue;
        const core::position_key& key = c.lines[i].key;
        const std::uint64_t origin = encode_global_origin(
            {static_cast<std::uint32_t>(r), c.file_index, lines_before[c.file_index] + i});
        seen& s = keys[key];
        if (++s.count == 1) {
          s.first_origin = origin;
          s.first_rank = static_cast<int>(r);
          firsts.push_back({key, static_cast<int>(r)});
        }
        s.last_origin = origin;
        s.standings.emplace_back(c.lines[i].standing, origin);
        const auto owner = static_cast<int>(owner_of(key, ranks));
        if (static_cast<int>(r) == rank) {
          e.lines.push_back({key, s.count, s.first_origin});
          if (owner != rank) e.bytes_sent += key_bytes;
        } else if (owner == rank) {
          e.bytes_sent += decision_bytes;
        }
      }
      lines_before[c.file_index] += c.lines.size();
    }
  }
  if (sc.finals_in_decisions) {
    for (expected_line& line : e.lines) {
      const seen& s = keys[line.key];
      line.final_count = s.count;
      if (sc.last_origins) line.first_origin = s.last_origin;
      if (sc.ranked_places != 0) rank_line(s.standings, sc.ranked_places, line);
    }
  }
  for (const first_line& f : firsts) {
    const auto owner = static_cast<int>(owner_of(f.key, ranks));
    if (f.rank == rank) e.finals.push_back(keys[f.key].count);
    ++e.distinct;
    if (sc.final_counts && owner == rank && f.rank != rank) e.bytes_sent += 4;
  }
  return e;
}

class DistributedDedupe : public ::testing::Test {
 protected:
  communicator comm;
  std::size_t ranks() const { return static_cast<std::size_t>(comm.size()); }

  distributed_dedupe_options options_for(const scenario& sc) const {
    distributed_dedupe_options o;
    o.partitions.memory_bytes = sc.memory_bytes;
    o.partitions.with_origins = sc.with_origins;
    o.partitions.final_counts = sc.final_counts;
    o.partitions.finals_in_decisions = sc.finals_in_decisions;
    o.partitions.last_origins = sc.last_origins;
    o.partitions.ranked_places = sc.ranked_places;
    o.partitions.threads = sc.threads;
    o.round_bytes = sc.round_bytes;
    o.agree = [this](const std::exception_ptr& failure) { agree(comm, failure); };
    return o;
  }

  // Runs the three passes as the pipeline does and checks every decision of this rank.
  void check(const scenario& sc, bool partitioned) {
    distributed_dedupe dedupe(comm, options_for(sc));
    std::uint64_t sequence = 0;
    const auto specs = chunks_of(comm.rank(), sc, ranks());
    for (const chunk_spec& spec : specs)
      dedupe.add_chunk(make_chunk(spec, sequence++, sc.ranked_places != 0), sc.with_origins);
    std::uint64_t rounds = 0;
    dedupe.resolve([&](std::uint64_t, std::uint64_t total) { rounds = std::max(rounds, total); });

    const std::uint64_t distinct = comm.sum(dedupe.unique());  // (every rank, before any check)
    const expectation e = expect(sc, comm.rank(), ranks());
    EXPECT_EQ(distinct, e.distinct);
    std::size_t mismatches = 0;
    std::vector<core::position_key> first_keys;
    for (const expected_line& line : e.lines) {
      const partition_decision d = dedupe.next(line.key);
      const std::uint32_t occurrence = sc.ranked_places != 0 ? line.rank : line.occurrence;
      if (d.occurrence != occurrence || d.final_count != line.final_count ||
          (sc.with_origins && d.first_origin != line.first_origin)) {
        if (++mismatches <= 5) {
          ADD_FAILURE() << "rank " << comm.rank() << ": occurrence " << d.occurrence
                        << " (expected " << occurrence << "), origin " << d.first_origin
                        << " (expected " << line.first_origin << ")";
        }
      }
      if (line.occurrence == 1) first_keys.push_back(line.key);
    }
    EXPECT_EQ(mismatches, 0U);
    EXPECT_EQ(first_keys.size(), e.finals.size());
    if (sc.final_counts && first_keys.size() == e.finals.size()) {
      std::size_t wrong = 0;
      for (std::size_t i = 0; i < first_keys.size(); ++i) {
        wrong += dedupe.final_count(first_keys[i]) != e.finals[i];
      }
      EXPECT_EQ(wrong, 0U) << "rank " << comm.rank();
    }
    EXPECT_EQ(dedupe.bytes_sent(), e.bytes_sent) << "rank " << comm.rank();
    EXPECT_EQ(dedupe.partitions() > 0, partitioned) << "rank " << comm.rank();
    if (sc.round_bytes < 1024 && comm.size() > 1) {  // (a rank's own records never travel)
      EXPECT_GT(rounds, 10U);
    }
    if (!e.lines.empty()) {
      EXPECT_GT(dedupe.temp_bytes_written(), 0U);
    }
  }
};

// Decisions with final counts (and with origins, the last occurrence's), in the owner's set
// (a 64 MiB share) and in its partitions (a share of 1 byte).
TEST_F(DistributedDedupe, FinalCountsInDecisionsInTheSetAndInPartitions) {
  for (const std::uint64_t memory : {std::uint64_t{64} << 20, std::uint64_t{1}}) {
    for (const bool origins : {false, true}) {
      scenario sc;
      sc.seed = origins ? 41 : 42;
      sc.memory_bytes = memory;
      sc.with_origins = origins;
      sc.finals_in_decisions = true;
      sc.last_origins = origins;
      check(sc, memory == 1);
    }
  }
}

// Ranked decisions (--keep max/min, issue 29): ranks and best origins, with one and three
// places, in the owner's set and in its partitions.
TEST_F(DistributedDedupe, RankedDecisionsInTheSetAndInPartitions) {
  for (const std::uint64_t memory : {std::uint64_t{64} << 20, std::uint64_t{1}}) {
    for (const std::uint32_t places : {1U, 3U}) {
      scenario sc;
      sc.seed = 43 + places;
      sc.memory_bytes = memory;
      sc.with_origins = places == 1;
      sc.finals_in_decisions = true;
      sc.ranked_places = places;
      check(sc, memory == 1);
    }
  }
}

// The hot key alone passes 255 on one rank: the expectations need it to.
TEST_F(DistributedDedupe, ScenarioHasCountsPast255) {
  scenario sc;
  const expectation e = expect(sc, 0, ranks());
  std::uint32_t most = 0;
  for (const auto& line : e.lines) most = std::max(most, line.occurrence);
  EXPECT_GT(most, 255U);
}

// The owner's set on one thread and in shards on two and three.
TEST_F(DistributedDedupe, InMemoryWithoutOrigins) {
  for (const unsigned threads : {1U, 2U, 3U}) {
    scenario sc;
    sc.threads = threads;
    check(sc, false);
  }
}

TEST_F(DistributedDedupe, InMemoryWithOriginsAndFinalCounts) {
  for (const unsigned threads : {1U, 2U, 3U}) {
    scenario sc;
    sc.seed = 2;
    sc.with_origins = true;
    sc.final_counts = true;
    sc.threads = threads;
    check(sc, false);
  }
}

TEST_F(DistributedDedupe, InMemoryFinalCountsWithoutOrigins) {
  for (const unsigned threads : {1U, 2U, 3U}) {
    scenario sc;
    sc.seed = 3;
    sc.final_counts = true;
    sc.threads = threads;
    check(sc, false);
  }
}

// More records from one source than the sharded set adds in one block (32,768).
TEST_F(DistributedDedupe, InMemoryOnThreadsOverManyBlocks) {
  scenario sc;
  sc.seed = 5;
  sc.lines_per_rank = 40000;
  sc.shared_keys = 5000;
  sc.with_origins = true;
  sc.final_counts = true;
  sc.one_owner = true;  // every record of every rank to one owner
  check(sc, false);
}

TEST_F(DistributedDedupe, PartitionedWithoutOrigins) {
  scenario sc;
  sc.seed = 4;
  sc.memory_bytes = 1;
  check(sc, true);
}

TEST_F(DistributedDedupe, PartitionedWithOriginsAndFinalCounts) {
  scenario sc;
  sc.seed = 5;
  sc.memory_bytes = 1;
  sc.with_origins = true;
  sc.final_counts = true;
  check(sc, true);
}

TEST_F(DistributedDedupe, PartitionedFinalCountsWithoutOrigins) {
  scenario sc;
  sc.seed = 6;
  sc.memory_bytes = 1;
  sc.final_counts = true;
  check(sc, true);
}

// Mostly distinct keys (some 8,000 per owner and run): each owner's share over many partitions.
TEST_F(DistributedDedupe, PartitionedMostlyDistinctKeys) {
  scenario sc;
  sc.seed = 10;
  sc.lines_per_rank = 12000;
  sc.shared_keys = 1000000;
  sc.memory_bytes = 1;
  sc.with_origins = true;
  sc.final_counts = true;
  check(sc, true);
}

TEST_F(DistributedDedupe, ManySmallRounds) {
  scenario sc;
  sc.seed = 7;
  sc.lines_per_rank = 1000;
  sc.round_bytes = 200;  // a few records per owner per round; under one record for 4 ranks
  sc.with_origins = true;
  sc.final_counts = true;
  check(sc, false);
}

TEST_F(DistributedDedupe, RankWithoutLines) {
  scenario sc;
  sc.seed = 8;
  sc.empty_rank = comm.size() > 1 ? 1 : 0;
  sc.with_origins = true;
  sc.final_counts = true;
  check(sc, false);
}

TEST_F(DistributedDedupe, EveryKeyOwnedByOneRank) {
  scenario sc;
  sc.seed = 9;
  sc.one_owner = true;
  sc.with_origins = true;
  sc.final_counts = true;
  sc.round_bytes = 4096;
  check(sc, false);
  sc.memory_bytes = 1;
  check(sc, comm.rank() == comm.size() - 1);
}

TEST_F(DistributedDedupe, NoDecidedKeys) {
  distributed_dedupe dedupe(comm, options_for(scenario{}));
  EXPECT_THROW(dedupe.add_decided({1, 2}, 1, 0), std::logic_error);
  dedupe.resolve({});  // with nothing added
  EXPECT_EQ(dedupe.unique(), 0U);
}

// Global origins number a rank's lines of one input in 36 bits: past that, add_chunk() throws.
TEST_F(DistributedDedupe, TooManyLinesOfOneInputForOrigins) {
  scenario sc;
  sc.with_origins = true;
  distributed_dedupe dedupe(comm, options_for(sc));
  chunk_spec invalid_only;
  invalid_only.file_index = 1;
  chunk huge = make_chunk(invalid_only, 0);
  huge.counts.lines = max_global_origin_lines - 1;  // as if that many invalid lines came before
  dedupe.add_chunk(huge, true);
  chunk_spec one;
  one.file_index = 1;
  one.lines = {{false, {}}, {true, {5, 6}}};  // the valid line is number 2^36
  EXPECT_THROW(dedupe.add_chunk(make_chunk(one, 1), true), std::runtime_error);
  one.file_index = 0;  // another input's lines are numbered on their own
  EXPECT_NO_THROW(dedupe.add_chunk(make_chunk(one, 2), true));
  dedupe.resolve({});
}

// A rank whose temporary directory is missing: every rank fails at resolve(), with its message.
TEST_F(DistributedDedupe, FailureOnOneRankEndsEveryRank) {
  const int failing = comm.size() > 1 ? 1 : 0;
  scenario sc;
  distributed_dedupe_options o = options_for(sc);
  if (comm.rank() == failing) o.partitions.temp_dir = "/nonexistent/fenbatch-dd-test";
  distributed_dedupe dedupe(comm, o);
  std::uint64_t sequence = 0;
  for (const chunk_spec& spec : chunks_of(comm.rank(), sc, ranks())) {
    dedupe.add_chunk(make_chunk(spec, sequence++), false);
  }
  try {
    dedupe.resolve({});
    ADD_FAILURE() << "rank " << comm.rank() << ": resolve() did not throw";
  } catch (const distributed_failure& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("rank " + std::to_string(failing) + ": ", 0), 0U) << what;
    EXPECT_NE(what.find("/nonexistent/fenbatch-dd-test"), std::string::npos) << what;
  }
}

// A failure held during the rounds (agree() reports it at the next point): every rank throws.
TEST_F(DistributedDedupe, FailureAgreedAfterTheKeyExchange) {
  scenario sc;
  distributed_dedupe_options o = options_for(sc);
  int calls = 0;
  const int failing = comm.size() - 1;
  o.agree = [&](const std::exception_ptr& failure) {
    // The second point (after the key exchange) on the last rank fails, as a held error would.
    ++calls;
    if (calls == 2 && comm.rank() == failing) {
      agree(comm, std::make_exception_ptr(std::runtime_error("disk full")));
    }
    agree(comm, failure);
  };
  distributed_dedupe dedupe(comm, o);
  std::uint64_t sequence = 0;
  for (const chunk_spec& spec : chunks_of(comm.rank(), sc, ranks())) {
    dedupe.add_chunk(make_chunk(spec, sequence++), false);
  }
  EXPECT_THROW(
      {
        try {
          dedupe.resolve({});
        } catch (const distributed_failure& e) {
          EXPECT_EQ(std::string(e.what()), "rank " + std::to_string(failing) + ": disk full");
          throw;
        }
      },
      distributed_failure);
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
