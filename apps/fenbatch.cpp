// fenbatch: the command line (batch/batch_main.hpp) over one process's run.

#include "batch/batch_main.hpp"
#include "fenbatch/pipeline/run.hpp"

int main(int argc, char** argv) {
  return fenbatch::app::batch_main(argc, argv, {"fenbatch", fenbatch::pipeline::run, true});
}
