// libFuzzer target: the whole pipeline (pipeline::run with dedupe, rejects and stats JSON) on an
// arbitrary input file, run twice with different chunk sizes, thread counts and input paths
// (mapped or streamed), against a sequential model built from core calls alone (8x8 and 10x8
// lines routed as the pipeline routes them).
//
// Input: a 5-byte header, then the file's bytes.
//   bytes 0-1  (little endian) bits 0-11 chunk size - 1 of the first run; bits 12-13 key kind
//              (position, full, board; 3 = position); bit 14 set: first run streamed (--no-mmap)
//   bytes 2-3  bits 0-11 chunk size - 1 of the second run; bit 12 set: second run streamed;
//              bits 13-15 n: the second run's dedupe table in 2^n shards (7: 64; the first
//              run's count is automatic)
//   byte 4     bit 0 / bit 1: 2 threads in the first / second run; bit 2 repair mode; bit 3 EPD
//              output; bit 4 Shredder castling; bits 5-6 ep policy (legal, pseudo, always; 3 =
//              legal)
// The modes of this issue come from the input's last byte XOR '\n' (so the many seeds that end
// in a newline keep the plain --dedupe run; the byte stays part of the text): bit 0 --counts;
// bit 1 --duplicates; bit 2 --exclude with a reference file that is the text from offset
// size * k / 16 on, k = bits 4-7; bit 3 no --dedupe (unless --counts or --duplicates imply it).
// The same k also picks each run's dedupe memory budget (run_config::dedupe_memory_bytes, issue
// 16): 0 none (in memory, as before), else the first run gets dedupe_budgets[k] and the second
// dedupe_budgets[(k + 8) % 16] (k = 8: partitioned against in memory). The smallest set
// (65,536 slots, about 1.1 MB) takes more than the budgets up to 1 MiB: those runs are
// partitioned from the start (the partitions' own share is at least 64 KiB, so 1 byte to 1 MiB
// gives one to a few partitions); 2 and 3 MiB hold any set a fuzz input makes (in memory). A
// switch in the middle needs tens of thousands of distinct keys, more than a fuzz input holds:
// tests/pipeline/partitioned_limits_test covers it. The partition files go to the workspace
// (unnamed: none may be seen there).
// The expectations do not change: results must not depend on the budget.
// Files live in a per-process directory under /dev/shm (tmpfs: no disk traffic for the
// fsyncs), removed at exit; TMPDIR or /tmp where /dev/shm is unavailable.
//
// Checks (any violation traps):
// - the statistics reconcile; output and rejects equal the model's bytes (first occurrence of
//   each key kept, in input order; rejects as FILE:LINE:COL: reason: <line>); the counters
//   equal the model's; bytes and input_bytes equal the file size;
// - the output has stats.written lines, each re-parsing strictly to itself (idempotence), with
//   pairwise distinct keys; the rejects file has stats.invalid lines; the stats JSON file is
//   to_json of the returned statistics;
// - both runs give byte-identical output, rejects and statistics (timing fields aside);
// - with --counts, --duplicates, --exclude: the counts and duplicates files equal the model's
//   bytes; excluded lines and the reference's statistics are the model's; the written_positions
//   counters are those of the lines written;
// - exactly the destinations asked for are published and no temporary file is left behind. An input
//   with a compression magic may fail (corrupt stream), and one that may look like UTF-16 may be
//   refused; then both runs fail alike and publish nothing. Any other exception is a failure.

#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "fenbatch/core/castling_class.hpp"
#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/material.hpp"
#include "fenbatch/core/ten_by_eight/position_key.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/core/ten_by_eight/write.hpp"
#include "fenbatch/core/write.hpp"
#include "fenbatch/pipeline/run.hpp"

namespace {

namespace core = fenbatch::core;
namespace pipeline = fenbatch::pipeline;
namespace fs = std::filesystem;

// The workspace directory, once created: a failed check removes it before trapping (the
// trap skips destructors), so crashes found while fuzzing do not litter /dev/shm.
fs::path workspace_dir;

// Names the failed check (the replay driver has no stack trace for a trap), then traps: no
// unwinding, so libFuzzer's report shows the stack of the failure.
void check(bool condition, int line = __builtin_LINE()) {
  if (condition) return;
  std::fprintf(stderr, "%s:%d: check failed\n", __FILE__, line);
  std::error_code ignored;
  if (!workspace_dir.empty()) fs::remove_all(workspace_dir, ignored);
  __builtin_trap();
}

// A private directory for this process; removed at exit (not after a crash: libFuzzer aborts).
class workspace {
 public:
  workspace() {
    for (const fs::path& base : {fs::path("/dev/shm"), fs::temp_directory_path()}) {
      std::string pattern = (base / "fenbatch-fuzz-XXXXXX").string();
      if (::mkdtemp(pattern.data()) != nullptr) {
        dir_ = pattern;
        workspace_dir = dir_;
        return;
      }
    }
    check(false);
  }
  ~workspace() {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
    workspace_dir.clear();
  }
  workspace(const workspace&) = delete;
  workspace& operator=(const workspace&) = delete;

