// The command line as a whole (src/cli/app.h): --version, --help at every level, global
// options before or after the command, exit codes and error messages.

#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "cli/wordgames_runner.h"
#include "support/temp_dir.h"

namespace wg::test {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// A usage error: status 1, a one-line "wordgames: ..." message and a hint on stderr, nothing
/// on stdout.
void expect_usage_error(const ProcessResult& r, const std::string& mentions) {
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_EQ(r.out, "") << r;
  EXPECT_TRUE(r.err.starts_with("wordgames: ")) << r;
  EXPECT_TRUE(contains(r.err, mentions)) << "expected stderr to mention '" << mentions << "'" << r;
  EXPECT_TRUE(contains(r.err, "--help")) << r;
}

TEST(CliAppTest, VersionPrintsNameAndVersion) {
  const ProcessResult r = wordgames({"--version"});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(std::regex_match(r.out, std::regex("wordgames [0-9]+\\.[0-9]+\\.[0-9]+\n"))) << r;
  EXPECT_EQ(r.err, "");
}

TEST(CliAppTest, RootHelpListsGlobalOptionsAndCommands) {
  for (const char* flag : {"--help", "-h"}) {
    const ProcessResult r = wordgames({flag});
    EXPECT_EQ(r.exit_code, 0) << r;
    EXPECT_EQ(r.err, "");
    for (const char* part : {"--lexicon", "--seed", "--version", "--json", "--help", "lexicon",
                             "hand", "evil-hangman", "boggle", "auction", "hangman", "wordle"}) {
      EXPECT_TRUE(contains(r.out, part)) << "missing " << part << r;
    }
  }
}

TEST(CliAppTest, LexiconHelpListsItsCommands) {
  const ProcessResult r = wordgames({"lexicon", "--help"});
  EXPECT_EQ(r.exit_code, 0) << r;
  for (const char* part :
       {"info", "check", "compile", "contains", "prefix", "pattern", "anagram", "--lexicon"}) {
    EXPECT_TRUE(contains(r.out, part)) << "missing " << part << r;
  }
}

TEST(CliAppTest, LexiconWithoutCommandListsItsCommands) {
  const ProcessResult r = wordgames({"lexicon"});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "anagram")) << r;
  EXPECT_TRUE(contains(r.out, "pattern")) << r;
}

TEST(CliAppTest, SubcommandHelpShowsItsOptions) {
  const ProcessResult r = wordgames({"lexicon", "anagram", "--help"});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.err, "");
  for (const char* part : {"RACK", "--min", "--vowel-blanks", "--json"}) {
    EXPECT_TRUE(contains(r.out, part)) << "missing " << part << r;
  }
  const ProcessResult pattern = wordgames({"lexicon", "pattern", "-h"});
  EXPECT_EQ(pattern.exit_code, 0) << pattern;
  EXPECT_TRUE(contains(pattern.out, "--limit")) << pattern;
}

TEST(CliAppTest, HelpWinsOverMissingArguments) {
  const ProcessResult r = wordgames({"lexicon", "compile", "--help"});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "OUTPUT")) << r;
}

TEST(CliAppTest, UnknownCommandIsAUsageError) {
  expect_usage_error(wordgames({"frobnicate"}), "frobnicate");
  expect_usage_error(wordgames({"lexicon", "frobnicate"}), "frobnicate");
}

TEST(CliAppTest, UnknownOptionIsAUsageError) {
  expect_usage_error(wordgames({"--frobnicate"}), "--frobnicate");
  expect_usage_error(wordgames({"lexicon", "info", "--frobnicate"}), "--frobnicate");
}

TEST(CliAppTest, MissingArgumentIsAUsageError) {
  expect_usage_error(wordgames({"lexicon", "contains"}), "WORD");
  expect_usage_error(wordgames({"lexicon", "compile", "only-one"}), "OUTPUT");
  expect_usage_error(wordgames({"lexicon", "info", "--lexicon"}), "--lexicon");
  expect_usage_error(wordgames({"lexicon", "pattern", "c?ws", "--limit"}), "--limit");
}

TEST(CliAppTest, ExtraArgumentIsAUsageError) {
  expect_usage_error(wordgames({"lexicon", "info", "surplus"}), "surplus");
}

TEST(CliAppTest, SeedMustBeAWholeNumber) {
  expect_usage_error(wordgames({"--seed", "abc"}), "--seed");
  expect_usage_error(wordgames({"--seed=-1"}), "--seed");
  expect_usage_error(wordgames({"--seed", "18446744073709551616"}), "--seed");
  expect_usage_error(wordgames({"--seed", "0x10"}), "--seed");
  const ProcessResult max = wordgames({"--seed", "18446744073709551615", "lexicon", "info"});
  EXPECT_EQ(max.exit_code, 0) << max;
  const ProcessResult after = wordgames({"lexicon", "info", "--seed", "42"});
  EXPECT_EQ(after.exit_code, 0) << after;
}

TEST(CliAppTest, NumericOptionsRejectNonNumbers) {
  expect_usage_error(wordgames({"lexicon", "pattern", "c?ws", "--limit", "many"}), "--limit");
  expect_usage_error(wordgames({"lexicon", "anagram", "abc", "--min", "-2"}), "--min");
}

TEST(CliAppTest, GlobalOptionsWorkBeforeAndAfterTheCommand) {
  TempDir dir;
  const std::string list = dir.write("words.txt", "cat\ndog\nbird\n").string();
  const std::vector<std::vector<std::string>> orders = {
      {"--lexicon", list, "--json", "lexicon", "info"},
      {"--lexicon", list, "lexicon", "info", "--json"},
      {"lexicon", "--lexicon", list, "info", "--json"},
      {"lexicon", "info", "--json", "--lexicon", list},
      {"lexicon", "info", "--lexicon=" + list, "--json"},
  };
  for (const auto& args : orders) {
    const ProcessResult r = wordgames(args);
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_EQ(json_of(r)["words"], 3) << r;
  }
}

TEST(CliAppTest, OutputHasNoColourCodes) {
  ProcessOptions options;
  options.env["TERM"] = "xterm-256color";
  options.env["NO_COLOR"] = std::nullopt;
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{}, {"--help"}, {"lexicon", "info"}, {"frobnicate"}}) {
    const ProcessResult r = wordgames(args, options);
    EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r;
    EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r;
  }
}

}  // namespace
}  // namespace wg::test
