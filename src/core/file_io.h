#pragma once
/// Reading and writing whole files, the one way every loader and saver of wordgames does it.
///
/// Reading a file that came from outside (a word list, a compiled lexicon, a saved dictionary,
/// a history, an auction log) is bounded: only a regular file is read (a FIFO, a directory, a
/// device such as /dev/zero or a socket is refused at once, and opening never blocks), and a
/// file larger than the caller's cap is refused from its size before anything is allocated.
///
/// Writing a file whole is atomic: the bytes go to a temporary file in the same directory,
/// which is flushed, fsync'ed and renamed over the target, and the directory is fsync'ed. A
/// full disk, a read-only directory or a kill at any moment leaves the old file as it was or
/// the new one complete, never a torn file. A temporary left by a killed writer is named
/// ".NAME.PID-N.tmp"; the next write of NAME removes those whose process has ended.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace wg {

/// A file that cannot be read or written. what() is "PATH: problem".
class FileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// How much of a file read_regular_file reads.
enum class ReadUntil : std::uint8_t {
  kEnd,  ///< all of it (a binary file: a compiled lexicon)
  /// a text file, which never holds a NUL byte: up to the end of the block (kTextBlockBytes)
  /// that holds the first NUL, if there is one, so that the caller sees it (and at least a
  /// block of what comes before and after it) and refuses the file without the rest being read.
  /// A file of a gigabyte of zeros costs one block, not a gigabyte and seconds.
  kFirstNulBlock,
};

/// The block of ReadUntil::kFirstNulBlock: larger than any sample a reader inspects.
inline constexpr std::size_t kTextBlockBytes = 64 * 1024;

/// The whole content of the regular file at `path` (or up to its first NUL block: `until`), at
/// most `max_bytes` long. Throws FileError naming the path when it is missing, unreadable, not
/// a regular file ("is a directory, not a file"; "is a FIFO (named pipe), not a regular file";
/// "is a device, ..."), or larger than `max_bytes` (refused from its size, before reading; a
/// file that grows while read is refused at the cap).
std::string read_regular_file(const std::filesystem::path& path, std::uint64_t max_bytes,
                              ReadUntil until = ReadUntil::kEnd);

/// `text` read from `source` (a file's path, "standard input") as every reader of text files
/// takes it: without a UTF-8 byte-order mark at its start, and refused with FileError
/// "SOURCE: binary file (NUL byte at offset N), not text" when it holds a NUL byte.
std::string_view checked_text(std::string_view text, std::string_view source);

/// A text file (a board file): read_regular_file's checks and cap, read up to its first NUL
/// block, then checked_text: its byte-order mark skipped, a NUL byte refused.
std::string read_text_file(const std::filesystem::path& path, std::uint64_t max_bytes);

/// A regular file open for reading in pieces, with read_regular_file's checks: for a loader
/// that reads a header, then each part of the file straight into where it goes.
class RegularFile {
 public:
  /// Throws FileError as read_regular_file does, from the file's kind and size.
  RegularFile(const std::filesystem::path& path, std::uint64_t max_bytes);
  ~RegularFile();
  RegularFile(const RegularFile&) = delete;
  RegularFile& operator=(const RegularFile&) = delete;

  /// The file's size when it was opened.
  std::uint64_t size() const { return size_; }
  /// Reads up to `bytes` bytes into `out`: the number read, 0 at the end of the file. Throws
  /// FileError naming the path when the read fails.
  std::size_t read_some(void* out, std::size_t bytes);
  /// Reads exactly `bytes` bytes into `out`; false when the file ends before.
  bool read_exactly(void* out, std::size_t bytes);

 private:
  std::filesystem::path path_;
  int fd_ = -1;
  std::uint64_t size_ = 0;
};

/// A regular file written from its start as a program goes (a game's log, streamed a line at a
/// time so that a game cut short leaves its log up to the cut), where write_file_atomically,
/// which writes a file whole, cannot serve.
class StreamedFile {
 public:
  /// Opens `path` for writing, creating it (0666 less the umask) or emptying it. Opening never
  /// blocks: anything but a regular file (a FIFO, with or without a reader; a device such as
  /// /dev/null; a directory; a socket) is refused with FileError "PATH: cannot write: it is a
  /// FIFO (named pipe), not a regular file", and left as it is.
  explicit StreamedFile(const std::filesystem::path& path);
  ~StreamedFile();
  StreamedFile(const StreamedFile&) = delete;
  StreamedFile& operator=(const StreamedFile&) = delete;

  /// Writes all of `bytes` at the end of what was written. Throws FileError naming the path
  /// when it cannot (a full disk: "cannot write (no space left on the device)").
  void write(std::string_view bytes);

 private:
  std::filesystem::path path_;
  int fd_ = -1;
};

/// `path` open for appending (a log that several writers add to), created if missing (0666 less
/// the umask), with StreamedFile's checks: opening never blocks, and anything but a regular file
/// is refused with FileError and left as it is. The check is made on the file opened, so a file
/// swapped for a FIFO after any earlier check is still refused. Returns the descriptor
/// (close-on-exec); the caller closes it.
int open_for_appending(const std::filesystem::path& path);

/// The moments of an atomic write, for tests that kill a writer at each of them.
enum class WriteStep : std::uint8_t {
  kTemporaryCreated,  ///< the temporary file exists, empty
  kWritten,           ///< the bytes are written to the temporary, not yet synced
  kSynced,            ///< the temporary is fsync'ed, not yet renamed
  kRenamed,           ///< the target holds the new bytes (the directory not yet fsync'ed)
};
std::string_view to_string(WriteStep step);

/// Writes `bytes` to `path` atomically (see above). The directory must exist. The new file
/// keeps the old file's permission bits, or gets 0666 less the umask. `observer`, if given, is
/// called at each step (tests only). Throws FileError naming the path on any failure (after
/// removing the temporary): the old file is then untouched. A process writing large files with
/// RLIMIT_FSIZE set should ignore SIGXFSZ, so that the limit is an error rather than a kill.
void write_file_atomically(const std::filesystem::path& path, std::string_view bytes,
                           const std::function<void(WriteStep)>& observer = {});

/// The name pattern of the temporaries: true for ".NAME.PID-N.tmp" (N any decimal number).
/// Sets `pid` to the writer's process id.
bool is_temporary_of(std::string_view file_name, std::string_view name, long& pid);

}  // namespace wg
