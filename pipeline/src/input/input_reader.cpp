#include "input/input_reader.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <stdexcept>

#include "fenbatch/pipeline/io_error.hpp"
#include "input/input_opening.hpp"
#include "input/input_source.hpp"

namespace fenbatch::pipeline::detail {

input_reader::input_reader(std::vector<std::string> paths, input_options options,
                           std::vector<input_range> ranges)
    : paths_(std::move(paths)), options_(options), ranges_(std::move(ranges)) {
  if (!ranges_.empty() && ranges_.size() != paths_.size()) {
    throw std::invalid_argument("input_reader: one range per input, or none");
  }
  bool sizes_known = true;
  for (std::uint32_t i = 0; i < paths_.size(); ++i) {
    const std::string& path = paths_[i];
    const input_range part = range(i);
    if (!part.read) continue;
    if (is_stdin(path)) {
      sizes_known = false;
      continue;
    }
    // stat, not open: opening a FIFO now and again later would cut its writer off.
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) throw_io_error("open", path, errno);
    if (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode) || S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ||
        S_ISSOCK(st.st_mode)) {
      // Readable? A directory, a device, a socket?
      opened_input in = open_input(path, options_);
      if (in.owns_fd) ::close(in.fd);
    }
    if (S_ISREG(st.st_mode) && st.st_size > 0) {
      const auto size = static_cast<std::uint64_t>(st.st_size);
      total_bytes_ += std::min(part.end, size) - std::min(part.begin, size);
      file_bytes_ += size;
    } else {
      sizes_known = false;
    }
  }
  if (!sizes_known) {
    total_bytes_ = 0;
    file_bytes_ = 0;
  }
}

input_reader::~input_reader() = default;

bool input_reader::next(chunk_input& out, std::size_t target) {
  while (current_ < paths_.size() && !stopped_) {
    if (!range(current_).read) {
      ++current_;
      continue;
    }
    if (!source_) {
      source_ = make_source(paths_[current_], options_, range(current_));
      if (options_.max_bytes != 0) source_->limit_to(options_.max_bytes - text_bytes_);
    }
    if (source_->next(out, target)) {
      out.file_index = current_;
      out.source = source_;
      text_bytes_ += out.text_bytes;
      if (options_.max_bytes != 0 && text_bytes_ >= options_.max_bytes) stopped_ = true;
      return true;
    }
    if (source_->changed_since_open()) changed_.push_back(paths_[current_]);
    source_.reset();
    ++current_;
  }
  return false;
}

}  // namespace fenbatch::pipeline::detail
