// A distributed run's files, joined on rank 0: each rank wrote its part of the output (and of
// the rejects, duplicates and counts files) for its own lines, in input order, compressed on
// its own (concatenated zstd frames, gzip members, xz and bzip2 streams decode as one); rank 0
// appends its part, then every other rank's in rank order, to the final file. Parts travel in
// pieces, so no rank holds a whole part. Needs no shared file system.
#pragma once

#include <exception>
#include <string>
#include <vector>

#include "distributed/communicator.hpp"
#include "fenbatch/pipeline/output_file.hpp"

namespace fenbatch::pipeline::detail {

// Every rank calls it with its parts' paths (one per file kind, the same kinds on every rank);
// rank 0 also with the final files (`finals`, one per kind, written as they come). A failure
// (reading a part, writing a final file) is kept in `failure` (the first one) and the
// exchange goes on to its end, so that no rank waits forever: report it with agree().
void join_parts(const communicator& comm, const std::vector<std::string>& part_paths,
                const std::vector<output_file*>& finals, std::exception_ptr& failure);

}  // namespace fenbatch::pipeline::detail