  [[nodiscard]] std::string path(std::string_view name) const { return (dir_ / name).string(); }
  [[nodiscard]] std::set<std::string> names() const {
    std::set<std::string> names;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir_)) {
      names.insert(entry.path().filename().string());
    }
    return names;
  }
  void remove(std::string_view name) const {
    std::error_code ignored;
    fs::remove(dir_ / name, ignored);
  }

 private:
  fs::path dir_;
};

const workspace& the_workspace() {
  static const workspace w;
  return w;
}

constexpr std::string_view input_name = "in.fen";
constexpr std::string_view output_name = "out.fen";
constexpr std::string_view rejects_name = "rejects.txt";
constexpr std::string_view stats_name = "stats.json";
constexpr std::string_view counts_name = "counts.tsv";
constexpr std::string_view duplicates_name = "dups.txt";
constexpr std::string_view reference_name = "ref.fen";

struct modes {
  bool counts = false;
  bool duplicates = false;
  bool exclude = false;
  bool dedupe = true;
  std::size_t reference_offset = 0;
  std::uint64_t dedupe_memory_bytes[2] = {0, 0};
};

// Bytes; see the header comment.
constexpr std::uint64_t dedupe_budgets[16] = {
    0,       1,       2 << 20, 4 << 10,   64 << 10,  1,        256 << 10, 1 << 20,
    1 << 10, 3 << 20, 1,       128 << 10, 512 << 10, 16 << 10, 1,         2 << 20};

