// pipeline::run() runs only with the decoder asked for: when FENBATCH_FORCE_IMPL names one this
// build or CPU lacks, core falls back quietly (a library must not end its host), so run()
// refuses, before it opens any file, with core's message. ctest runs this test once more with
// FENBATCH_FORCE_IMPL=no-such-decoder (pipeline.forced_decoder_refused).
#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>

#include "fenbatch/core/decoder_registry.hpp"
#include "fenbatch/pipeline/run.hpp"
#include "temp_dir.hpp"

namespace fenbatch::pipeline {
namespace {

TEST(RunDecoderSelection, RunsOnlyWithTheDecoderAskedFor) {
  const test::temp_dir dir;
  run_config config;
  config.inputs = {dir.file("in.fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n")};
  config.output = dir.path("out.fen");
  const core::decoder_selection& selection = core::selected_decoder();
  if (selection.ok()) {
    EXPECT_EQ(run(config).written, 1U);
    return;
  }
  try {
    (void)run(config);
    ADD_FAILURE() << "run() accepted " << selection.message();
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(e.what(), selection.message());
  }
  EXPECT_FALSE(std::filesystem::exists(config.output));
}

}  // namespace
}  // namespace fenbatch::pipeline
