#pragma once
/// Reading word lists as people have them: one word per line, any case, LF or CRLF, a UTF-8
/// byte-order mark, blank and comment lines, a word followed by a definition or tags (the first
/// token is the word), duplicates. What cannot be a word is skipped and counted, never fatal;
/// a file that cannot be a word list at all is an error that names the file and the problem.

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/alphabet.h"
#include "core/file_io.h"

namespace wg {

/// Longest word kept; longer tokens are skipped as kTooLong.
inline constexpr std::size_t kMaxWordLength = 64;

/// Thrown when a word list or compiled lexicon cannot be used at all. what() names the source.
class LexiconError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Why a line did not give a new word.
enum class SkipReason {
  kBlank,             ///< empty or white space only
  kComment,           ///< first non-blank character '#', or starts with "//"
  kInvalidCharacter,  ///< the word has a character outside the alphabet (hyphen, digit, accent)
  kTooLong,           ///< longer than kMaxWordLength
  kDuplicate,         ///< the same word, ignoring case, appeared earlier
};
inline constexpr std::size_t kSkipReasonCount = 5;
std::string_view to_string(SkipReason reason);

/// One offending line, kept for the report (invalid characters and too-long words only).
struct SkippedLine {
  std::size_t line = 0;  ///< 1-based
  SkipReason reason = SkipReason::kBlank;
  std::string text;  ///< the line as read, without its line ending, cut to 80 bytes
};

struct WordListReport {
  std::string source;     ///< file path, or the name given for in-memory text
  std::size_t lines = 0;  ///< lines read
  std::size_t words = 0;  ///< distinct words kept
  std::array<std::size_t, kSkipReasonCount> skipped{};  ///< lines skipped, by SkipReason
  std::vector<SkippedLine> examples;  ///< the first kMaxExamples offending lines, in file order
  bool utf8_bom = false;
  bool crlf = false;  ///< at least one line ended in CR LF
  /// The source was a compiled lexicon (Lexicon::load): only `source` and `words` are set.
  bool compiled = false;
  static constexpr std::size_t kMaxExamples = 8;

  std::size_t skipped_count(SkipReason r) const { return skipped[static_cast<std::size_t>(r)]; }
};

/// Distinct words, lowercase, in increasing byte order, and how the source was read.
struct WordList {
  std::vector<std::string> words;
  WordListReport report;
};

/// Parses text already in memory. Throws LexiconError (naming `source`) when the text is binary
/// (NUL bytes), UTF-16 or UTF-32 (by byte-order mark or NUL pattern), or yields no word at all.
WordList parse_word_list(std::string_view text, std::string_view source,
                         const Alphabet& alphabet = Alphabet::english());

/// Throws LexiconError ("source: problem", as parse_word_list does) when the text is binary (NUL
/// bytes), UTF-16 or UTF-32: for readers of other texts that must refuse what is not text.
void check_text_encoding(std::string_view text, std::string_view source);

/// Reads and parses a file. Throws LexiconError naming the path when it is missing, a directory,
/// unreadable, empty, or fails as parse_word_list does.
WordList read_word_list(const std::filesystem::path& path,
                        const Alphabet& alphabet = Alphabet::english());

/// The largest word list or compiled lexicon read (a full English list is about 4 MiB).
inline constexpr std::uint64_t kMaxLexiconFileBytes = std::uint64_t{1} << 30;

/// Reads a whole regular file into memory (core/file_io.h's read_regular_file: a FIFO, a
/// directory or a device such as /dev/zero is refused at once, and so is a file over
/// `max_bytes`, before it is read), or with ReadUntil::kFirstNulBlock, for text, only up to the
/// block that holds its first NUL byte (which parse_word_list and check_text_encoding refuse).
/// Throws LexiconError naming the path on failure.
std::string read_file(const std::filesystem::path& path,
                      std::uint64_t max_bytes = kMaxLexiconFileBytes,
                      ReadUntil until = ReadUntil::kEnd);

}  // namespace wg
