// Every decoder implementation in the registry (the scalar one with its fast paths, and each
// vector one) against the precise field-by-field parser: the same status, column and record,
// field by field, on every shared corpus line, on the vectors, and on mutations of them; one
// instance per implementation, skipped with the reason where this CPU lacks a feature it needs.
// Plus the guard-page test (a line that ends where an unmapped page begins), and the writer's
// output from the default decoder's record against the precise parser's (DefaultDecoderWrites).
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "decoder/decode_with.hpp"
#include "fenbatch/core/decoder_registry.hpp"
#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/core/write.hpp"
#include "placement_text.hpp"
#include "same_decoding.hpp"
#include "shared_data.hpp"

namespace fenbatch::core {
namespace {

// One instance per implementation in the registry, named after it.
class SimdDifferential : public ::testing::TestWithParam<const decoder_implementation*> {
 protected:
  void SetUp() override {
    if (!impl().supported()) {
      GTEST_SKIP() << impl().name << ": this CPU lacks " << impl().missing_features();
    }
  }
  [[nodiscard]] const decoder_implementation& impl() const { return *GetParam(); }
};

std::vector<const decoder_implementation*> every_implementation() {
  std::vector<const decoder_implementation*> out;
  for (const decoder_implementation& impl : decoder_implementations()) out.push_back(&impl);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Registry, SimdDifferential, ::testing::ValuesIn(every_implementation()),
                         [](const auto& instance) { return std::string(instance.param->name); });

// Compares one line in strict and repair mode; returns false (and records why) on a difference.
bool agrees(const decoder_implementation& impl, std::string_view line, std::string& why) {
  for (const bool repair : {false, true}) {
    const decode_options options{repair};
    record expected;
    record got;
    const fen_status s = decoder::decode_precise(line, options, expected);
    const fen_status t = impl.decode(line, options, got);
    if (s != t || (s.ok() && !test::same_decoding(expected, got))) {
      why = std::string(impl.name) + (repair ? " repair" : " strict") + ": precise " +
            std::string(to_string(s.code)) + "@" + std::to_string(s.column) + ", got " +
            std::string(to_string(t.code)) + "@" + std::to_string(t.column);
      return false;
    }
  }
  return true;
}

// The writer's output (every option combination) from the default decoder's record, which may
// carry the plain-tail hint that lets the writer copy the line, against the output from the
// precise parser's record, which never does.
bool writes_alike(std::string_view line, std::string& why) {
  for (const bool repair : {false, true}) {
    const decode_options options{repair};
    record precise;
    record fast;
    if (!decoder::decode_precise(line, options, precise).ok() || !validate(precise, options).ok()) {
      continue;
    }
    if (!decode(line, options, fast).ok() || !validate(fast, options).ok()) {
      why = "the default decoder rejects a line the precise parser accepts";
      return false;
    }
    for (const output_format format : {output_format::fen, output_format::epd}) {
      for (const castling_notation castling :
           {castling_notation::xfen, castling_notation::shredder}) {
        for (const ep_policy ep : {ep_policy::legal, ep_policy::pseudo, ep_policy::always}) {
          const write_options w{format, castling, ep};
          const std::string expected = to_canonical(precise, line, w);
          const std::string got = to_canonical(fast, line, w);
          if (expected != got) {
            why = std::string(repair ? "repair" : "strict") + ": wrote \"" + got +
                  "\", expected \"" + expected + '"';
            return false;
          }
        }
      }
    }
  }
  return true;
}

// Mutations that stress the placement kernel: bytes replaced, inserted, deleted; digits and
// slashes moved; lines cut at every length.
std::vector<std::string> mutations(const std::string& line, std::mt19937& rng) {
  using namespace std::string_view_literals;  // (sv keeps the bytes after the NUL)
  static constexpr std::string_view alphabet = "pnbrqkPNBRQK12345678/ 90xw-\t\r\0#;e36hHaA"sv;
  std::vector<std::string> out;
  for (int i = 0; i < 6 && !line.empty(); ++i) {
    std::string m = line;
    const std::size_t at = rng() % m.size();
    const char c = alphabet[rng() % alphabet.size()];
    switch (rng() % 3) {
      case 0: m[at] = c; break;
      case 1: m.insert(m.begin() + static_cast<std::ptrdiff_t>(at), c); break;
      default: m.erase(at, 1); break;
    }
    out.push_back(std::move(m));
  }
  out.push_back(line.substr(0, rng() % (line.size() + 1)));
  return out;
}

// Calls fn on every mutation of a set of seed lines (the same sequence on every call) until it
// returns false; returns how many it was called on.
template <class Fn>
int for_each_mutation(Fn fn) {
  std::mt19937 rng(20261122);
  static const std::vector<std::string> seeds = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "8/8/8/8/8/8/8/8 w - - 0 1",
      "k7/8/8/8/8/8/8/7K w - - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1",
      "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "RNBQKBNR/PPPPPPPP/PPPPPPPP/PPPPPPPP/pppppppp/pppppppp/pppppppp/rnbqkbnr w - - 0 1",
      "1n1b1Q2/1b4rp/1q5P/2Pppr2/p2kP1pR/2NP4/P2Bq1K1/RQ3Br1 w - -",
      // Tails: en passant, long and zero counters, operations, Chess960 letters.
      "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
      "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 123456789",
      "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 99 4294967295",
      "4k3/8/8/8/8/8/8/4K3 w - - hmvc 3; fmvn 7;",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 0",
      // What the writer may copy: legal ep, K/Q in Chess960, leading zeros, 4 fields.
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
      "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w KQkq - 00 01",
      "rr2k2r/8/8/8/8/8/8/RR2K2R w KQBkq -",
      // What the AVX-512 kernel's rank lanes rely on: slashes after the field (the field's
      // are the window's first seven), bytes of 128 or more, a 63-byte field, ranks of 9
      // bytes (one with 64 squares in all, the next rank one short).
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c0 \"1/2\"; c1 \"/\";",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\xAF w KQkq - 0 1",
      "rnbqkbnr\xAFpppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",  // 0xAF & 0x7F is '/'
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xD2 w KQkq - 0 1",  // 0xD2 & 0x7F is 'R'
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \xAF/",
      "k1p1p2p/p1p1p2p/p1p1p2p/p1p1p2p/P1P1P2P/P1P1P2P/P1P1P2P/K1P1P2P w - - 0 1",
      "rnbqkbnrp/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "rnbqkbnrp/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  };
  int calls = 0;
  for (const std::string& seed : seeds) {
    for (int round = 0; round < 2000; ++round) {
      for (const std::string& m : mutations(seed, rng)) {
        ++calls;
        if (!fn(m)) return calls;
      }
    }
  }
  return calls;
}

// Calls fn(file, line) on every line of the shared corpus until it returns false; returns how
// many lines it was called on.
template <class Fn>
std::uint64_t for_each_corpus_line(const std::filesystem::path& shared, Fn fn) {
  std::uint64_t lines = 0;
  for (const auto& file : test::corpus_files(shared)) {
    const std::string text = test::read_zst(file);
    line_splitter splitter(text);
    for (line_span line; splitter.next(line);) {
      ++lines;
      if (!fn(file, line.text)) return lines;
    }
  }
  return lines;
}

// The castling fast path reads the field as one word: stray bytes that a word compare could
// mistake for padding or order (NUL, repeats, wrong order, five letters) must still go to the
// precise parser, with or without counters after the ep field.
std::vector<std::pair<std::string, std::size_t>> castling_fields_with_stray_bytes() {
  using namespace std::string_view_literals;
  std::vector<std::pair<std::string, std::size_t>> out;  // the line, the field's size
  for (const std::string_view field :
       {"K"sv, "K\0"sv, "\0K"sv, "KQ\0q"sv, "Kq\0"sv, "KK"sv, "QK"sv, "kK"sv, "KQkqK"sv, "KQkq"sv,
        "Qq"sv, "k"sv, "q"sv, "Kk\0\0"sv, "K\tq"sv, "KQ-"sv}) {
    for (const std::string_view rest : {" - 0 1"sv, " -"sv, " e3 0 1"sv}) {
      std::string line = "r3k2r/8/8/8/8/8/8/R3K2R w ";
      line.append(field);
      line.append(rest);
      out.emplace_back(std::move(line), field.size());
    }
  }
  return out;
}

TEST_P(SimdDifferential, AgreesWithScalarOnVectorsAndMutations) {
  int compared = 0;
  for_each_mutation([&](const std::string& m) {
    std::string why;
    if (!agrees(impl(), m, why)) {
      ADD_FAILURE() << why << " on \"" << m << '"';
      return false;
    }
    ++compared;
    return true;
  });
  EXPECT_GT(compared, 0);
}

TEST(DefaultDecoderWrites, AsThePreciseRecordOnVectorsAndMutations) {
  int compared = 0;
  for_each_mutation([&](const std::string& m) {
    std::string written;
    if (!writes_alike(m, written)) {
      ADD_FAILURE() << written << " on \"" << m << '"';
      return false;
    }
    ++compared;
    return true;
  });
  EXPECT_GT(compared, 0);
}

TEST_P(SimdDifferential, AgreesWithScalarOnEveryCorpusLine) {
  FENBATCH_REQUIRE_SHARED(shared);
  const std::uint64_t lines =
      for_each_corpus_line(shared, [&](const auto& file, std::string_view line) {
        std::string why;
        if (agrees(impl(), line, why)) return true;
        ADD_FAILURE() << why << " on " << file.filename() << ": " << line;
        return false;
      });
  EXPECT_EQ(lines, 2'784'093U);
}

TEST(DefaultDecoderWrites, AsThePreciseRecordOnEveryCorpusLine) {
  FENBATCH_REQUIRE_SHARED(shared);
  const std::uint64_t lines =
      for_each_corpus_line(shared, [&](const auto& file, std::string_view line) {
        std::string written;
        if (writes_alike(line, written)) return true;
        ADD_FAILURE() << written << " on " << file.filename() << ": " << line;
        return false;
      });
  EXPECT_EQ(lines, 2'784'093U);
}

TEST_P(SimdDifferential, AgreesOnCastlingFieldsWithStrayBytes) {
  for (const auto& [line, field_size] : castling_fields_with_stray_bytes()) {
    std::string why;
    EXPECT_TRUE(agrees(impl(), line, why))
        << why << " on castling field of " << field_size << " bytes: " << line;
  }
}

TEST(DefaultDecoderWrites, AsThePreciseRecordOnCastlingFieldsWithStrayBytes) {
  for (const auto& [line, field_size] : castling_fields_with_stray_bytes()) {
    std::string written;
    EXPECT_TRUE(writes_alike(line, written)) << written;
  }
}

// K/Q/k/q rights against every arrangement of what decides them: each corner empty or holding
// a rook of either colour, an inner rook that becomes the outermost when a corner is empty, and
// the king on its back rank, off it, or doubled there. The fast paths must say what the
// precise parser says.
TEST_P(SimdDifferential, AgreesOnCornerRooksAndKingsForEveryRightsSet) {
  // One side's back rank and the rank in front of it (where a king off the back rank goes).
  struct side_setup {
    std::string back;
    std::string front;
  };
  const auto setups = [](char king, char rook, char enemy_rook) {
    std::vector<side_setup> out;
    for (const char a_corner : {'.', rook, enemy_rook}) {
      for (const char h_corner : {'.', rook, enemy_rook}) {
        for (const bool inner_rook : {false, true}) {
          for (int kings = 0; kings < 3; ++kings) {  // on e, off the rank, two on the rank
            std::string back = "........";
            std::string front = "........";
            back[0] = a_corner;
            back[7] = h_corner;
            if (inner_rook) back[6] = rook;
            if (kings == 1) {
              front[4] = king;
            } else {
              back[4] = king;
              if (kings == 2) back[3] = king;
            }
            out.push_back({back, front});
          }
        }
      }
    }
    return out;
  };
  static constexpr std::string_view letters = "KQkq";
  int lines = 0;
  for (const side_setup& white : setups('K', 'R', 'r')) {
    for (const side_setup& black : setups('k', 'r', 'R')) {
      // a1 first: white's back rank, the rank in front of it, four empty, black's two ranks.
      const std::string board = test::placement_text(
          white.back + white.front + std::string(32, '.') + black.front + black.back);
      for (unsigned set = 1; set < 16; ++set) {
        std::string field;
        for (unsigned i = 0; i < 4; ++i) {
          if ((set >> i & 1U) != 0) field += letters[i];
        }
        const std::string line = board + " w " + field + " - 0 1";
        ++lines;
        std::string why;
        EXPECT_TRUE(agrees(impl(), line, why)) << why << ": " << line;
      }
    }
  }
  EXPECT_EQ(lines, 54 * 54 * 15);
}

// Chess960 castling fields (Shredder-FEN file letters, X-FEN letters, K/Q among them) against
// random back ranks: the king on any file, off its rank or doubled there, rooks of its colour
// and of the other on random files. Fields are either built from the rooks present, in
// canonical order (mostly accepted) or random letters (mostly not); the fast paths must say
// what the precise parser says.
TEST_P(SimdDifferential, AgreesOnChess960CastlingLettersForRandomBackRanks) {
  std::mt19937 rng(960);
  const auto pick = [&rng](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  struct side_setup {
    std::string back;
    std::string front;
  };
  const auto make_side = [&](char king, char rook, char enemy_rook) {
    side_setup side{"........", "........"};
    const int king_file = pick(8);
    const int king_case = pick(10);  // 0: off the back rank, 1: doubled there, else on it
    (king_case == 0 ? side.front : side.back)[static_cast<std::size_t>(king_file)] = king;
    if (king_case == 1) side.back[static_cast<std::size_t>((king_file + 1 + pick(7)) % 8)] = king;
    for (int i = pick(4); i > 0; --i) {
      const auto f = static_cast<std::size_t>(pick(8));
      if (side.back[f] == '.') side.back[f] = rook;
    }
    if (pick(3) == 0) {
      const auto f = static_cast<std::size_t>(pick(8));
      if (side.back[f] == '.') side.back[f] = enemy_rook;
    }
    return side;
  };
  // The letters a canonical field would use for one side: files of its rooks (descending), with
  // K or Q now and then for the outermost ones.
  const auto side_letters = [&](const side_setup& side, char rook, bool black) {
    std::string out;
    for (int f = 7; f >= 0; --f) {
      if (side.back[static_cast<std::size_t>(f)] != rook || pick(3) == 0) continue;
      out += static_cast<char>((black ? 'a' : 'A') + f);
    }
    if (!out.empty() && pick(4) == 0) out.front() = black ? 'k' : 'K';
    if (out.size() > 1 && pick(4) == 0) out.back() = black ? 'q' : 'Q';
    return out.substr(0, 2);
  };
  static constexpr std::string_view alphabet = "KQABCDEFGHkqabcdefgh";
  int accepted = 0;
  int resolved = 0;
  for (int n = 0; n < 20'000; ++n) {
    const side_setup white = make_side('K', 'R', 'r');
    const side_setup black = make_side('k', 'r', 'R');
    std::string field;
    if (pick(4) != 0) {
      field = side_letters(white, 'R', false);  // (two statements: the order of the draws)
      field += side_letters(black, 'r', true);
    } else {
      for (int i = 1 + pick(4); i > 0; --i) field += alphabet[static_cast<std::size_t>(pick(20))];
    }
    if (field.empty()) field = "-";
    // a1 first: white's back rank, the rank in front of it, four empty, black's two ranks.
    const std::string line = test::placement_text(white.back + white.front + std::string(32, '.') +
                                                  black.front + black.back) +
                             " w " + field + " - 0 1";
    record rec;
    if (decoder::decode_precise(line, decode_options{}, rec).ok()) {
      ++accepted;
      resolved += rec.stale_castling_column == 0 ? 1 : 0;  // every letter named its rook
    }
    std::string why;
    EXPECT_TRUE(agrees(impl(), line, why)) << why << ": " << line;
  }
  // Every outcome in bulk (rejected, letters naming no rook, all resolved), or the test would
  // not be testing much.
  EXPECT_GT(resolved, 5'000);
  EXPECT_GT(accepted - resolved, 2'000);
  EXPECT_LT(accepted, 19'000);
}

// A kernel may read a fixed window past the line end only inside the line's last page: put
// lines right before an unreadable page and decode them.
TEST_P(SimdDifferential, NeverReadsIntoTheNextPage) {
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  void* region =
      ::mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(region, MAP_FAILED);
  ASSERT_EQ(::mprotect(static_cast<char*>(region) + page, page, PROT_NONE), 0);
  char* const page_end = static_cast<char*>(region) + page;
  for (const std::string line :
       {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/8/8/8/8/8/8/8",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "4k3/8/8/8/8/8/8/4K3 w - -"}) {
    for (std::size_t cut = 1; cut <= line.size(); ++cut) {
      char* const start = page_end - cut;  // the line's last byte is the page's last byte
      std::memcpy(start, line.data(), cut);
      std::string why;
      EXPECT_TRUE(agrees(impl(), std::string_view(start, cut), why)) << why;
    }
  }
  ::munmap(region, 2 * page);
}

}  // namespace
}  // namespace fenbatch::core