modes read_modes(std::string_view text) {
  modes m;
  if (text.empty()) return m;
  const unsigned bits = static_cast<unsigned char>(text.back()) ^ unsigned { '\n' };
  m.counts = (bits & 1) != 0;
  m.duplicates = (bits & 2) != 0;
  m.exclude = (bits & 4) != 0;
  m.dedupe = (bits & 8) == 0 || m.counts || m.duplicates;
  const unsigned k = (bits >> 4) & 15;
  m.reference_offset = text.size() * k / 16;
  if (k != 0) {
    m.dedupe_memory_bytes[0] = dedupe_budgets[k];
    m.dedupe_memory_bytes[1] = dedupe_budgets[(k + 8) % 16];
  }
  return m;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  check(in.good());
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void write_file(const std::string& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  check(out.good());
}

// The magic numbers pipeline/src/input/decompression.cpp sniffs: such inputs are decompressed, so
// the model (plain text) does not apply and a corrupt stream is an expected error.
bool has_compression_magic(std::string_view text) {
  static constexpr char xz_magic[] = {'\xFD', '7', 'z', 'X', 'Z', '\0'};
  return text.starts_with("\x1F\x8B") || text.starts_with("BZh") ||
         text.starts_with(std::string_view(xz_magic, sizeof xz_magic)) ||
         text.starts_with("\x28\xB5\x2F\xFD");
}

// pipeline/src/input/wide_text.cpp refuses what looks like UTF-16 or UTF-32: a byte-order mark, or
// zero bytes at every other offset of the first 512. A refusal is acceptable only if the input
// has at least the BOM or one zero byte there (the exact thresholds are the reader's business).
bool may_look_like_utf16(std::string_view text) {
  return text.starts_with("\xFF\xFE") || text.starts_with("\xFE\xFF") ||
         text.substr(0, 512).find('\0') != std::string_view::npos;
}

bool acceptable_error(std::string_view text, std::string_view error) {
  if (has_compression_magic(text)) return true;  // a corrupt stream
  return error.find("looks like UTF-16") != std::string_view::npos && may_look_like_utf16(text);
}

struct header {
  std::size_t chunk_size[2] = {1, 1};
  unsigned threads[2] = {1, 1};
  std::size_t dedupe_shards[2] = {0, 1};
  std::size_t dedupe_stages[2] = {0, 1};
  bool use_mmap[2] = {true, true};
  core::key_kind key = core::key_kind::position;
  core::decode_options decode;
  core::write_options write;
};

constexpr std::size_t header_size = 5;

header read_header(const std::uint8_t* data, std::size_t size) {
  std::uint8_t bytes[header_size] = {};
  for (std::size_t i = 0; i < header_size && i < size; ++i) bytes[i] = data[i];
  const unsigned first = bytes[0] | unsigned{bytes[1]} << 8;
  const unsigned second = bytes[2] | unsigned{bytes[3]} << 8;
  const unsigned flags = bytes[4];
  header h;
  h.chunk_size[0] = 1 + (first & 0xFFF);
  h.chunk_size[1] = 1 + (second & 0xFFF);
  static constexpr core::key_kind keys[] = {core::key_kind::position, core::key_kind::full,
                                            core::key_kind::board, core::key_kind::position};
  h.key = keys[(first >> 12) & 3];
  h.use_mmap[0] = ((first >> 14) & 1) == 0;
  h.use_mmap[1] = ((second >> 12) & 1) == 0;
  h.dedupe_shards[1] = std::size_t{1} << std::min(6U, (second >> 13) & 7);
  static constexpr std::size_t stage_counts[] = {1, 2, 3, 8};  // 3: shards split unevenly
  h.dedupe_stages[1] =
      std::min(h.dedupe_shards[1], stage_counts[((first >> 15) & 1) | ((flags >> 7) & 1) << 1]);
  h.threads[0] = 1 + (flags & 1);
  h.threads[1] = 1 + ((flags >> 1) & 1);
  h.decode.repair = ((flags >> 2) & 1) != 0;
  h.write.format = ((flags >> 3) & 1) != 0 ? core::output_format::epd : core::output_format::fen;
  h.write.castling =
      ((flags >> 4) & 1) != 0 ? core::castling_notation::shredder : core::castling_notation::xfen;
  static constexpr core::ep_policy policies[] = {core::ep_policy::legal, core::ep_policy::pseudo,
                                                 core::ep_policy::always, core::ep_policy::legal};
  h.write.ep = policies[(flags >> 5) & 3];
  return h;
}

// A line read as the pipeline reads it (pipeline/src/stages/process_chunk.cpp): the 8x8 reader,
// then, for a line it rejected (not skipped) whose first rank is ten squares wide, the 10x8
// reader, whose verdict is final. The accessors answer for whichever board read the line.
struct any_record {
  core::record eight;
  core::ten_by_eight::record ten;
  bool ten_files = false;

  core::fen_status read(std::string_view line, const core::decode_options& options) {
    ten_files = false;
    const core::fen_status status = core::parse_record(line, options, eight);
    if (status.ok() || core::is_skipped(status.code) || !core::ten_by_eight::has_ten_files(line)) {
      return status;
    }
    ten_files = true;
    return core::ten_by_eight::parse_record(line, options, ten);
  }
  template <class F>
  auto visit(F f) const {
    return ten_files ? f(ten) : f(eight);
  }
  [[nodiscard]] std::uint8_t repairs() const {
    return visit([](const auto& r) { return r.repairs; });
  }
  [[nodiscard]] bool has(core::record_note n) const {
    return visit([n](const auto& r) { return r.has(n); });
  }
  [[nodiscard]] bool white_to_move() const {
    return visit([](const auto& r) { return r.pos.side_to_move == core::color::white; });
  }
  [[nodiscard]] bool legal_ep() const {
    return ten_files ? ten.legal_ep != core::ten_by_eight::no_square
                     : eight.legal_ep != core::no_square;
  }
  [[nodiscard]] bool in_check() const {
    return visit([](const auto& r) { return r.in_check; });
  }
  [[nodiscard]] core::position_key key(core::key_kind kind) const {
    return ten_files ? core::ten_by_eight::make_key(ten, kind) : core::make_key(eight, kind);
  }
  [[nodiscard]] std::string canonical(std::string_view line,
                                      const core::write_options& options) const {
    return ten_files ? core::ten_by_eight::to_canonical(ten, line, options)
                     : core::to_canonical(eight, line, options);
  }
  [[nodiscard]] core::castling_class castling() const {
    return ten_files ? core::ten_by_eight::classify_castling(ten.pos)
                     : core::classify_castling(eight.pos);
  }
  [[nodiscard]] std::size_t pieces() const {
    return static_cast<std::size_t>(ten_files ? core::ten_by_eight::popcount(ten.pos.occupied())
                                              : core::popcount(eight.pos.occupied()));
  }
};

// What the run must produce, computed line by line with core calls only.
struct model {
  std::string output;
  std::string rejects;
  std::string counts;
  std::string duplicates;
  pipeline::run_stats stats;
};

// The reference's keys and statistics, as --exclude must read them.
std::set<core::position_key> reference_keys(std::string_view text,
                                            const pipeline::run_config& config,
                                            pipeline::reference_stats& stats) {
  std::set<core::position_key> keys;
  core::line_splitter lines(text.substr(core::bom_length(text)));
  any_record rec;
  stats.files = 1;
  for (core::line_span line; lines.next(line);) {
    ++stats.lines;
    const core::fen_status status = rec.read(line.text, config.decode);
    if (core::is_skipped(status.code)) continue;
    if (!status.ok()) {
      ++stats.invalid;
      continue;
    }
    ++stats.valid;
    keys.insert(rec.key(config.key));
  }
  stats.positions = keys.size();
  return keys;
}

// The four fields of a canonical line.
std::string_view first_four_fields(std::string_view line) {
  std::size_t spaces = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == ' ' && ++spaces == 4) return line.substr(0, i);
  }
  return line;
}

