#include "distributed/part_assembly.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>

#include "distributed/failure_agreement.hpp"
#include "fenbatch/pipeline/io_error.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"

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

// A descriptor closed on every path.
struct descriptor {
  int fd = -1;
  descriptor() = default;
  descriptor(const descriptor&) = delete;
  descriptor& operator=(const descriptor&) = delete;
  ~descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

void write_at(int fd, const std::string& path, std::string_view data, std::uint64_t offset) {
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n =
        ::pwrite(fd, data.data() + done, data.size() - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw_io_error("write", path, errno);
    done += static_cast<std::size_t>(n);
  }
}

// Whether copy_file_range cannot copy between these files at all (other file systems, a kernel
// without it), so that read and pwrite must.
bool copy_refused(int error) {
  return error == EXDEV || error == EINVAL || error == ENOSYS || error == EOPNOTSUPP;
}

// Copies the part at `part_path` into `fd` (`shared`) from `offset` on: within the kernel where
// the file systems allow (no copy through this process, no buffer), else read and pwrite.
void copy_part_at(const std::string& part_path, std::uint64_t size, int fd,
                  const std::string& shared, std::uint64_t offset, std::exception_ptr& failure) {
  if (failure) return;
  held(failure, [&] {
    descriptor part;
    part.fd = ::open(part_path.c_str(), O_RDONLY | O_CLOEXEC);
    if (part.fd < 0) throw_io_error("read", part_path, errno);
    bool in_kernel = true;
    std::string piece;
    // Exactly `size` bytes: the other ranks' offsets were built from it, so a part that ends
    // early (or grew) would leave a hole in the file or overwrite the next part.
    for (std::uint64_t done = 0; done < size;) {
      const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(piece_bytes, size - done));
      ssize_t n = 0;
      if (in_kernel) {
        auto from = static_cast<loff_t>(done);
        auto to = static_cast<loff_t>(offset + done);
        n = ::copy_file_range(part.fd, &from, fd, &to, want, 0);
        if (n < 0 && copy_refused(errno)) {  // the fallback resumes at `done`
          in_kernel = false;
          continue;
        }
        if (n < 0 && errno != EINTR) throw_io_error("copy into", shared, errno);
      } else {
        piece.resize(want);
        n = ::pread(part.fd, piece.data(), piece.size(), static_cast<off_t>(done));
        if (n < 0 && errno != EINTR) throw_io_error("read", part_path, errno);
        if (n > 0) write_at(fd, shared, {piece.data(), static_cast<std::size_t>(n)}, offset + done);
      }
      if (n == 0) throw std::runtime_error(quoted_name(part_path) + ": cut short");
      if (n > 0) done += static_cast<std::size_t>(n);
    }
  });
}

std::uint64_t size_of(const std::string& path, std::exception_ptr& failure) {
  struct stat st {};
  if (failure) return 0;
  if (::stat(path.c_str(), &st) != 0) {
    held(failure, [&] { throw_io_error("stat", path, errno); });
    return 0;
  }
  return static_cast<std::uint64_t>(st.st_size);
}

// Whether every rank sees rank 0's temporary `shared` (rank 0 has written `token` at its
// start): opened on every rank for writing, its descriptor kept in `out`.
bool shared_by_every_rank(const communicator& comm, const std::string& shared,
                          const std::string& token, descriptor& out) {
  bool sees = false;
  out.fd = ::open(shared.c_str(), O_RDWR | O_CLOEXEC);
  if (out.fd >= 0) {
    std::string read_back(token.size(), '\0');
    sees = ::pread(out.fd, read_back.data(), read_back.size(), 0) ==
               static_cast<ssize_t>(token.size()) &&
           read_back == token;
  }
  return comm.min(sees ? 1 : 0) == 1;
}

// One kind of file at offsets; false (nothing written) when some rank cannot see rank 0's
// temporary, or there is none (a destination written directly).
bool join_at_offsets(const communicator& comm, const std::string& part_path, output_file* final,
                     std::exception_ptr& failure) {
  std::string shared;
  std::string token;
  if (comm.rank() == 0) {
    held(failure, [&] {
      shared = final->name_for_writers();
      if (shared.empty()) return;
      std::random_device entropy;
      for (int i = 0; i < 4; ++i) token += std::to_string(entropy()) + ".";
      descriptor fd;
      fd.fd = ::open(shared.c_str(), O_WRONLY | O_CLOEXEC);
      if (fd.fd < 0) throw_io_error("open", shared, errno);
      write_at(fd.fd, shared, token, 0);
      if (::fsync(fd.fd) != 0) throw_io_error("fsync", shared, errno);
    });
  }
  shared = comm.broadcast(shared, 0);
  token = comm.broadcast(token, 0);
  if (shared.empty() || token.empty()) return false;
  descriptor fd;
  if (!shared_by_every_rank(comm, shared, token, fd)) return false;
  const std::uint64_t size = size_of(part_path, failure);
  const std::vector<std::uint64_t> sizes = comm.all_gather({size});
  std::uint64_t offset = 0;
  for (int r = 0; r < comm.rank(); ++r) offset += sizes[static_cast<std::size_t>(r)];
  std::uint64_t total = 0;
  for (const std::uint64_t s : sizes) total += s;
  copy_part_at(part_path, size, fd.fd, shared, offset, failure);
  held(failure, [&] {
    if (::fsync(fd.fd) != 0) throw_io_error("fsync", shared, errno);
  });
  // Every part written before rank 0 cuts the file (the token is gone only if some part
  // covers it: the cut ends it).
  (void)comm.max(0);
  if (comm.rank() == 0) {
    held(failure, [&] {
      if (::ftruncate(fd.fd, static_cast<off_t>(total)) != 0) {
        throw_io_error("truncate", shared, errno);
      }
    });
  }
  return true;
}

void write_held(output_file& out, const std::string& piece, std::exception_ptr& failure) {
  if (failure) return;
  try {
    out.write(piece);
  } catch (...) {
    failure = std::current_exception();
  }
}

}  // namespace

join_report join_parts(const communicator& comm, const std::vector<std::string>& part_paths,
                       const std::vector<output_file*>& finals, bool at_offsets,
                       std::exception_ptr& failure) {
  join_report report;
  for (std::size_t kind = 0; kind < part_paths.size(); ++kind) {
    if (at_offsets && join_at_offsets(comm, part_paths[kind],
                                      comm.rank() == 0 ? finals[kind] : nullptr, failure)) {
      ++report.kinds_at_offsets;
      continue;
    }
    if (comm.rank() != 0) {
      // Pieces, then an empty one; after a failure, the empty one at once.
      part_reader part(part_paths[kind], failure);
      for (std::string piece = part.next(); !piece.empty(); piece = part.next()) {
        comm.send(piece, 0);
        report.bytes_through_rank0 += piece.size();
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
  return report;
}

}  // namespace fenbatch::pipeline::detail
