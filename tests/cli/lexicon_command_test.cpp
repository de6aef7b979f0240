// `wordgames lexicon ...` (src/cli/lexicon_command.h), checked against plain scans of
// data/enable1.txt: counts by length, membership, prefixes, patterns and sub-anagrams.

#include <sys/stat.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "cli/wordgames_runner.h"
#include "support/temp_dir.h"

namespace wg::test {
namespace {

using nlohmann::json;

constexpr std::size_t kEnableWords = 172823;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// A bad-input error: status 2, "wordgames: ..." naming `mentions` on stderr, nothing on stdout.
void expect_bad_input(const ProcessResult& r, const std::string& mentions) {
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_EQ(r.out, "") << r;
  EXPECT_TRUE(r.err.starts_with("wordgames: ")) << r;
  EXPECT_TRUE(contains(unwrapped(r.err), mentions))
      << "expected stderr to mention '" << mentions << "'" << r;
}

void expect_usage_error(const ProcessResult& r, const std::string& mentions) {
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_EQ(r.out, "") << r;
  EXPECT_TRUE(r.err.starts_with("wordgames: ")) << r;
  EXPECT_TRUE(contains(unwrapped(r.err), mentions))
      << "expected stderr to mention '" << mentions << "'" << r;
}

// --- Oracles: straightforward scans of the word list.

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

bool oracle_contains(const std::string& word) {
  return std::binary_search(enable_words().begin(), enable_words().end(), lower(word));
}

bool oracle_is_prefix(const std::string& prefix) {
  const std::string p = lower(prefix);
  const auto& words = enable_words();
  const auto it = std::lower_bound(words.begin(), words.end(), p);
  return it != words.end() && it->starts_with(p);
}

/// The pattern read by hand: a letter, ? or . for any letter, [set] or [^set].
std::vector<std::string> oracle_pattern(const std::string& pattern) {
  const std::string all = "abcdefghijklmnopqrstuvwxyz";
  std::vector<std::string> positions;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '?' || c == '.') {
      positions.push_back(all);
    } else if (c == '[') {
      const bool negate = pattern[i + 1] == '^';
      if (negate) ++i;
      std::string set;
      while (pattern[++i] != ']') set += lower(std::string(1, pattern[i]));
      if (negate) {
        std::string complement;
        for (char l : all) {
          if (set.find(l) == std::string::npos) complement += l;
        }
        set = complement;
      }
      positions.push_back(set);
    } else {
      positions.push_back(lower(std::string(1, c)));
    }
  }
  std::vector<std::string> result;
  for (const std::string& word : enable_words()) {
    if (word.size() != positions.size()) continue;
    bool match = true;
    for (std::size_t i = 0; i < word.size() && match; ++i) {
      match = positions[i].find(word[i]) != std::string::npos;
    }
    if (match) result.push_back(word);
  }
  return result;
}

/// Words makeable from some of the rack's tiles: per letter, what the word needs beyond the
/// rack's copies must be covered by blanks (vowels only with `vowel_blanks`).
std::vector<std::string> oracle_anagrams(const std::string& rack, bool vowel_blanks,
                                         std::size_t min_length = 1) {
  std::array<int, 26> have{};
  int blanks = 0;
  for (char c : lower(rack)) {
    if (c == '*' || c == '?') {
      ++blanks;
    } else {
      ++have[c - 'a'];
    }
  }
  const std::string vowels = "aeiou";
  std::vector<std::string> result;
  for (const std::string& word : enable_words()) {
    if (word.size() < min_length) continue;
    std::array<int, 26> need{};
    for (char c : word) ++need[c - 'a'];
    int missing = 0;
    bool ok = true;
    for (int l = 0; l < 26; ++l) {
      const int short_by = std::max(0, need[l] - have[l]);
      if (short_by > 0 && vowel_blanks &&
          vowels.find(static_cast<char>('a' + l)) == std::string::npos) {
        ok = false;
      }
      missing += short_by;
    }
    if (ok && missing <= blanks) result.push_back(word);
  }
  return result;
}

// A small word list with one line of each kind the reader skips. Line numbers matter.
constexpr std::string_view kSmallList =
    "Cat\n"                     // 1: kept, lowercased
    "dog\n"                     // 2
    "# a comment\n"             // 3: comment
    "dog\n"                     // 4: duplicate
    "foo-bar\n"                 // 5: invalid character
    "\n"                        // 6: blank
    "bird the flying animal\n"  // 7: kept: the first token is the word
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n";  // 8: too long

