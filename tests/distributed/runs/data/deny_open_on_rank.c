// LD_PRELOAD shim for the distributed.run.input_denied_on_one_rank case: in the MPI rank whose
// OMPI_COMM_WORLD_RANK is $FB_DENY_RANK, open(), openat() and fopen() (and their 64-bit
// names) of a path ending in $FB_DENY_PATH fail with EACCES; every other process and path
// gets the real call. Each denial is logged as "rank R: PATH" to $FB_DENY_LOG, so that the
// test knows the shim did fire.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int denied(const char* path) {
  const char* rank = getenv("OMPI_COMM_WORLD_RANK");
  const char* want_rank = getenv("FB_DENY_RANK");
  const char* suffix = getenv("FB_DENY_PATH");
  if (path == NULL || rank == NULL || want_rank == NULL || suffix == NULL ||
      strcmp(rank, want_rank) != 0) {
    return 0;
  }
  const size_t n = strlen(path), len = strlen(suffix);
  if (n < len || strcmp(path + n - len, suffix) != 0) return 0;
  const char* log = getenv("FB_DENY_LOG");
  if (log != NULL) {
    FILE* (*real_fopen)(const char*, const char*) = dlsym(RTLD_NEXT, "fopen");
    FILE* f = real_fopen(log, "a");
    if (f != NULL) {
      fprintf(f, "rank %s: %s\n", rank, path);
      fclose(f);
    }
  }
  errno = EACCES;
  return 1;
}

// The mode argument exists only when the flags create a file.
static mode_t mode_of(int flags, va_list ap) {
  return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? (mode_t)va_arg(ap, int) : 0;
}

#define OPEN_SHIM(name)                                           \
  int name(const char* path, int flags, ...) {                    \
    va_list ap;                                                   \
    va_start(ap, flags);                                          \
    const mode_t mode = mode_of(flags, ap);                       \
    va_end(ap);                                                   \
    if (denied(path)) return -1;                                  \
    int (*real)(const char*, int, ...) = dlsym(RTLD_NEXT, #name); \
    return real(path, flags, mode);                               \
  }
#define OPENAT_SHIM(name)                                              \
  int name(int dir, const char* path, int flags, ...) {                \
    va_list ap;                                                        \
    va_start(ap, flags);                                               \
    const mode_t mode = mode_of(flags, ap);                            \
    va_end(ap);                                                        \
    if (denied(path)) return -1;                                       \
    int (*real)(int, const char*, int, ...) = dlsym(RTLD_NEXT, #name); \
    return real(dir, path, flags, mode);                               \
  }
#define FOPEN_SHIM(name)                                               \
  FILE* name(const char* path, const char* how) {                      \
    if (denied(path)) return NULL;                                     \
    FILE* (*real)(const char*, const char*) = dlsym(RTLD_NEXT, #name); \
    return real(path, how);                                            \
  }

OPEN_SHIM(open)
OPEN_SHIM(open64)
OPENAT_SHIM(openat)
OPENAT_SHIM(openat64)
FOPEN_SHIM(fopen)
FOPEN_SHIM(fopen64)
