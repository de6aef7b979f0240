// The compiled lexicon file: round trips, and every way a file can be damaged.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/file_io.h"
#include "lexicon/common_words.h"
#include "lexicon/lexicon.h"
#include "lexicon/word_list.h"
#include "support/temp_dir.h"

namespace wg {
namespace {

using test::TempDir;

Lexicon small() {
  std::vector<std::string> words = {"alpha", "beta", "bet", "gamma", "gammas", "zeta"};
  std::sort(words.begin(), words.end());
  return Lexicon::build(words);
}

void expect_same(const Lexicon& a, const Lexicon& b) {
  ASSERT_EQ(a.size(), b.size());
  EXPECT_EQ(a.count_by_length(), b.count_by_length());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a.word_at(i), b.word_at(i));
    EXPECT_EQ(b.index_of(a.word_at(i)), static_cast<std::int64_t>(i));
  }
}

std::string error_of(std::span<const std::byte> bytes) {
  try {
    Lexicon::deserialize(bytes, "test.wglex");
  } catch (const LexiconError& e) {
    return e.what();
  }
  return "";
}

TEST(LexiconFormat, RoundTripsInMemory) {
  Lexicon lex = small();
  auto bytes = lex.serialize();
  EXPECT_TRUE(Lexicon::is_compiled(bytes));
  expect_same(lex, Lexicon::deserialize(bytes, "mem"));
}

TEST(LexiconFormat, RoundTripsThroughAFile) {
  TempDir dir;
  Lexicon lex = small();
  lex.save(dir / "small.wglex");
  WordListReport report;
  Lexicon loaded = Lexicon::load(dir / "small.wglex", &report);
  expect_same(lex, loaded);
  EXPECT_EQ(report.words, lex.size());
  EXPECT_NE(report.source.find("small.wglex"), std::string::npos);
}

TEST(LexiconFormat, TheDefaultLexiconRoundTrips) {
  const Lexicon& lex = default_lexicon();
  Lexicon copy = Lexicon::deserialize(lex.serialize(), "copy");
  EXPECT_EQ(copy.size(), lex.size());
  EXPECT_EQ(copy.serialize(), lex.serialize());
  EXPECT_TRUE(copy.contains("zymurgy"));
}

// The built-in lexicons load trusted (LexiconTrust::kTrusted: no checksum, no structure check);
// what they hold passes every check of a file from outside.
TEST(LexiconFormat, TheBuiltInLexiconsPassTheChecksTheyAreSpared) {
  for (const Lexicon* lex : {&default_lexicon(), common_words().get()}) {
    const Lexicon checked = Lexicon::deserialize(lex->serialize(), "checked");
    EXPECT_EQ(checked.serialize(), lex->serialize());
  }
}

// Trusted bytes are still refused for what their header and sizes show.
TEST(LexiconFormat, TrustedBytesAreCheckedForHeaderAndSizes) {
  const auto bytes = small().serialize();
  const auto trusted = [](std::span<const std::byte> b) {
    return Lexicon::deserialize(b, "t.wglex", LexiconTrust::kTrusted);
  };
  expect_same(small(), trusted(bytes));
  EXPECT_THROW(trusted(std::span(bytes).first(bytes.size() - 1)), LexiconError);
  auto longer = bytes;
  longer.push_back(std::byte{0});
  EXPECT_THROW(trusted(longer), LexiconError);
  auto other = bytes;
  other[0] = std::byte{'X'};  // magic
  EXPECT_THROW(trusted(other), LexiconError);
  // A damaged unit goes unseen when trusted, and is refused otherwise.
  auto damaged = bytes;
  damaged[bytes.size() / 2] ^= std::byte{0x40};
  EXPECT_NO_THROW(trusted(damaged));
  EXPECT_THROW(Lexicon::deserialize(damaged, "d.wglex"), LexiconError);
}

