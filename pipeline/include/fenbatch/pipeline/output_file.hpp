// Buffered output with the atomic-publish contract: a regular destination is written to an
// unnamed temporary file (O_TMPFILE, mode 0600) in its own directory, so that even SIGKILL while
// it is written leaves nothing; prepare() fsyncs it and names it ".NAME.fenbatch-PID-RAND.tmp"
// (linkat), publish() renames it over the destination and fsyncs the directory; destruction
// before that removes it. Where the file system has no O_TMPFILE, the temporary is named from
// the start (O_EXCL|O_NOFOLLOW). "-" and existing non-regular destinations (/dev/null, FIFOs) are
// written directly. A symbolic link is written through: the temporary goes beside the file it
// leads to (created where the link dangles), which the rename replaces; the link stays. A
// replaced file keeps its owner, group and mode where the process may set them (a note says
// where it may not). A compressed destination (by its codec) is compressed between the buffer and
// the file, under the same contract: prepare() ends the compressed stream before the fsync. Public
// so that every program of the project writes files one way (the corpus generator too); a program
// using it calls install_signal_cleanup() first.
#pragma once

#include <sys/types.h>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/pipeline/compression.hpp"

namespace fenbatch::pipeline {

namespace detail {
class compressor;
}

// How a destination is compressed.
struct output_codec {
  compression codec = compression::automatic;  // automatic: by the name (.zst .gz .xz .bz2)
  int level = 0;                               // 0: the codec's default
  unsigned threads = 0;  // zstd and xz worker threads of their own (0: in the writing thread)
};

class output_file {
 public:
  // `notice` receives one-line remarks (a stale temporary file found and removed, a kept-aside
  // previous content left by a killed run, an owner that could not be kept). A level out of
  // the codec's range throws pipeline::config_error before anything is created; a destination
  // that is a mount point (a bind-mounted file) throws before anything is created.
  explicit output_file(std::string path, const std::function<void(std::string_view)>& notice = {},
                       const output_codec& codec = {});
  output_file(const output_file&) = delete;
  output_file& operator=(const output_file&) = delete;
  ~output_file();

  // Large pieces (a chunk's output) go straight to the file after what is buffered: copying
  // them into the buffer would cost the in-order stage as much as the write itself.
  void write(std::string_view data) {
    if (data.size() >= buffer_.capacity() / 4) {
      flush();
      write_all(data);
      return;
    }
    if (data.size() > buffer_.capacity() - buffer_.size()) flush();
    buffer_.insert(buffer_.end(), data.begin(), data.end());
  }
  void put(char c) {
    if (buffer_.size() == buffer_.capacity()) flush();
    buffer_.push_back(c);
  }

  // Publishing in two steps lets a run with several files make every one durable before it
  // renames any: prepare() flushes, sets the final mode, fsyncs and closes; publish() renames
  // and fsyncs the directory. Both throw std::system_error naming the path on failure.
  // `durable` false: no fsync (a temporary read back at once, never published: a distributed
  // run's part).
  void prepare(bool durable = true);
  void publish();
  // After a later file failed to publish: put back what this destination held before (or
  // remove it if it did not exist). After every file is published: keep_published() tells the
  // signal handler to leave it (no system call: call it for every file first, so a signal
  // cannot find some of them kept and some not), then forget_previous() drops that copy.
  // Until then a fatal signal puts the destination back, as roll_back() does.
  void roll_back() noexcept;
  void keep_published() noexcept;
  void forget_previous() noexcept;

  [[nodiscard]] const std::string& path() const noexcept { return path_; }
  // The directory the temporary is in and the rename happens in (the link's target's, for a
  // symbolic link); empty for a destination written directly.
  [[nodiscard]] const std::string& directory() const noexcept { return directory_; }
  // Names the temporary now (it is otherwise named in prepare()) and returns its path, so that
  // other processes can write parts of it (a distributed run's ranks, at their offsets);
  // empty for a destination written directly. prepare() then makes it durable as usual.
  [[nodiscard]] std::string name_for_writers();
  // After prepare(): the temporary file holding the content, complete and synced (a
  // distributed run's part is read from there instead of being published); empty for a
  // destination written directly.
  [[nodiscard]] const std::string& prepared_path() const noexcept { return temp_path_; }
  // The codec written (never automatic).
  [[nodiscard]] compression codec() const noexcept { return codec_; }

 private:
  void flush();
  void write_all(std::string_view data);  // through the compressor, if any
  void write_raw(std::string_view data);  // to the file
  void discard() noexcept;
  void name_temporary();
  void exchange_into_place(const std::string& previous);
  void drop_previous() noexcept;
  void say(const std::string& text) const noexcept;  // a notice, never throwing

  std::string path_;       // as given
  std::string target_;     // where it leads through symbolic links: the file replaced
  std::string directory_;  // target_'s directory, where the temporary is; empty: written directly
  std::function<void(std::string_view)> notice_;
  std::string owner_note_;  // an owner not kept, said once published
  std::string temp_path_;   // empty when writing directly; while unnamed_, the name it will get
  bool unnamed_ = false;    // an O_TMPFILE temporary not yet linked (before prepare())
  int fd_ = -1;
  bool owns_fd_ = false;
  bool committed_ = false;
  int temp_slot_ = -1;         // slot in the signal-cleanup registry
  std::string previous_path_;  // the destination's previous content, until the run is done
  int previous_slot_ = -1;
  int rollback_slot_ = -1;  // the signal handler's way to put the destination back
  dev_t new_device_ = 0;    // the temporary's identity (after prepare()), for that handler
  ino_t new_inode_ = 0;
  bool renamed_ = false;
  compression codec_ = compression::none;
  std::unique_ptr<detail::compressor> compressor_;  // null for plain text
  std::vector<char> buffer_;
};

}  // namespace fenbatch::pipeline
