// fenbatch-gen: writes FEN/EPD lines sampled from seeded random legal games, the project's own
// corpus for the demo, tests and benchmarks. Same options and seed give the same bytes on every
// machine. Output goes through the project's one atomic writer: a failed or interrupted run
// leaves no half-written file. Exit status 0 success, 2 usage or I/O error.

#include <array>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <new>
#include <optional>
#include <string_view>

#include "fenbatch/pipeline/output_file.hpp"
#include "fenbatch/pipeline/signal_cleanup.hpp"
#include "gen/command_line.hpp"
#include "gen/corpus_generator.hpp"

namespace {

using fenbatch::gen::options;
using fenbatch::pipeline::output_file;

// Writes lines until the line or byte limit, then publishes the file; throws
// std::system_error ("write: PATH: reason") on an output error.
void generate(const options& opts) {
  output_file out(opts.output, [](std::string_view notice) {
    std::fprintf(stderr, "%.*s\n", static_cast<int>(notice.size()), notice.data());
  });
  fenbatch::gen::corpus_generator generator(opts.generator);
  std::array<char, fenbatch::gen::max_line_bytes> line;
  std::uint64_t bytes = 0;
  for (std::uint64_t lines = 0; lines < opts.lines; ++lines) {
    const std::size_t length = generator.next_line(line.data());
    if (length > opts.bytes - bytes) break;  // the byte limit is never exceeded
    bytes += length;
    out.write(std::string_view(line.data(), length));
  }
  out.prepare();
  out.publish();
  out.keep_published();
  out.forget_previous();
}

}  // namespace

int main(int argc, char** argv) {
  fenbatch::pipeline::install_signal_cleanup("fenbatch-gen");
  options opts;
  if (const std::optional<int> status = fenbatch::gen::parse_command_line(argc, argv, opts)) {
    return *status;
  }
  try {
    generate(opts);
    return 0;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "fenbatch-gen: out of memory\n");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fenbatch-gen: %s\n", e.what());
  }
  return 2;
}