// A trusted file load reads the units straight into place: the same lexicon as an untrusted
// load; a file that is not whole is still refused with the path; a word list loads as text.
TEST(LexiconFormat, TrustedFileLoadsCheckHeaderAndSizes) {
  TempDir dir;
  const auto bytes = small().serialize();
  const auto write = [&dir](const char* name, std::span<const std::byte> b) {
    dir.write(name, std::string(reinterpret_cast<const char*>(b.data()), b.size()));
    return dir / name;
  };
  const auto trusted = [](const std::filesystem::path& path) {
    WordListReport report;
    Lexicon lex = Lexicon::load(path, &report, LexiconTrust::kTrusted);
    EXPECT_TRUE(report.compiled);
    EXPECT_EQ(report.words, lex.size());
    return lex;
  };
  expect_same(small(), trusted(write("whole.wglex", bytes)));
  for (const std::size_t keep : {std::size_t{63}, std::size_t{64}, bytes.size() - 1}) {
    try {
      trusted(write("short.wglex", std::span(bytes).first(keep)));
      ADD_FAILURE() << keep << " bytes loaded";
    } catch (const LexiconError& e) {
      EXPECT_NE(std::string(e.what()).find("short.wglex"), std::string::npos) << e.what();
    }
  }
  auto longer = bytes;
  longer.push_back(std::byte{0});
  EXPECT_THROW(trusted(write("long.wglex", longer)), LexiconError);
  dir.write("list.txt", "Zeta\nalpha\nbeta\n");
  EXPECT_TRUE(Lexicon::load(dir / "list.txt", nullptr, LexiconTrust::kTrusted).contains("beta"));
  dir.write("tiny.txt", "ox\n");  // shorter than a header
  EXPECT_TRUE(Lexicon::load(dir / "tiny.txt", nullptr, LexiconTrust::kTrusted).contains("ox"));
}

TEST(LexiconFormat, LoadsTextListsToo) {
  TempDir dir;
  dir.write("list.txt", "Zeta\nalpha\nbeta\n");
  WordListReport report;
  Lexicon lex = Lexicon::load(dir / "list.txt", &report);
  EXPECT_EQ(lex.size(), 3u);
  EXPECT_TRUE(lex.contains("zeta"));
  EXPECT_EQ(report.words, 3u);
  EXPECT_EQ(report.lines, 3u);
}