struct first_occurrence {
  std::uint64_t count = 0;
  std::uint64_t line = 0;
  std::string position;
};

model run_model(std::string_view text, std::string_view reference_text,
                const pipeline::run_config& config) {
  model m;
  pipeline::run_stats& s = m.stats;
  const bool excluding = !config.exclude_paths.empty();
  const std::set<core::position_key> excluded =
      excluding ? reference_keys(reference_text, config, s.reference)
                : std::set<core::position_key>();
  const bool dedupe =
      config.dedupe || !config.counts_path.empty() || !config.duplicates_path.empty();
  std::map<core::position_key, first_occurrence> seen;
  std::vector<core::position_key> order;  // keys in first-occurrence order
  s.bytes = text.size();
  s.input_bytes = text.size();
  const std::size_t bom = core::bom_length(text);
  s.bom_skipped = bom != 0 ? 1 : 0;
  core::line_splitter lines(text.substr(bom));
  any_record rec;
  for (core::line_span line; lines.next(line);) {
    ++s.lines;
    // Counted on every line, not only accepted ones (pipeline/src/stages/process_chunk.cpp,
    // process()).
    s.crlf_lines += line.crlf ? 1 : 0;
    const core::fen_status status = rec.read(line.text, config.decode);
    if (status.code == core::fen_errc::skipped_blank) {
      ++s.skipped_blank;
    } else if (status.code == core::fen_errc::skipped_comment) {
      ++s.skipped_comment;
    } else if (!status.ok()) {
      ++s.invalid;
      ++s.invalid_by_reason[static_cast<std::size_t>(status.code)];
      m.rejects += config.inputs.front() + ':' + std::to_string(s.lines) + ':' +
                   std::to_string(status.column) + ": " +
                   std::string(core::to_string(status.code)) + ": ";
      m.rejects += line.text.substr(0, core::max_line_length + 1);
      m.rejects += '\n';
    } else {
      ++s.valid;
      for (int k = 0; k < core::repair_kind_count; ++k) {
        s.repairs[static_cast<std::size_t>(k)] += (rec.repairs() >> k) & 1U;
      }
      s.fullmove_zero += rec.has(core::record_note::fullmove_zero) ? 1 : 0;
      s.epd_records += rec.has(core::record_note::epd_form) ? 1 : 0;
      s.with_operations += rec.has(core::record_note::has_operations) ? 1 : 0;
      s.whitespace_normalized += rec.has(core::record_note::whitespace_normalized) ? 1 : 0;
      s.counters_inconsistent += rec.has(core::record_note::counters_inconsistent) ? 1 : 0;
      (rec.white_to_move() ? s.white_to_move : s.black_to_move) += 1;
      s.legal_ep += rec.legal_ep() ? 1 : 0;
      s.in_check += rec.in_check() ? 1 : 0;
      const core::position_key key = rec.key(config.key);
      if (excluded.contains(key)) {
        ++s.excluded;
        continue;
      }
      first_occurrence& first = seen[key];
      if (++first.count == 1 || !dedupe) {
        if (first.count == 1) order.push_back(key);
        const std::string canonical = rec.canonical(line.text, config.write);
        first.line = s.lines;
        first.position = first_four_fields(canonical);
        ++s.written;
        m.output += canonical;
        m.output += '\n';
        (rec.white_to_move() ? s.written_white_to_move : s.written_black_to_move) += 1;
        switch (rec.castling()) {
          case core::castling_class::none: ++s.written_castling_none; break;
          case core::castling_class::standard: ++s.written_castling_standard; break;
          case core::castling_class::chess960: ++s.written_castling_chess960; break;
        }
        ++s.written_piece_count[rec.pieces()];
      } else {
        ++s.duplicates;
        m.duplicates += config.inputs.front() + ':' + std::to_string(s.lines) + ": duplicate of " +
                        config.inputs.front() + ':' + std::to_string(first.line) + ": ";
        m.duplicates += line.text.substr(0, core::max_line_length + 1);
        m.duplicates += '\n';
      }
    }
  }
  if (dedupe) s.unique = seen.size();
  for (const core::position_key& key : order) {
    const first_occurrence& first = seen[key];
    m.counts += std::to_string(first.count) + '\t' + first.position + '\t' + config.inputs.front() +
                ':' + std::to_string(first.line) + '\n';
  }
  return m;
}

