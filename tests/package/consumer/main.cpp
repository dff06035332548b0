// Deduplicates a FEN/EPD file through the fenbatch library: consumer IN OUT.
#include <exception>
#include <iostream>

#include <fenbatch/pipeline/run.hpp>
#include <fenbatch/version.hpp>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: consumer IN OUT\n";
    return 2;
  }
  fenbatch::pipeline::run_config config;
  config.inputs = {argv[1]};
  config.output = argv[2];
  config.dedupe = true;

  try {
    const fenbatch::pipeline::run_stats stats = fenbatch::pipeline::run(config);
    std::cout << "fenbatch " << FENBATCH_VERSION_STRING << '\n'
              << "lines " << stats.lines << ", valid " << stats.valid << ", invalid "
              << stats.invalid << ", duplicates " << stats.duplicates << ", written "
              << stats.written << '\n';
  } catch (const std::exception& e) {
    std::cerr << "consumer: " << e.what() << '\n';
    return 2;
  }
}
