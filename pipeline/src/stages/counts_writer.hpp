// --counts: one line per unique position, in first-occurrence order,
// "count<TAB>position<TAB>FILE:LINE". A count is final only at the end of the run, so each
// first occurrence is kept on the way (its key and "position<TAB>FILE:LINE", in a spill_file:
// about 80 bytes a position, several times what the dedupe set holds per key, so not in
// memory) and written with its key's final count from the dedupe set at the end.
#pragma once

#include <cstdint>
#include <string>

#include "chunks/chunk.hpp"
#include "chunks/line_places.hpp"
#include "dedupe/dedupe_stages.hpp"
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
  void record(const chunk& c, const line_places& places);

  // Once every chunk is recorded and added: writes the counts file. Returns the sum of the
  // counts written.
  std::uint64_t finish(dedupe_stages& dedupe);

 private:
  output_file& counts_;
  spill_file spill_;
  std::string record_;
  std::string scratch_;  // a CSV/JSON field's position, unquoted
};

}  // namespace fenbatch::pipeline::detail
