// LD_PRELOAD shim for the G13/G16 reliability cases: holds fenbatch right after it maps, or
// first reads, a chosen input, until the test has changed that file. Deterministic: no timing.
//   FB_HOLD_CALL  "mmap" (after a successful mmap of the file) or "read" (after its first read)
//   FB_HOLD_PATH  the held file's path as /proc/self/fd shows it, compared as a suffix
//   FB_HOLD_DIR   the shim creates FB_HOLD_DIR/hold.ready, then waits (60 s at most) for the
//                 test to create FB_HOLD_DIR/hold.go
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "hold_handshake.h"

static int held;

static int is_target(int fd, const char* call) {
  const char* want_call = getenv("FB_HOLD_CALL");
  const char* want_path = getenv("FB_HOLD_PATH");
  if (held || fd < 0 || want_call == NULL || want_path == NULL || strcmp(want_call, call) != 0) {
    return 0;
  }
  char path[4096];
  const size_t n = fd_path(fd, path, sizeof path);
  if (n == 0) return 0;
  const size_t len = strlen(want_path);
  return n >= len && strcmp(path + n - len, want_path) == 0;
}

static void hold(void) {
  held = 1;
  hold_handshake(NULL);
}

typedef void* (*mmap_fn)(void*, size_t, int, int, int, off_t);
typedef ssize_t (*read_fn)(int, void*, size_t);

void* mmap(void* addr, size_t len, int prot, int flags, int fd, off_t off) {
  static mmap_fn real;
  if (real == NULL) real = (mmap_fn)dlsym(RTLD_NEXT, "mmap");
  void* p = real(addr, len, prot, flags, fd, off);
  if (p != MAP_FAILED && is_target(fd, "mmap")) hold();
  return p;
}

void* mmap64(void* addr, size_t len, int prot, int flags, int fd, off_t off) {
  static mmap_fn real;
  if (real == NULL) real = (mmap_fn)dlsym(RTLD_NEXT, "mmap64");
  void* p = real(addr, len, prot, flags, fd, off);
  if (p != MAP_FAILED && is_target(fd, "mmap")) hold();
  return p;
}

ssize_t read(int fd, void* buf, size_t count) {
  static read_fn real;
  if (real == NULL) real = (read_fn)dlsym(RTLD_NEXT, "read");
  const ssize_t n = real(fd, buf, count);
  if (n > 0 && is_target(fd, "read")) hold();
  return n;
}