TEST(LexiconFormat, AGigabyteOfZerosIsRefusedFromItsFirstBlock) {
  // Issue 31: a 1 GiB file of NULs given as --lexicon was read whole (1 GB of memory, 5 s)
  // before being refused for its first byte. Loaded in a child, which reports its peak memory:
  // the file is sparse (cheap to make), but reading it whole would take a gigabyte.
  TempDir dir;
  const std::filesystem::path zeros = dir / "zeros.txt";
  { std::ofstream(zeros).put('\0'); }
  std::filesystem::resize_file(zeros, std::uint64_t{1} << 30);
  for (const LexiconTrust trust : {LexiconTrust::kUntrusted, LexiconTrust::kTrusted}) {
    int report[2];
    ASSERT_EQ(::pipe(report), 0);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      ::close(report[0]);
      std::string message = "(loaded)";
      try {
        Lexicon::load(zeros, nullptr, trust);
      } catch (const LexiconError& e) {
        message = e.what();
      }
      struct rusage usage {};
      ::getrusage(RUSAGE_SELF, &usage);
      const std::string line = std::to_string(usage.ru_maxrss) + " " + message;
      const ssize_t written = ::write(report[1], line.data(), line.size());
      ::_exit(written == static_cast<ssize_t>(line.size()) ? 0 : 1);
    }
    ::close(report[1]);
    std::string line;
    char buffer[512];
    for (ssize_t n; (n = ::read(report[0], buffer, sizeof buffer)) > 0;) line.append(buffer, n);
    ::close(report[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << line;
    const long peak_kib = std::stol(line);
    EXPECT_NE(line.find("zeros.txt: binary file (NUL byte at offset 0), not a word list"),
              std::string::npos)
        << line;
    EXPECT_LT(peak_kib, 256 * 1024) << "a gigabyte was read: " << line;
  }
  EXPECT_THROW(read_word_list(zeros), LexiconError);
  EXPECT_EQ(read_regular_file(zeros, std::uint64_t{1} << 30, ReadUntil::kFirstNulBlock).size(),
            kTextBlockBytes);
}

TEST(LexiconFormat, RejectsTruncatedFiles) {
  auto bytes = small().serialize();
  for (std::size_t keep : {std::size_t{8}, std::size_t{20}, std::size_t{63}, std::size_t{64},
                           bytes.size() / 2, bytes.size() - 1}) {
    std::string err = error_of(std::span(bytes).first(keep));
    EXPECT_NE(err.find("test.wglex"), std::string::npos) << keep << ": " << err;
    EXPECT_NE(err.find("truncated"), std::string::npos) << keep << ": " << err;
  }
}

TEST(LexiconFormat, RejectsAnyFlippedByte) {
  auto bytes = small().serialize();
  for (std::size_t i = 8; i < bytes.size(); i += 7) {
    auto damaged = bytes;
    damaged[i] ^= std::byte{0x40};
    EXPECT_NE(error_of(damaged), "") << "byte " << i;
  }
}

std::vector<std::byte> from_hex(std::string_view hex) {
  std::vector<std::byte> bytes;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    bytes.push_back(static_cast<std::byte>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
  return bytes;
}

// Found by fuzz/wglex_fuzz (fuzz/corpus/wglex/regression-word_at-logic-error): a file whose
// checksum is right but whose words-before counts lead word_at() nowhere, which threw
// std::logic_error (other such files made it loop). The automaton is now checked on load.
TEST(LexiconFormat, RejectsAnAutomatonWhoseCountsLeadNowhere) {
  // (Re-encoded for format version 2: each unit's fields in the new order, the checksum again.)
  const std::vector<std::byte> crafted = from_hex(
      "57474c4558000d0a0200000040000000656e0000000000000800000000000000200000000100000005000000"
      "0000000007000000000000002c3e78dcb0d5d9f20000002023000000210000f8e200002821000000020000c0"
      "2200001009000098050000383a000000120000181500007033000000000000000000000000000000510100f0"
      "000000000000000000000000000000000000000000000000000000000000000000000000000000009a010068"
      "0000000000000000000000000000000000000000000000000200000000000000020000000000000001000000"
      "00000000010000000000000001000000000000000100000000000000");
  EXPECT_EQ(error_of(crafted), "test.wglex: not a usable compiled lexicon: bad words-before count");
}

// A unit that no walk reaches may still not carry a label outside the alphabet: a lookup meets a
// character that is no letter as label 31, which no unit may have (lexicon.h, char_labels_).
// Two words, "ab" and "b", with the free unit 31 given label 31 and the checksum made again.
TEST(LexiconFormat, RejectsALabelOutsideTheAlphabetAnywhere) {
  const std::vector<std::byte> crafted = from_hex(
      "57474c4558000d0a0200000040000000656e0000000000000200000000000000200000000100000005000000"
      "000000000300000000000000ce7b954f0523d74a010000182200000000000000620000000000000000000000"
      "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
      "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
      "0000000000000000000000001f000000000000000000000001000000000000000100000000000000");
  EXPECT_EQ(error_of(crafted),
            "test.wglex: not a usable compiled lexicon: a label outside the alphabet");
}

// Every lexicon the builder makes passes the checks on load: empty, one letter, one longest word.
TEST(LexiconFormat, TheChecksOnLoadAcceptWhatTheBuilderMakes) {
  EXPECT_EQ(error_of(Lexicon::build(std::vector<std::string>{}).serialize()), "");
  EXPECT_EQ(error_of(Lexicon::build(std::vector<std::string>{"a"}).serialize()), "");
  EXPECT_EQ(
      error_of(
          Lexicon::build(std::vector<std::string>{std::string(kMaxWordLength, 'z')}).serialize()),
      "");
  EXPECT_EQ(error_of(small().serialize()), "");
}

TEST(LexiconFormat, NamesTheProblem) {
  auto bytes = small().serialize();
  auto damaged = bytes;
  damaged[bytes.size() - 3] ^= std::byte{1};
  EXPECT_NE(error_of(damaged).find("checksum"), std::string::npos);

  auto newer = bytes;
  newer[8] = std::byte{99};  // format version
  EXPECT_NE(error_of(newer).find("version 99"), std::string::npos);
  // A file from before the base moved to the top of each unit: refused, saying how to fix it.
  auto older = bytes;
  older[8] = std::byte{1};
  EXPECT_EQ(error_of(older),
            "test.wglex: not a usable compiled lexicon: format version 1, this program reads 2: "
            "compile the word list again "
            "(`wordgames lexicon compile`)");

  auto longer = bytes;
  longer.push_back(std::byte{0});
  EXPECT_NE(error_of(longer).find("trailing"), std::string::npos);

  std::string text = "hello\nworld\n";
  EXPECT_NE(error_of(std::as_bytes(std::span(text))).find("magic"), std::string::npos);
}

}  // namespace
}  // namespace wg
