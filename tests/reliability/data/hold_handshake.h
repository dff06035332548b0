// What the preload shims that hold fenbatch share (hold_shim.c, spill_hold_shim.c): the path a
// descriptor names, and the file handshake with the test: create FB_HOLD_DIR/hold.ready
// (holding `note`, when not NULL), then wait for FB_HOLD_DIR/hold.go (at most a minute).
#pragma once

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// The path of `fd` into `path` (NUL-terminated); its length, or 0 when unknown.
static size_t fd_path(int fd, char* path, size_t size) {
  char link[64];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  const ssize_t n = readlink(link, path, size - 1);
  if (n <= 0) return 0;
  path[n] = '\0';
  return (size_t)n;
}

static void hold_handshake(const char* note) {
  const char* dir = getenv("FB_HOLD_DIR");
  if (dir == NULL) return;
  char ready[4096];
  char go[4096];
  snprintf(ready, sizeof ready, "%s/hold.ready", dir);
  snprintf(go, sizeof go, "%s/hold.go", dir);
  const int fd = open(ready, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd >= 0) {
    if (note != NULL) {
      ssize_t ignored = write(fd, note, strlen(note));
      (void)ignored;
    }
    close(fd);
  }
  const struct timespec pause = {0, 2000000};
  for (int i = 0; i < 30000 && access(go, F_OK) != 0; ++i) nanosleep(&pause, NULL);
}
