// How the ranks of fenbatch-mpi agree, before anything else, on what they were started to do.
// Ranks started apart (`mpirun -n 1 fenbatch-mpi A : -n 1 fenbatch-mpi B`) with other options
// or inputs would split, key and write the work differently, or wait for each other forever.
// Each rank describes its start as named settings, in a fixed order; rank 0's description is
// broadcast and every rank compares its own with it byte for byte (one broadcast, one
// reduction: a few bytes per option and input). Only when they differ are the descriptions
// gathered at rank 0, for one message naming the first difference (the lowest setting, then
// the lowest rank), which every rank throws.
//
// Compared, in this order:
//   - what the command line came to: a run, --help, --version or --list-reasons, or an error;
//   - the inputs: their number, then each one's name and what the rank sees at that name (a
//     regular file and its size, a directory, a device, a FIFO..., or the error stat gives),
//     so that one name for different files on machines that do not share them is caught
//     (times and contents are not compared: replicated copies need not share their times);
//   - the output and every side file (by name: only rank 0 writes them);
//   - the --exclude references as the inputs (every rank reads them whole);
//   - every option that changes what is read, written, printed or the exit status, resolved
//     (the output format an output's name implies): --dedupe --key --input-format --fen-field
//     --payload --repair --no-mmap (it changes how the inputs are split) --allow-special
//     --max-bytes --format --castling --ep --compress --level --samples --top, and the
//     program's own --max-invalid --stats --quiet.
// Not compared, as each rank may have its own (a machine's resources; none changes a result):
// -j, --chunk-size, --memory-limit, --temp-dir, whether there is a progress line
// (--no-progress, a terminal), and the dedupe knobs for tests (shards, stages, memory).
#pragma once

#include <string>
#include <vector>

#include "distributed/communicator.hpp"
#include "fenbatch/pipeline/distributed_run.hpp"

namespace fenbatch::pipeline::detail {

struct start_setting {
  std::string name;  // as the message names it: "--key", "input 2"
  std::string value;
};
using start_settings = std::vector<start_setting>;

// What this rank sees at an input's name (see above).
[[nodiscard]] std::string what_is_at(const std::string& path);

// This rank's start as named settings, in the order compared.
[[nodiscard]] start_settings describe_start(const rank_start& start);

// Settings as bytes: each text as its length, ':', its bytes.
[[nodiscard]] std::string encode_settings(const start_settings& settings);
[[nodiscard]] start_settings decode_settings(const std::string& bytes);

// The message for the first setting (then the lowest rank) that differs from rank 0's; empty
// when every rank's settings are rank 0's.
[[nodiscard]] std::string first_difference(const std::vector<start_settings>& by_rank);

// Returns when every rank's settings are rank 0's; else throws the first difference on every
// rank. A collective operation: every rank calls it once.
void agree_on_settings(const communicator& comm, const start_settings& mine);

}  // namespace fenbatch::pipeline::detail
