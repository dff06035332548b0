// Writes the report of each sample run (sample_stats.hpp) into the folder given, for
// check_well_formed.py: hand_filled.html, empty.html, huge.html.
#include <cstdio>
#include <fstream>
#include <string>

#include "fenbatch/pipeline/html_report.hpp"
#include "sample_stats.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s FOLDER\n", argv[0]);
    return 2;
  }
  const std::string folder = argv[1];
  const struct {
    const char* name;
    fenbatch::test::sample_run run;
  } pages[] = {{"hand_filled.html", fenbatch::test::hand_filled_run()},
               {"empty.html", fenbatch::test::empty_run()},
               {"huge.html", fenbatch::test::huge_run()}};
  for (const auto& page : pages) {
    std::ofstream out(folder + '/' + page.name, std::ios::binary);
    out << fenbatch::pipeline::to_html_report(page.run.stats, page.run.config,
                                              fenbatch::test::sample_finish);
    if (!out.flush()) {
      std::fprintf(stderr, "cannot write %s/%s\n", folder.c_str(), page.name);
      return 2;
    }
  }
  return 0;
}
