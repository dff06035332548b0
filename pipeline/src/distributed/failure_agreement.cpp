#include "distributed/failure_agreement.hpp"

#include <new>
#include <string>

namespace fenbatch::pipeline::detail {

std::string failure_message(const std::exception_ptr& failure) {
  try {
    std::rethrow_exception(failure);
  } catch (const std::bad_alloc&) {
    return "out of memory";
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "unknown failure";
  }
}

void agree(const communicator& comm, const std::exception_ptr& failure) {
  const auto none = static_cast<std::uint64_t>(comm.size());
  const std::uint64_t first = comm.min(failure ? static_cast<std::uint64_t>(comm.rank()) : none);
  if (first == none) return;
  const auto root = static_cast<int>(first);
  const std::string message =
      comm.broadcast(comm.rank() == root ? failure_message(failure) : std::string(), root);
  throw distributed_failure("rank " + std::to_string(first) + ": " + message);
}

}  // namespace fenbatch::pipeline::detail
