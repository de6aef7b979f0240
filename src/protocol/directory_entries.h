#pragma once
/// Reading a directory's entries with raw system calls (getdents64): no allocation and no libc
/// state, so it is safe in a signal handler and in a child between fork and exec. For the
/// protocol's own use (the process walk, the descriptors a bot inherits).

#include <fcntl.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

namespace wg::protocol::detail {

/// Calls `visit(name, dir)` for each entry of the directory `path`: its name (NUL-terminated,
/// "." and ".." included) and the descriptor the directory is read through. Returns false when
/// the directory cannot be opened.
template <class Visit>
bool for_each_directory_entry(const char* path, Visit&& visit) {
  const int dir = ::open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return false;
  alignas(8) char buffer[4096];
  for (;;) {
    const long got = ::syscall(SYS_getdents64, dir, buffer, sizeof buffer);
    if (got <= 0) break;
    for (long at = 0; at < got;) {
      struct Entry {
        ino64_t inode;
        off64_t offset;
        unsigned short length;
        unsigned char type;
        char name[1];
      };
      const auto* entry = reinterpret_cast<const Entry*>(buffer + at);
      at += entry->length;
      visit(static_cast<const char*>(entry->name), dir);
    }
  }
  ::close(dir);
  return true;
}

}  // namespace wg::protocol::detail
