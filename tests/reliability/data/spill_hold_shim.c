// LD_PRELOAD shim for the H03 reliability case: holds fenbatch inside a pass of a partitioned
// run, chosen by the first call that only that pass makes on a file of the temporary directory,
// until the test has sent its signal. Deterministic: no timing.
//   FB_HOLD_CALL    "write" (the first write there: pass 1, partitioning), "pread" (the first
//                   pread: pass 2, deduplicating partitions) or "read" (the first read: pass 3,
//                   reading back a streamed input's copy)
//   FB_HOLD_PREFIX  the temporary directory's absolute path; a file counts when /proc/self/fd
//                   shows it under that directory
//   FB_HOLD_DIR     the shim creates FB_HOLD_DIR/hold.ready (holding the call it made), then
//                   waits (60 s at most) for FB_HOLD_DIR/hold.go
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hold_handshake.h"

static atomic_int held;

static int is_target(int fd, const char* call) {
  const char* want_call = getenv("FB_HOLD_CALL");
  const char* prefix = getenv("FB_HOLD_PREFIX");
  if (atomic_load(&held) || fd < 0 || want_call == NULL || prefix == NULL ||
      strcmp(want_call, call) != 0) {
    return 0;
  }
  char path[4096];
  if (fd_path(fd, path, sizeof path) == 0) return 0;
  const size_t len = strlen(prefix);
  return strncmp(path, prefix, len) == 0 && path[len] == '/';
}

static void hold(const char* call) {
  int expected = 0;
  if (!atomic_compare_exchange_strong(&held, &expected, 1)) return;
  hold_handshake(call);
}

typedef ssize_t (*write_fn)(int, const void*, size_t);
typedef ssize_t (*read_fn)(int, void*, size_t);
typedef ssize_t (*pread_fn)(int, void*, size_t, off_t);

// Held before the call: the pass has begun, and nothing of this call is done yet.
ssize_t write(int fd, const void* buf, size_t count) {
  static write_fn real;
  if (real == NULL) real = (write_fn)dlsym(RTLD_NEXT, "write");
  if (is_target(fd, "write")) hold("write");
  return real(fd, buf, count);
}

ssize_t read(int fd, void* buf, size_t count) {
  static read_fn real;
  if (real == NULL) real = (read_fn)dlsym(RTLD_NEXT, "read");
  if (is_target(fd, "read")) hold("read");
  return real(fd, buf, count);
}

ssize_t pread(int fd, void* buf, size_t count, off_t offset) {
  static pread_fn real;
  if (real == NULL) real = (pread_fn)dlsym(RTLD_NEXT, "pread");
  if (is_target(fd, "pread")) hold("pread");
  return real(fd, buf, count, offset);
}

ssize_t pread64(int fd, void* buf, size_t count, off_t offset) {
  static pread_fn real;
  if (real == NULL) real = (pread_fn)dlsym(RTLD_NEXT, "pread64");
  if (is_target(fd, "pread")) hold("pread");
  return real(fd, buf, count, offset);
}
