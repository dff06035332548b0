// LD_PRELOAD shim for the G14 reliability case: every read-only private mapping of a file at
// offset 0 (how fenbatch maps its inputs) is placed so that the page right after the file's
// last page is PROT_NONE, the "guard page" of RELIABILITY.md G14. A read past the end of a
// page-exact file then faults (SIGSEGV) instead of passing by luck. Each guarded mapping is
// logged as "LENGTH" to the file named by $GUARD_PAGE_LOG.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef void* (*mmap_fn)(void*, size_t, int, int, int, off_t);

static void* guarded(mmap_fn real, void* addr, size_t len, int prot, int flags, int fd, off_t off) {
  if (addr != NULL || fd < 0 || off != 0 || prot != PROT_READ || !(flags & MAP_PRIVATE) ||
      (flags & MAP_FIXED) || len == 0) {
    return real(addr, len, prot, flags, fd, off);
  }
  const size_t page = (size_t)sysconf(_SC_PAGESIZE);
  const size_t span = (len + page - 1) / page * page;
  void* region = real(NULL, span + page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (region == MAP_FAILED) return region;
  void* p = real(region, len, prot, flags | MAP_FIXED, fd, off);
  if (p == MAP_FAILED) {
    munmap(region, span + page);
    return p;
  }
  const char* log = getenv("GUARD_PAGE_LOG");
  if (log != NULL) {
    const int lfd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (lfd >= 0) {
      char line[32];
      const int n = snprintf(line, sizeof line, "%zu\n", len);
      if (n > 0 && write(lfd, line, (size_t)n) < 0) { /* nothing to do */
      }
      close(lfd);
    }
  }
  return p;
}

void* mmap(void* addr, size_t len, int prot, int flags, int fd, off_t off) {
  static mmap_fn real;
  if (real == NULL) real = (mmap_fn)dlsym(RTLD_NEXT, "mmap");
  return guarded(real, addr, len, prot, flags, fd, off);
}

void* mmap64(void* addr, size_t len, int prot, int flags, int fd, off_t off) {
  static mmap_fn real;
  if (real == NULL) real = (mmap_fn)dlsym(RTLD_NEXT, "mmap64");
  return guarded(real, addr, len, prot, flags, fd, off);
}
