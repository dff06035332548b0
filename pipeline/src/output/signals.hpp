// Process-wide state the signal handlers need, in fixed storage they can read without
// allocating or locking: unpublished temporary files (removed on a fatal signal), destinations
// renamed before the whole run is published (put back on a fatal signal), and the address
// ranges of mapped inputs (a SIGBUS there means the file shrank while it was being read).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace fenbatch::pipeline::detail {

// Both return a slot (-1 when the registry is full: the file then just isn't protected).
int register_temp_file(const std::string& path) noexcept;
void unregister_temp_file(int slot) noexcept;

// A destination about to be replaced by a rename, before the whole run is published: on a fatal
// signal `previous` (a hard link of its old content) is renamed back over it, or, with no
// previous (it did not exist), it is removed. Register before the rename.
int register_rollback(const std::string& destination, const std::string& previous) noexcept;
void unregister_rollback(int slot) noexcept;

int register_mapped_input(const void* begin, std::size_t size) noexcept;

// The name install_signal_cleanup() was given ("fenbatch" until then), for messages that
// start with it.
[[nodiscard]] std::string_view program_name() noexcept;
void unregister_mapped_input(int slot) noexcept;

}  // namespace fenbatch::pipeline::detail
