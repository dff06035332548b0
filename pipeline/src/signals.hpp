// Process-wide state the signal handlers need, in fixed storage they can read without
// allocating or locking: unpublished temporary files (removed on a fatal signal) and the address
// ranges of mapped inputs (a SIGBUS there means the file shrank while it was being read).
#pragma once

#include <cstddef>
#include <string>

namespace fenbatch::pipeline::detail {

// Both return a slot (-1 when the registry is full: the file then just isn't protected).
int register_temp_file(const std::string& path) noexcept;
void unregister_temp_file(int slot) noexcept;

int register_mapped_input(const void* begin, std::size_t size) noexcept;
void unregister_mapped_input(int slot) noexcept;

}  // namespace fenbatch::pipeline::detail
