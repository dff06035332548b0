// --counts: one line per written position, in output order (its first written line's),
// "count<TAB>position<TAB>FILE:LINE" (the line's place). A count is final only at the end of
// the run, so each first occurrence is kept on the way (its key and "position<TAB>FILE:LINE",
// in a spill_file: about 80 bytes a position, several times what the dedupe set holds per key,
// so not in memory) and written with its key's final count from the dedupe set at the end.
// Under a survivor policy that needs final counts (--keep last, --min-count) the lines'
// decisions carry them: each position is written at once.
#pragma once

#include <cstdint>
#include <string>

#include "chunks/chunk.hpp"
#include "chunks/line_places.hpp"
#include "dedupe/dedupe_stages.hpp"
#include "dedupe/survivor_policy.hpp"
#include "fenbatch/pipeline/output_file.hpp"
#include "spill/spill_file.hpp"

namespace fenbatch::pipeline::detail {

class counts_writer {
 public:
  // `temp_dir`: where the spill file goes (temp_directory()).
  counts_writer(output_file& counts, const std::string& temp_dir)
      : counts_(counts), spill_(temp_dir) {}

  // The chunk's first occurrences (its lines with occurrence 1: written under a policy that
  // keeps first occurrences), after dedupe; the chunk is already in `places`.
  void record(const chunk& c, const line_places& places, const survivor_policy& survivors);

  // Once every chunk is recorded and added: writes the counts file. Returns the sum of the
  // counts written.
  std::uint64_t finish(dedupe_stages& dedupe);

 private:
  void write_now(const chunk& c, const line_places& places, const survivor_policy& survivors);
  // Appends "position<TAB>FILE:LINE<LF>" of valid line `i` to record_.
  void append_position_and_place(const chunk& c, std::size_t i, const line_places& places);

  output_file& counts_;
  spill_file spill_;
  std::string record_;
  std::string scratch_;  // a CSV/JSON field's position, unquoted
};

}  // namespace fenbatch::pipeline::detail
