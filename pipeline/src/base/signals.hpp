// Process-wide state the signal handlers need, in fixed storage they can read without
// allocating or locking: unpublished temporary files (removed on a fatal signal), destinations
// renamed before the whole run is published (put back on a fatal signal), and the address
// ranges of mapped inputs (a SIGBUS there means the file shrank while it was being read).
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace fenbatch::pipeline::detail {

// Both return a slot (-1 when the registry is full: the file then just isn't protected).
int register_temp_file(const std::string& path) noexcept;
void unregister_temp_file(int slot) noexcept;

// A destination about to be replaced, before the whole run is published. On a fatal signal,
// if the destination is the new file (device and inode `device`, `inode`: the rename or
// exchange happened), `previous` (its old content) is renamed back over it, or, with no
// previous (it did not exist), it is removed; if the destination is still the old file,
// nothing is done there. Register before any step of the replacement: every moment is covered.
// A previous content that could not be put back is never removed with the temporaries.
int register_rollback(const std::string& destination, const std::string& previous, dev_t device,
                      ino_t inode) noexcept;
void unregister_rollback(int slot) noexcept;

int register_mapped_input(const void* begin, std::size_t size) noexcept;

// The name install_signal_cleanup() was given ("fenbatch" until then), for messages that
// start with it.
[[nodiscard]] std::string_view program_name() noexcept;
void unregister_mapped_input(int slot) noexcept;

}  // namespace fenbatch::pipeline::detail
