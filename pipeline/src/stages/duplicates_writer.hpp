// --duplicates: every valid line dropped as a duplicate, in input order, as
// "FILE:LINE: duplicate of FILE:LINE: <the line as read>" (verbatim but for the one
// overlong-line rule, as in the rejects file).
#pragma once

#include "chunks/chunk.hpp"
#include "chunks/line_places.hpp"
#include "fenbatch/pipeline/output_file.hpp"

namespace fenbatch::pipeline::detail {

// The chunk's duplicates; the chunk is already in `places`.
void write_duplicates(const chunk& c, const line_places& places, output_file& out);

}  // namespace fenbatch::pipeline::detail