void check_counts(const pipeline::run_stats& got, const pipeline::run_stats& want) {
  check(got.bytes == want.bytes);
  check(got.input_bytes == want.input_bytes);
  check(got.bom_skipped == want.bom_skipped);
  check(got.lines == want.lines);
  check(got.crlf_lines == want.crlf_lines);
  check(got.skipped_blank == want.skipped_blank);
  check(got.skipped_comment == want.skipped_comment);
  check(got.invalid == want.invalid);
  check(got.invalid_by_reason == want.invalid_by_reason);
  check(got.valid == want.valid);
  check(got.repairs == want.repairs);
  check(got.fullmove_zero == want.fullmove_zero);
  check(got.epd_records == want.epd_records);
  check(got.with_operations == want.with_operations);
  check(got.whitespace_normalized == want.whitespace_normalized);
  check(got.counters_inconsistent == want.counters_inconsistent);
  check(got.white_to_move == want.white_to_move);
  check(got.black_to_move == want.black_to_move);
  check(got.legal_ep == want.legal_ep);
  check(got.in_check == want.in_check);
  check(got.written == want.written);
  check(got.duplicates == want.duplicates);
  check(got.unique == want.unique);
  check(got.excluded == want.excluded);
  check(got.reference == want.reference);
  check(got.written_white_to_move == want.written_white_to_move);
  check(got.written_black_to_move == want.written_black_to_move);
  check(got.written_castling_none == want.written_castling_none);
  check(got.written_castling_standard == want.written_castling_standard);
  check(got.written_castling_chess960 == want.written_castling_chess960);
  check(got.written_piece_count == want.written_piece_count);
}

std::size_t count_lines(std::string_view text) {
  std::size_t n = 0;
  for (const char c : text) n += c == '\n' ? 1 : 0;
  check(text.empty() || text.back() == '\n');
  return n;
}

// Every output line is canonical: it re-parses strictly and writes itself. With dedupe, keys stay
// distinct where writing keeps them (counters are not written in EPD format).
void check_output_lines(std::string_view output, const pipeline::run_config& config) {
  const bool keys_survive = config.dedupe && (config.key != core::key_kind::full ||
                                              config.write.format == core::output_format::fen);
  std::set<core::position_key> keys;
  core::line_splitter lines(output);
  any_record rec;
  for (core::line_span line; lines.next(line);) {
    check(!line.crlf);
    check(rec.read(line.text, core::decode_options{}).ok());
    check(rec.repairs() == 0);
    check(rec.canonical(line.text, config.write) == line.text);
    if (keys_survive) check(keys.insert(rec.key(config.key)).second);
  }
}

struct outcome {
  std::optional<std::string> error;  // what() of the exception, when the run threw
  pipeline::run_stats stats;
  std::string output;
  std::string rejects;
  std::string stats_json;
  std::string counts;
  std::string duplicates;
};

