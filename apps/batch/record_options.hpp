// How input records are read (issue 29): --input-format, --fen-field, --header, --columns, in the
// "Input and formats" group. Beside command_line.cpp, which reads them with the rest.
#pragma once

#include <boost/program_options/options_description.hpp>
#include <boost/program_options/variables_map.hpp>
#include <string>

#include "fenbatch/pipeline/run_config.hpp"

namespace fenbatch::app {

// The values as typed.
struct record_texts {
  std::string input_format;
  std::string header = "auto";
  std::string columns;
};

// Adds the options to `group` (--fen-field straight into config.fen_field).
void add_record_options(boost::program_options::options_description& group,
                        pipeline::run_config& config, record_texts& texts);

// The values into `config` (its inputs already assigned); a bad value or combination is a
// usage_error saying what is allowed.
void read_record_options(const boost::program_options::variables_map& vm, const record_texts& texts,
                         pipeline::run_config& config);

}  // namespace fenbatch::app
