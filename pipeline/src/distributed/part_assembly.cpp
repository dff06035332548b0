#include "distributed/part_assembly.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>

#include "fenbatch/pipeline/io_error.hpp"

namespace fenbatch::pipeline::detail {
namespace {

constexpr std::size_t piece_bytes = std::size_t{8} << 20;

// A part read piece by piece; after a failure it reads as ended.
class part_reader {
 public:
  part_reader(const std::string& path, std::exception_ptr& failure)
      : path_(path), failure_(failure) {
    if (failure_) return;
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) hold(errno);
  }
  ~part_reader() {
    if (fd_ >= 0) ::close(fd_);
  }
  part_reader(const part_reader&) = delete;
  part_reader& operator=(const part_reader&) = delete;

  // The next piece; empty at the end.
  std::string next() {
    std::string piece;
    if (fd_ < 0) return piece;
    piece.resize(piece_bytes);
    std::size_t filled = 0;
    while (filled < piece.size()) {
      const ssize_t n = ::read(fd_, piece.data() + filled, piece.size() - filled);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        hold(errno);
        ::close(fd_);
        fd_ = -1;
        return {};
      }
      if (n == 0) break;
      filled += static_cast<std::size_t>(n);
    }
    piece.resize(filled);
    return piece;
  }

 private:
  void hold(int error) {
    try {
      throw_io_error("read", path_, error);
    } catch (...) {
      if (!failure_) failure_ = std::current_exception();
    }
  }

  std::string path_;
  std::exception_ptr& failure_;
  int fd_ = -1;
};

void write_held(output_file& out, const std::string& piece, std::exception_ptr& failure) {
  if (failure) return;
  try {
    out.write(piece);
  } catch (...) {
    failure = std::current_exception();
  }
}

}  // namespace

void join_parts(const communicator& comm, const std::vector<std::string>& part_paths,
                const std::vector<output_file*>& finals, std::exception_ptr& failure) {
  for (std::size_t kind = 0; kind < part_paths.size(); ++kind) {
    if (comm.rank() != 0) {
      // Pieces, then an empty one; after a failure, the empty one at once.
      part_reader part(part_paths[kind], failure);
      for (std::string piece = part.next(); !piece.empty(); piece = part.next()) {
        comm.send(piece, 0);
      }
      comm.send(std::string(), 0);
      continue;
    }
    output_file& out = *finals[kind];
    {
      part_reader own(part_paths[kind], failure);
      for (std::string piece = own.next(); !piece.empty(); piece = own.next()) {
        write_held(out, piece, failure);
      }
    }
    for (int from = 1; from < comm.size(); ++from) {
      for (std::string piece = comm.receive(from); !piece.empty(); piece = comm.receive(from)) {
        write_held(out, piece, failure);
      }
    }
  }
}

}  // namespace fenbatch::pipeline::detail