outcome run_once(const pipeline::run_config& config) {
  const workspace& w = the_workspace();
  outcome result;
  try {
    result.stats = pipeline::run(config);
  } catch (const std::exception& e) {
    result.error = e.what();
  }
  const std::set<std::string> names = w.names();
  std::set<std::string> inputs = {std::string(input_name)};
  if (!config.exclude_paths.empty()) inputs.insert(std::string(reference_name));
  if (result.error) {
    // Nothing published, no temporary left behind.
    check(names == inputs);
    return result;
  }
  std::set<std::string> published = inputs;
  for (const std::string_view name : {output_name, rejects_name, stats_name}) {
    published.insert(std::string(name));
  }
  if (!config.counts_path.empty()) published.insert(std::string(counts_name));
  if (!config.duplicates_path.empty()) published.insert(std::string(duplicates_name));
  check(names == published);
  result.output = read_file(config.output);
  result.rejects = read_file(config.rejects_path);
  result.stats_json = read_file(config.stats_json_path);
  if (!config.counts_path.empty()) result.counts = read_file(config.counts_path);
  if (!config.duplicates_path.empty()) result.duplicates = read_file(config.duplicates_path);
  check(result.stats_json == pipeline::to_json(result.stats, config));
  for (const std::string_view name :
       {output_name, rejects_name, stats_name, counts_name, duplicates_name}) {
    w.remove(name);
  }
  return result;
}

// The statistics as JSON with the timing-dependent fields fixed, for comparing runs.
std::string comparable_json(pipeline::run_stats stats, const pipeline::run_config& config) {
  stats.wall_seconds = 1;
  stats.threads = 1;
  stats.memory = {};  // the budget and the mode used differ between runs by design
  return pipeline::to_json(stats, config);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const header h = read_header(data, size);
  const std::string_view text =
      size > header_size
          ? std::string_view(reinterpret_cast<const char*>(data) + header_size, size - header_size)
          : std::string_view();
  const workspace& w = the_workspace();
  write_file(w.path(input_name), text);
  const modes mode = read_modes(text);
  const std::string_view reference_text = text.substr(mode.reference_offset);

  pipeline::run_config config;
  config.inputs = {w.path(input_name)};
  config.output = w.path(output_name);
  config.rejects_path = w.path(rejects_name);
  config.stats_json_path = w.path(stats_name);
  if (mode.counts) config.counts_path = w.path(counts_name);
  if (mode.duplicates) config.duplicates_path = w.path(duplicates_name);
  if (mode.exclude) {
    write_file(w.path(reference_name), reference_text);
    config.exclude_paths = {w.path(reference_name)};
  }
  config.dedupe = mode.dedupe;
  config.key = h.key;
  config.decode = h.decode;
  config.write = h.write;
  config.temp_dir = w.path("");

  outcome runs[2];
  for (int i = 0; i < 2; ++i) {
    config.chunk_size = h.chunk_size[i];
    config.threads = h.threads[i];
    config.dedupe_shards = h.dedupe_shards[i];
    config.dedupe_stages = h.dedupe_stages[i];
    config.use_mmap = h.use_mmap[i];
    config.dedupe_memory_bytes = mode.dedupe_memory_bytes[i];
    runs[i] = run_once(config);
  }
  w.remove(input_name);
  w.remove(reference_name);

  check(runs[0].error == runs[1].error);
  if (runs[0].error) {
    check(acceptable_error(text, *runs[0].error) ||
          (mode.exclude && acceptable_error(reference_text, *runs[0].error)));
    return 0;
  }
  const bool compressed =
      has_compression_magic(text) || (mode.exclude && has_compression_magic(reference_text));

  for (const outcome& run : runs) {
    const pipeline::run_stats& s = run.stats;
    check(s.reconciles());
    check(s.valid == s.written + s.duplicates + s.excluded);
    check(s.inputs_changed.empty() && !s.stopped_at_max_bytes);
    check(count_lines(run.output) == s.written);
    check(count_lines(run.rejects) == s.invalid);
    check_output_lines(run.output, config);
  }
  check(runs[0].output == runs[1].output);
  check(runs[0].rejects == runs[1].rejects);
  check(runs[0].counts == runs[1].counts);
  check(runs[0].duplicates == runs[1].duplicates);
  check(comparable_json(runs[0].stats, config) == comparable_json(runs[1].stats, config));

  if (!compressed) {
    const model m = run_model(text, reference_text, config);
    check_counts(runs[0].stats, m.stats);
    check(runs[0].output == m.output);
    check(runs[0].rejects == m.rejects);
    if (mode.counts) check(runs[0].counts == m.counts);
    if (mode.duplicates) check(runs[0].duplicates == m.duplicates);
  }
  return 0;
}
