// What a fatal signal does to a run's files: a program that writes through output_file (or
// runs the pipeline) installs this once, before it opens anything.
#pragma once

#include <string_view>

namespace fenbatch::pipeline {

// Installs handlers for SIGINT, SIGTERM, SIGHUP and SIGPIPE that remove unpublished temporary
// files, then re-raise the signal; a SIGBUS inside a mapped input (the file was truncated while
// read) removes them too and exits 2; SIGXFSZ is ignored so a file size limit is an EFBIG
// error. The handlers' messages start with `program` ("fenbatch: interrupted"); `quiet`: no
// "interrupted" message (the ranks of fenbatch-mpi but rank 0, which mpirun signals together).
void install_signal_cleanup(std::string_view program = "fenbatch", bool quiet = false);

}  // namespace fenbatch::pipeline
