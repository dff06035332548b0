// A distributed run's files, joined: each rank wrote its part of the output (and of the
// rejects, duplicates and counts files) for its own lines, in input order, compressed on its
// own (concatenated zstd frames, gzip members, xz and bzip2 streams decode as one). Two ways:
// - at offsets: when every rank can open rank 0's temporary for a final file (a shared file
//   system: checked with a token rank 0 writes there), each rank writes its part at its offset
//   (an exclusive prefix sum of the part sizes) and syncs it; rank 0 then cuts the file to the
//   total. Every rank writes at once; nothing goes through rank 0's link;
// - through rank 0: otherwise (no shared file system, standard output, a destination that is
//   not a regular file), rank 0 appends its part, then every other rank's in rank order,
//   received in pieces through MPI.
// No rank holds a whole part in memory.
#pragma once

#include <exception>
#include <string>
#include <vector>

#include "distributed/communicator.hpp"
#include "fenbatch/pipeline/output_file.hpp"

namespace fenbatch::pipeline::detail {

struct join_report {
  std::uint64_t bytes_through_rank0 = 0;  // other ranks' part bytes sent to rank 0
  std::uint64_t kinds_at_offsets = 0;     // files written at offsets
};

// Every rank calls it with its parts' paths (one per file kind, the same kinds on every rank);
// rank 0 also with the final files (`finals`, one per kind, written as they come). A failure
// (reading a part, writing a final file) is kept in `failure` (the first one) and the joining
// goes on to its end, so that no rank waits forever: report it with agree().
// `at_offsets`: whether to try writing at offsets (the same on every rank).
join_report join_parts(const communicator& comm, const std::vector<std::string>& part_paths,
                       const std::vector<output_file*>& finals, bool at_offsets,
                       std::exception_ptr& failure);

}  // namespace fenbatch::pipeline::detail
