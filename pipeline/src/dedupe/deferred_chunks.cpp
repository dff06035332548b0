#include "dedupe/deferred_chunks.hpp"

#include <stdexcept>
#include <utility>

#include "fenbatch/pipeline/quoted_name.hpp"
#include "input/input_source.hpp"

namespace fenbatch::pipeline::detail {

std::uint64_t deferred_chunks::key_checksum(const chunk& c) noexcept {
  std::uint64_t sum = 0;
  for (const chunk::valid_line& line : c.valid) sum = sum * 0x9E3779B97F4A7C15ULL + line.key.low;
  return sum;
}

void deferred_chunks::record(const chunk& c) {
  entry e;
  e.input.file_index = c.input.file_index;
  e.input.file_offset = c.input.file_offset;
  e.input.bom_skipped = c.input.bom_skipped;
  e.input.input_bytes = c.input.input_bytes;
  e.input.text_bytes = c.input.text_bytes;
  e.input.dropped_crlf_lines = c.input.dropped_crlf_lines;
  e.input.data = c.input.data;
  if (c.input.source && c.input.source->rereadable()) {
    e.input.source = c.input.source;
  } else {
    if (!copy_) copy_ = std::make_unique<spill_file>(temp_dir_);
    e.copied = true;
    e.copy_offset = copy_->size();
    copy_->append(c.input.data);
  }
  e.sequence = c.sequence;
  e.layout = c.layout;
  e.starts_with_header = c.starts_with_header;
  e.header_to_write = c.header_to_write;
  e.valid_lines = static_cast<std::uint32_t>(c.valid.size());
  e.key_checksum = key_checksum(c);
  entries_.push_back(std::move(e));
}

bool deferred_chunks::replay(chunk& c) {
  if (next_ == entries_.size()) return false;
  if (next_ == 0 && copy_) copy_->start_reading();
  entry& e = entries_[next_++];
  chunk_input& in = c.input;
  in.file_index = e.input.file_index;
  in.file_offset = e.input.file_offset;
  in.bom_skipped = e.input.bom_skipped;
  in.input_bytes = e.input.input_bytes;
  in.text_bytes = e.input.text_bytes;
  in.dropped_crlf_lines = e.input.dropped_crlf_lines;
  if (e.copied) {
    const std::size_t size = e.input.data.size();
    scratch_.clear();
    while (scratch_.size() < size) {
      if (copy_->read_more(scratch_, size - scratch_.size()) == 0) {
        throw std::runtime_error("read temporary file: " + quoted_name(copy_->directory()) +
                                 ": the copy of the input ended early");
      }
    }
    in.storage.assign(scratch_.begin(), scratch_.end());
    in.data = std::string_view(in.storage.data(), in.storage.size());
    in.source.reset();
  } else {
    in.storage.clear();
    in.data = e.input.data;
    in.source = std::move(e.input.source);  // the last use: released after the chunk
  }
  c.sequence = e.sequence;
  c.layout = e.layout;
  c.starts_with_header = e.starts_with_header;
  c.header_to_write = e.header_to_write;
  return true;
}

bool deferred_chunks::same_as_first_reading(const chunk& c) const noexcept {
  // (By sequence: the read stage runs ahead of the stage that asks.)
  const entry& e = entries_[static_cast<std::size_t>(c.sequence - entries_.front().sequence)];
  return e.valid_lines == c.valid.size() && e.key_checksum == key_checksum(c);
}

}  // namespace fenbatch::pipeline::detail