// --- info

TEST(CliLexiconInfoTest, DefaultLexiconJson) {
  const ProcessResult r = wordgames({"lexicon", "info", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.err, "");
  const json info = json_of(r);
  EXPECT_EQ(info["words"], kEnableWords);
  EXPECT_TRUE(info["source"].is_string());
  EXPECT_GT(info["bytes"].get<std::size_t>(), 0u);
  EXPECT_FALSE(info.contains("skipped")) << "the built-in lexicon has no load report";

  std::map<std::string, std::size_t> expected;
  std::size_t min_length = 1000, max_length = 0;
  for (const std::string& word : enable_words()) {
    ++expected[std::to_string(word.size())];
    min_length = std::min(min_length, word.size());
    max_length = std::max(max_length, word.size());
  }
  ASSERT_TRUE(info["by_length"].is_object()) << r;
  using Counts = std::map<std::string, std::size_t>;
  EXPECT_EQ(info["by_length"].get<Counts>(), expected);
  EXPECT_EQ(info["by_length"]["2"], 96u);
  EXPECT_EQ(info["min_length"], min_length);
  EXPECT_EQ(info["max_length"], max_length);
}

TEST(CliLexiconInfoTest, DefaultLexiconText) {
  const ProcessResult r = wordgames({"lexicon", "info"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "words: 172823\n")) << r;
  EXPECT_TRUE(contains(r.out, "by length:")) << r;
}

TEST(CliLexiconInfoTest, WordListReport) {
  TempDir dir;
  const std::string list = dir.write("small.txt", kSmallList).string();
  const ProcessResult r = wordgames({"--lexicon", list, "lexicon", "info", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const json info = json_of(r);
  EXPECT_EQ(info["source"], list);
  EXPECT_EQ(info["format"], "word list");
  EXPECT_EQ(info["words"], 3);
  EXPECT_EQ(info["by_length"], json({{"3", 2}, {"4", 1}}));
  EXPECT_EQ(info["lines"], 8);
  EXPECT_EQ(info["skipped"], json({{"blank", 1},
                                   {"comment", 1},
                                   {"invalid_character", 1},
                                   {"too_long", 1},
                                   {"duplicate", 1}}));
  ASSERT_EQ(info["examples"].size(), 2u) << r;
  EXPECT_EQ(info["examples"][0]["line"], 5);
  EXPECT_EQ(info["examples"][0]["reason"], "invalid_character");
  EXPECT_EQ(info["examples"][0]["text"], "foo-bar");
  EXPECT_EQ(info["examples"][1]["line"], 8);
  EXPECT_EQ(info["examples"][1]["reason"], "too_long");
}

TEST(CliLexiconInfoTest, WindowsStyleList) {
  TempDir dir;
  const std::string list = dir.write("windows.txt",
                                     "\xEF\xBB\xBF"
                                     "Cat\r\nDog\r\n")
                               .string();
  const ProcessResult r = wordgames({"--lexicon", list, "lexicon", "info", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const json info = json_of(r);
  EXPECT_EQ(info["words"], 2);
  EXPECT_EQ(info["utf8_bom"], true);
  EXPECT_EQ(info["crlf"], true);
  const ProcessResult q = wordgames({"--lexicon", list, "lexicon", "contains", "cat", "dog"});
  EXPECT_EQ(q.out, "cat: yes\ndog: yes\n") << q;
}

// --- check

TEST(CliLexiconCheckTest, ReportsSkippedLinesWithLineNumbers) {
  TempDir dir;
  const std::string list = dir.write("small.txt", kSmallList).string();
  const ProcessResult r = wordgames({"lexicon", "check", list});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "words: 3\n")) << r;
  EXPECT_TRUE(contains(r.out, "line 5")) << r;
  EXPECT_TRUE(contains(r.out, "foo-bar")) << r;
  EXPECT_TRUE(contains(r.out, "line 8")) << r;
  EXPECT_TRUE(contains(r.out, "duplicate: 1")) << r;

  const ProcessResult j = wordgames({"lexicon", "check", list, "--json"});
  ASSERT_EQ(j.exit_code, 0) << j;
  const json report = json_of(j);
  EXPECT_EQ(report["usable"], true);
  EXPECT_EQ(report["words"], 3);
  EXPECT_EQ(report["skipped"]["duplicate"], 1);
}

TEST(CliLexiconCheckTest, UnusableFilesExitTwo) {
  TempDir dir;
  expect_bad_input(wordgames({"lexicon", "check", (dir / "missing.txt").string()}), "missing.txt");
  expect_bad_input(wordgames({"lexicon", "check", dir.write("empty.txt", "").string()}),
                   "empty.txt");
  expect_bad_input(
      wordgames({"lexicon", "check", dir.write("notes.txt", "# only\n\n// comments\n").string()}),
      "notes.txt");
}

// --- Errors loading --lexicon

TEST(CliLexiconFileErrorTest, MissingFile) {
  TempDir dir;
  const std::string path = (dir / "no-such-list.txt").string();
  const ProcessResult r = wordgames({"--lexicon", path, "lexicon", "info"});
  expect_bad_input(r, path);
  EXPECT_TRUE(contains(r.err, "not found")) << r;
}

TEST(CliLexiconFileErrorTest, Directory) {
  TempDir dir;
  expect_bad_input(wordgames({"--lexicon", dir.path().string(), "lexicon", "contains", "cat"}),
                   dir.path().string());
}

TEST(CliLexiconFileErrorTest, BinaryFile) {
  TempDir dir;
  const std::string binary(
      "\x7f"
      "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0",
      20);
  const std::string path = dir.write("program", binary).string();
  const ProcessResult r = wordgames({"--lexicon", path, "lexicon", "info"});
  expect_bad_input(r, path);
  EXPECT_TRUE(contains(r.err, "binary")) << r;
}

TEST(CliLexiconFileErrorTest, Utf16File) {
  TempDir dir;
  const std::string utf16(
      "\xff\xfe"
      "c\0a\0t\0\n\0d\0o\0g\0\n\0",
      18);
  const std::string path = dir.write("utf16.txt", utf16).string();
  const ProcessResult r = wordgames({"--lexicon", path, "lexicon", "contains", "cat"});
  expect_bad_input(r, path);
  EXPECT_TRUE(contains(r.err, "UTF-16")) << r;
}

TEST(CliLexiconFileErrorTest, EmptyFile) {
  TempDir dir;
  const std::string path = dir.write("empty.txt", "").string();
  const ProcessResult r = wordgames({"--lexicon", path, "lexicon", "info", "--json"});
  expect_bad_input(r, path);
  EXPECT_TRUE(contains(r.err, "empty")) << r;
}

TEST(CliLexiconFileErrorTest, ListWithoutWords) {
  TempDir dir;
  const std::string path = dir.write("junk.txt", "# header\n123\nfoo-bar\n").string();
  const ProcessResult r = wordgames({"--lexicon", path, "lexicon", "info"});
  expect_bad_input(r, path);
  EXPECT_TRUE(contains(r.err, "no words")) << r;
}

// --- compile

TEST(CliLexiconCompileTest, RoundTripsTheDefaultList) {
  TempDir dir;
  const std::string compiled = (dir / "enable.wglex").string();
  const ProcessResult c = wordgames({"lexicon", "compile", enable_path(), compiled});
  ASSERT_EQ(c.exit_code, 0) << c;
  EXPECT_EQ(lines_of(c.out).size(), 1u) << c;
  EXPECT_TRUE(contains(c.out, "172823")) << c;
  const auto bytes = std::filesystem::file_size(compiled);
  EXPECT_TRUE(contains(c.out, std::to_string(bytes))) << c;

  const ProcessResult info = wordgames({"--lexicon", compiled, "lexicon", "info", "--json"});
  ASSERT_EQ(info.exit_code, 0) << info;
  const json doc = json_of(info);
  EXPECT_EQ(doc["words"], kEnableWords);
  EXPECT_EQ(doc["format"], "compiled");
  EXPECT_EQ(doc["file_bytes"], bytes);
  const ProcessResult builtin = wordgames({"lexicon", "info", "--json"});
  EXPECT_EQ(doc["by_length"], json_of(builtin)["by_length"]);

  const ProcessResult q =
      wordgames({"--lexicon", compiled, "lexicon", "contains", "zyzzyva", "zzzzq", "--json"});
  ASSERT_EQ(q.exit_code, 0) << q;
  EXPECT_EQ(json_of(q), json({{"zyzzyva", true}, {"zzzzq", false}}));
}

TEST(CliLexiconCompileTest, SmallListKeepsItsWords) {
  TempDir dir;
  const std::string list = dir.write("small.txt", kSmallList).string();
  const std::string compiled = (dir / "small.wglex").string();
  const ProcessResult c = wordgames({"lexicon", "compile", list, compiled});
  ASSERT_EQ(c.exit_code, 0) << c;
  const ProcessResult q = wordgames(
      {"lexicon", "contains", "--lexicon", compiled, "cat", "CAT", "bird", "foo", "--json"});
  ASSERT_EQ(q.exit_code, 0) << q;
  EXPECT_EQ(json_of(q), json({{"cat", true}, {"CAT", true}, {"bird", true}, {"foo", false}}));
}

TEST(CliLexiconCompileTest, CorruptCompiledFilesExitTwo) {
  TempDir dir;
  const std::string list = dir.write("small.txt", kSmallList).string();
  const std::string compiled = (dir / "good.wglex").string();
  ASSERT_EQ(wordgames({"lexicon", "compile", list, compiled}).exit_code, 0);
  const std::string good = read_bytes(compiled);
  ASSERT_GT(good.size(), 64u);

  std::vector<std::pair<std::string, std::string>> damaged;  // name, bytes
  damaged.emplace_back("half.wglex", good.substr(0, good.size() / 2));
  damaged.emplace_back("header-only.wglex", good.substr(0, 40));
  damaged.emplace_back("trailing.wglex", good + "extra");
  for (std::size_t at : {std::size_t{0}, std::size_t{20}, good.size() / 2, good.size() - 1}) {
    std::string flipped = good;
    flipped[at] = static_cast<char>(flipped[at] ^ 0x5A);
    damaged.emplace_back("flipped-" + std::to_string(at) + ".wglex", flipped);
  }
  for (const auto& [name, bytes] : damaged) {
    const std::string path = dir.write(name, bytes).string();
    SCOPED_TRACE(name);
    expect_bad_input(wordgames({"--lexicon", path, "lexicon", "info"}), path);
    expect_bad_input(wordgames({"lexicon", "check", path}), path);
  }
}

TEST(CliLexiconCompileTest, Errors) {
  TempDir dir;
  expect_bad_input(
      wordgames({"lexicon", "compile", (dir / "missing.txt").string(), (dir / "o").string()}),
      "missing.txt");
  const std::string list = dir.write("small.txt", kSmallList).string();
  const std::string unwritable = (dir / "no-such-dir" / "out.wglex").string();
  expect_bad_input(wordgames({"lexicon", "compile", list, unwritable}), unwritable);
  expect_usage_error(wordgames({"lexicon", "compile", list}), "OUTPUT");
}

// Issue 15: `lexicon compile same.txt same.txt` overwrote the word list with the binary.
TEST(CliLexiconCompileTest, RefusesToCompileAFileOntoItself) {
  TempDir dir;
  const std::string list = dir.write("same.txt", kSmallList).string();
  std::filesystem::create_hard_link(list, dir / "link.txt");
  std::filesystem::create_symlink(list, dir / "symlink.txt");
  std::filesystem::create_directory(dir / "sub");
  const std::string dotted = (dir / "sub" / ".." / "same.txt").string();
  for (const std::string& output :
       {list, (dir / "link.txt").string(), (dir / "symlink.txt").string(), dotted}) {
    SCOPED_TRACE(output);
    expect_usage_error(wordgames({"lexicon", "compile", list, output}),
                       "the output " + output + " is the input file");
    EXPECT_EQ(read_bytes(list), kSmallList);
  }
}

// Issue 15: `lexicon compile` truncated an existing good file on a full disk. The disk is full
// for the compiler run by a shell with a file size limit of 4 KiB (`ulimit -f 8`, in blocks of
// 512 bytes) that ignores SIGXFSZ (inherited by the program): its write fails with EFBIG.
TEST(CliLexiconCompileTest, AFullDiskLeavesTheOldOutputIntact) {
  TempDir dir;
  const std::string list = dir.write("small.txt", kSmallList).string();
  const std::string out = (dir / "out.wglex").string();
  ASSERT_EQ(wordgames({"lexicon", "compile", list, out}).exit_code, 0);
  const std::string good = read_bytes(out);
  ProcessOptions options;
  options.env.emplace("XDG_DATA_HOME", test_data_home().string());
  const ProcessResult r =
      run_process({"/bin/sh", "-c", "trap '' XFSZ; ulimit -f 8 && exec \"$0\" \"$@\"", WG_BINARY,
                   "lexicon", "compile", enable_path(), out},
                  options);
  expect_bad_input(r, out +
                          ": cannot write (file too large for this process or device); the "
                          "file was left as it was");
  EXPECT_EQ(read_bytes(out), good);
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    (void)entry;
    ++files;
  }
  EXPECT_EQ(files, 2u);  // small.txt and out.wglex: no temporary left
}

// Issue 15: /dev/zero as a lexicon allocated 2 GB before the size cap refused it; a FIFO hung.
TEST(CliLexiconFileErrorTest, DevZeroAndAFifoAreRefusedAtOnce) {
  expect_bad_input(wordgames({"--lexicon", "/dev/zero", "lexicon", "info"}),
                   "/dev/zero: is a device, not a regular file");
  expect_bad_input(wordgames({"lexicon", "check", "/dev/zero"}),
                   "/dev/zero: is a device, not a regular file");
  TempDir dir;
  const std::string fifo = (dir / "words.fifo").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  expect_bad_input(wordgames({"--lexicon", fifo, "lexicon", "info"}),
                   fifo + ": is a FIFO (named pipe), not a regular file");
}

TEST(CliLexiconFileErrorTest, AnEmptyPathIsAUsageErrorNotTheBuiltInList) {
  // Issue 31: `--lexicon ''` silently used the built-in list.
  const ProcessResult r = wordgames({"--lexicon", "", "lexicon", "info"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_TRUE(r.out.empty()) << r;
  EXPECT_TRUE(contains(r.err, "--lexicon: needs a file: an empty path names none")) << r;
}

// --- contains and prefix

TEST(CliLexiconContainsTest, JsonMapsEachWordAsGiven) {
  const ProcessResult r = wordgames({"lexicon", "contains", "aa", "zzzzq", "QUIZ", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r), json({{"aa", true}, {"zzzzq", false}, {"QUIZ", true}}));
}

TEST(CliLexiconContainsTest, TextOneLinePerWord) {
  const std::vector<std::string> words = {"cat", "Dog", "xyzzy", "qi", "a", "don't", "zyzzyvas"};
  std::vector<std::string> args = {"lexicon", "contains"};
  args.insert(args.end(), words.begin(), words.end());
  const ProcessResult r = wordgames(args);
  ASSERT_EQ(r.exit_code, 0) << r;
  std::vector<std::string> expected;
  for (const std::string& w : words)
    expected.push_back(w + ": " + (oracle_contains(w) ? "yes" : "no"));
  EXPECT_EQ(lines_of(r.out), expected) << r;
}

TEST(CliLexiconPrefixTest, AgreesWithTheList) {
  const std::vector<std::string> prefixes = {"qu",   "xyz",   "aa",  "zzz",
                                             "zzzs", "zzzsx", "Pre", "cwm"};
  std::vector<std::string> args = {"lexicon", "prefix", "--json"};
  args.insert(args.end(), prefixes.begin(), prefixes.end());
  const ProcessResult r = wordgames(args);
  ASSERT_EQ(r.exit_code, 0) << r;
  const json answers = json_of(r);
  ASSERT_EQ(answers.size(), prefixes.size()) << r;
  for (const std::string& p : prefixes) EXPECT_EQ(answers[p], oracle_is_prefix(p)) << p;

  const ProcessResult text = wordgames({"lexicon", "prefix", "qu", "xyz"});
  EXPECT_EQ(text.out, "qu: yes\nxyz: no\n") << text;
}

// --- pattern

TEST(CliLexiconPatternTest, MatchesABruteForceScan) {
  for (const std::string pattern :
       {"c?ws", "[aeiou]?[^aeiou]", "q[^u]??", ".x.", "s[aeiou][aeiou]??s", "CATS", "[xyz]",
        "??????????????[^s]", "[^aeiouy][^aeiouy][^aeiouy][^aeiouy][^aeiouy]"}) {
    SCOPED_TRACE(pattern);
    const ProcessResult r = wordgames({"lexicon", "pattern", pattern});
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_EQ(lines_of(r.out), oracle_pattern(pattern)) << r;
  }
}

TEST(CliLexiconPatternTest, JsonAndLimit) {
  const std::vector<std::string> expected = oracle_pattern("c?ws");
  ASSERT_GE(expected.size(), 2u);
  const ProcessResult r = wordgames({"lexicon", "pattern", "c?ws", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r),
            json({{"pattern", "c?ws"}, {"count", expected.size()}, {"words", expected}}));

  const ProcessResult limited = wordgames({"lexicon", "pattern", "c?ws", "--json", "--limit", "1"});
  ASSERT_EQ(limited.exit_code, 0) << limited;
  const json doc = json_of(limited);
  EXPECT_EQ(doc["count"], expected.size());
  EXPECT_EQ(doc["words"], json::array({expected[0]}));

  const ProcessResult text = wordgames({"lexicon", "pattern", "[aeiou]?[^aeiou]", "--limit", "3"});
  EXPECT_EQ(lines_of(text.out).size(), 3u) << text;
}

TEST(CliLexiconPatternTest, MalformedPatternIsAUsageError) {
  expect_usage_error(wordgames({"lexicon", "pattern", "[ab"}), "[ab");
  expect_usage_error(wordgames({"lexicon", "pattern", "c1ws"}), "c1ws");
  expect_usage_error(wordgames({"lexicon", "pattern", "[ab", "--json"}), "[ab");
}

// --- anagram

TEST(CliLexiconAnagramTest, JsonIsSortedAndComplete) {
  const ProcessResult r = wordgames({"lexicon", "anagram", "retains*", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const json doc = json_of(r);
  const auto words = doc["words"].get<std::vector<std::string>>();
  EXPECT_TRUE(std::is_sorted(words.begin(), words.end()));
  EXPECT_EQ(doc["count"], words.size());
  const std::vector<std::string> expected = oracle_anagrams("retains*", false);
  EXPECT_EQ(words, expected);
  for (const char* word : {"retains", "nastier", "stainer", "retinas", "strainer", "stearin",
                           "trainees", "asterisk"}) {
    const bool makeable = std::binary_search(expected.begin(), expected.end(), std::string(word));
    EXPECT_EQ(std::binary_search(words.begin(), words.end(), std::string(word)), makeable) << word;
  }
  EXPECT_TRUE(std::binary_search(words.begin(), words.end(), std::string("retains")));
  EXPECT_TRUE(std::binary_search(words.begin(), words.end(), std::string("strainer")));
  EXPECT_FALSE(std::binary_search(words.begin(), words.end(), std::string("asterisk")));
}

TEST(CliLexiconAnagramTest, TextIsLongestFirstThenAlphabetical) {
  const ProcessResult r = wordgames({"lexicon", "anagram", "RETAINS?"});
  ASSERT_EQ(r.exit_code, 0) << r;
  std::vector<std::string> expected = oracle_anagrams("retains*", false);
  std::sort(expected.begin(), expected.end(), [](const std::string& a, const std::string& b) {
    return a.size() != b.size() ? a.size() > b.size() : a < b;
  });
  EXPECT_EQ(lines_of(r.out), expected);
}

TEST(CliLexiconAnagramTest, VowelBlanksAndMinimumLength) {
  const ProcessResult r =
      wordgames({"lexicon", "anagram", "qzt**", "--vowel-blanks", "--min", "3", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r)["words"].get<std::vector<std::string>>(), oracle_anagrams("qzt**", true, 3));

  const ProcessResult any = wordgames({"lexicon", "anagram", "qzt**", "--min", "3", "--json"});
  ASSERT_EQ(any.exit_code, 0) << any;
  EXPECT_EQ(json_of(any)["words"].get<std::vector<std::string>>(),
            oracle_anagrams("qzt**", false, 3));

  const ProcessResult seven = wordgames({"lexicon", "anagram", "retains*", "--min", "7", "--json"});
  ASSERT_EQ(seven.exit_code, 0) << seven;
  EXPECT_EQ(json_of(seven)["words"].get<std::vector<std::string>>(),
            oracle_anagrams("retains*", false, 7));
}

TEST(CliLexiconAnagramTest, BadRackIsAUsageError) {
  expect_usage_error(wordgames({"lexicon", "anagram", "ab1"}), "ab1");
  expect_usage_error(wordgames({"lexicon", "anagram", "ab-c", "--json"}), "ab-c");
  expect_usage_error(wordgames({"lexicon", "anagram", ""}), "rack");
}

TEST(CliLexiconAnagramTest, UsesTheGivenLexicon) {
  TempDir dir;
  const std::string list = dir.write("small.txt", kSmallList).string();
  const ProcessResult r = wordgames({"--lexicon", list, "lexicon", "anagram", "tacgod", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r)["words"], json::array({"cat", "dog"}));
}

}  // namespace
}  // namespace wg::test
