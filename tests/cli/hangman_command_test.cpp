// `wordgames hangman ...` (src/cli/hangman_command.h, over hangman::Session and the store:
// app::SqliteStore, which imports the files of an older wordgames once)
// run as a user does: the terminal game with golden transcripts of seeded games, every bad answer
// and end of input at every prompt, dictionaries, history across runs, autoplay. Every test
// points XDG_DATA_HOME at its own temporary directory.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/wordgames_runner.h"
#include "server/open_library_stand_in.h"
#include "support/golden.h"
#include "support/temp_dir.h"

namespace wg::test {
namespace {

using nlohmann::json;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// 20 words, 16 of 6 letters and 4 of 9 (exactly the 20 % the rules ask), in running text.
constexpr std::string_view kSmallText =
    "A story: banana, bandit; basket (battle) beaver-beetle bottle butter! Cannon castle cattle "
    "cotton. Damsel dinner falcon forest; absolutes breakfast chocolate dandelion.\n"
    "Short words are left out: cat, dog, the, four, fifth.\n";

class HangmanCli : public ::testing::Test {
 protected:
  void SetUp() override {
    small_file_ = home_.write("small.txt", kSmallText);
    const ProcessResult r = run({"hangman", "dictionary", "create", "small", small_file_.string()});
    ASSERT_EQ(r.exit_code, 0) << r;
  }

  ProcessResult run(std::vector<std::string> args, std::string input = "") {
    ProcessOptions options;
    options.stdin_text = std::move(input);
    options.env["XDG_DATA_HOME"] = home_.path().string();
    options.env["WG_OPENLIBRARY_URL"] = open_library_url_;
    return wordgames(std::move(args), options);
  }

  /// A game on the small dictionary with this seed and input.
  ProcessResult play(std::uint64_t seed, const std::string& input,
                     std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"hangman", "--seed", std::to_string(seed), "--dictionary",
                                     "small"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run(args, input);
  }

  /// Removes the store's database, so that the next run starts afresh (and imports the old
  /// files again).
  void forget_the_database() {
    for (const char* suffix : {"", "-wal", "-shm"}) {
      std::filesystem::remove_all(home_.path() / "wordgames" /
                                  (std::string("wordgames.db") + suffix));
    }
  }

  /// An older wordgames's history file (app::FileStore), imported once.
  std::filesystem::path history_file() const {
    return home_.path() / "wordgames" / "hangman" / "history.tsv";
  }

  TempDir home_{"wg-hangman"};
  std::filesystem::path small_file_;
  /// Where Open Library is: nowhere by default (no test reaches the network); a stand-in's URL.
  std::string open_library_url_ = "http://127.0.0.1:1";
};

void expect_error(const ProcessResult& r, int code, const std::string& mentions) {
  EXPECT_EQ(r.exit_code, code) << r;
  EXPECT_EQ(r.out, "") << r;
  EXPECT_TRUE(r.err.starts_with("wordgames: ")) << r;
  EXPECT_TRUE(contains(unwrapped(r.err), mentions))
      << "expected stderr to mention '" << mentions << "'" << r;
}

// Seeds whose first game on the small dictionary hides a known word (game k of a session is
// seeded game_seed(seed, k)).
constexpr std::uint64_t kCotton = 10;
constexpr std::uint64_t kBanana = 8;
constexpr std::uint64_t kBeetle = 461;  // then CHOCOLATE as game 2
constexpr std::uint64_t kAbsolutes = 1;
constexpr std::uint64_t kChocolate = 26;

/// Every line of the game fits an 80-column terminal, and a pipe gets no colour.
void expect_fits_80_columns(const std::string& out) {
  std::size_t start = 0;
  std::size_t widest = 0;
  while (start < out.size()) {
    std::size_t end = out.find('\n', start);
    if (end == std::string::npos) end = out.size();
    widest = std::max(widest, end - start);
    EXPECT_LE(end - start, 80u) << "too wide: " << out.substr(start, end - start);
    start = end + 1;
  }
  EXPECT_GT(widest, 40u);
  EXPECT_FALSE(contains(out, "\x1b[")) << "colour in a pipe";
}

// --- Golden transcripts of seeded games.

TEST_F(HangmanCli, GoldenWonGameWithEveryKindOfBadGuess) {
  const ProcessResult r = play(kCotton,
                               "\nhello\n0 C\n7 C\n3\nC\n1 CC\n1 1\nhelp\n1 B\n1 b\nhint\n1 C\n"
                               "1 C\n2 O\n3 t\n4T\n5   o\n6 N\n"
                               "0\n7\nx\n5\n4\n6\n");
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(contains(r.out, "You won! The word is COTTON")) << r;
  EXPECT_TRUE(matches_golden("cli/golden/hangman/won.txt", r.out));
  expect_fits_80_columns(r.out);
  // The gallows with the status: the frame and, after one miss, the head.
  EXPECT_TRUE(contains(r.out, "     +----+\n     |    |\n     |    O\n")) << r;
}

TEST_F(HangmanCli, GoldenLostGameInHardMode) {
  const ProcessResult r = play(kBanana, "1 C\n1 D\n1 F\n2 E\n2 O\n3 Z\n", {"--mode", "hard"});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "You lost. The word was BANANA: 6 guesses, 0 points.")) << r;
  EXPECT_FALSE(contains(r.out, "Letters by probability")) << r;
  EXPECT_TRUE(matches_golden("cli/golden/hangman/lost_hard.txt", r.out));
  expect_fits_80_columns(r.out);
  // The whole figure once the last life is gone.
  EXPECT_TRUE(contains(r.out, "     |   /|\\\n     |    |\n     |   / \\\n   ==+=====\n")) << r;
}

TEST_F(HangmanCli, GoldenMenuWithBadAnswersAtEveryPrompt) {
  const ProcessResult r = play(kBeetle,
                               "give up\n"
                               "2\n9\nx\n0\n2\n"
                               "3\nbad name!\ndefault\n-dash\nsmall\nmaybe\nn\n"
                               "3\nother\n/nonexistent/words.txt\n\n"
                               "3\n\n"
                               "1\nGIVE UP\n6\n");
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "You gave up. The word was BEETLE")) << r;
  EXPECT_TRUE(matches_golden("cli/golden/hangman/menu.txt", r.out));
  expect_fits_80_columns(r.out);
}

// --- End of input at every prompt ends the program cleanly.

TEST_F(HangmanCli, EndOfInputAtEveryPromptEndsCleanly) {
  // Input, then how the output must end. At a guess, end of input gives the game up.
  const std::string gave_up = "Your guess: \nEnd of input: giving up.\n\nYou gave up.";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", gave_up},                                     // the first guess
      {"1 B\n", gave_up},                                // a later guess
      {"give up\n", "Choice [1-6]: \n"},                 // the menu
      {"give up\n2\n", "Dictionary [1-2]: \n"},          // choosing a dictionary
      {"give up\n3\n", "empty to cancel): \n"},          // a new dictionary's name
      {"give up\n3\nsmall\n", "Replace it? [y/n]: \n"},  // replacing one
      {"give up\n3\nnew\n", "(empty to cancel): \n"},    // its text file
      {"give up\n4\n", "Choice [1-6]: \n"},
      {"give up\n5\n", "Choice [1-6]: \n"},
      {"give up\n1\n", gave_up},  // the next game
  };
  for (const auto& [input, ending] : cases) {
    const ProcessResult r = play(kBeetle, input);
    EXPECT_EQ(r.exit_code, 0) << input << r;
    EXPECT_EQ(r.err, "") << input << r;
    if (ending == gave_up) {
      EXPECT_TRUE(contains(r.out, ending)) << "input: " << input << r;
      // The game's end, then the share text of a game played.
      EXPECT_TRUE(r.out.ends_with(" points.\n") || contains(r.out, " points.\nShare: "))
          << "input: " << input << r;
    } else {
      EXPECT_TRUE(r.out.ends_with(ending)) << "input: " << input << r;
    }
  }
}

TEST_F(HangmanCli, EndOfInputGivesUpAndIsRecorded) {
  play(kCotton, "1 C\n");
  const ProcessResult r = run({"hangman", "history", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const json history = json_of(r);
  ASSERT_EQ(history["games"].size(), 1u);
  EXPECT_EQ(history["games"][0]["word"], "COTTON");
  EXPECT_EQ(history["games"][0]["guesses"], 1);
  EXPECT_EQ(history["games"][0]["winner"], "host");
  EXPECT_EQ(history["games"][0]["points"], 30);  // C at 1: 4 of 16, P = 1/4 scores 30
}

TEST_F(HangmanCli, AGameWithNoGuessIsNotRecorded) {
  // End of input at the first prompt (as `hangman </dev/null`), or giving up at once: the game
  // ends and shows its word, but is not a game for the history. A --json run is refused before
  // it plays (the one rule of --json for the games played at the terminal).
  for (std::uint64_t seed : {kBanana, kBeetle, kCotton, kAbsolutes, kChocolate}) {
    play(seed, "1 Z\ngive up\n6\n");
  }
  const json before = json_of(run({"hangman", "history", "--json"}));
  ASSERT_EQ(before["games"].size(), 5u);
  for (const std::string& input :
       {std::string(""), std::string("give up\n6\n"), std::string("hint\nhelp\n1 1\n")}) {
    ProcessResult r = play(kCotton, input);
    EXPECT_EQ(r.exit_code, 0) << r;
    EXPECT_TRUE(contains(r.out, "The word was COTTON: 0 guesses, 0 points.")) << r;
    r = run({"--json", "hangman", "--seed", std::to_string(kBanana), "--dictionary", "small"},
            input);
    EXPECT_EQ(r.exit_code, 1) << r;
    EXPECT_EQ(r.out, "") << r;
  }
  EXPECT_EQ(json_of(run({"hangman", "history", "--json"})), before);
  // A refused guess is no guess either; one accepted guess makes it a game.
  play(kCotton, "9 Z\n1 Z\n");
  EXPECT_EQ(json_of(run({"hangman", "history", "--json"}))["games"][0]["word"], "COTTON");
}

// --- History across runs.

TEST_F(HangmanCli, HistoryKeepsTheLastFiveGamesAcrossRuns) {
  EXPECT_TRUE(contains(run({"hangman", "history"}).out, "No games played yet.")) << "fresh";
  play(kCotton, "1 C\n2 O\n3 T\n4 T\n5 O\n6 N\n6\n");  // won
  for (std::uint64_t seed : {kBanana, kBeetle, kCotton, kAbsolutes, kChocolate}) {
    play(seed, "1 Z\ngive up\n6\n");  // one guess: a game
  }
  const ProcessResult r = run({"hangman", "history", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const json games = json_of(r)["games"];
  ASSERT_EQ(games.size(), 5u);
  // Most recent first; the won game (the first) has dropped out.
  EXPECT_EQ(games[0]["word"], "CHOCOLATE");
  EXPECT_EQ(games[1]["word"], "ABSOLUTES");
  EXPECT_EQ(games[4]["word"], "BANANA");
  for (const json& g : games) EXPECT_EQ(g["winner"], "host");

  play(kCotton, "1 C\n2 O\n3 T\n4 T\n5 O\n6 N\n5\n6\n");
  const ProcessResult text = run({"hangman", "history"});
  EXPECT_TRUE(contains(text.out, "1. COTTON             6 guesses  winner: you   80 points"))
      << text;
}

TEST_F(HangmanCli, ACorruptOldHistoryFileIsImportedAsWellAsItCanBeAndKeptAside) {
  // An older wordgames's files are imported on the first run only: a fresh data directory.
  forget_the_database();
  std::filesystem::create_directories(history_file().parent_path());
  home_.write("wordgames/hangman/history.tsv",
              "# wordgames hangman history 1\nBANANA\t7\tyou\t40\ngarbage line\n"
              "COTTON\tmany\thost\t0\nBEETLE\t3\tnobody\t0\nlower\t1\thost\t0\n"
              "FOREST\t2\thost\t-5\nCASTLE\t9\thost\t15\r\n");
  ProcessResult r = run({"hangman", "history", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.err, "history.tsv")) << r;
  EXPECT_TRUE(std::filesystem::exists(history_file().string() + ".corrupt")) << r;
  json games = json_of(r)["games"];
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0]["word"], "CASTLE");
  EXPECT_EQ(games[1]["word"], "BANANA");
  // A new game is added to what was imported, and nothing is reported again.
  ASSERT_EQ(run({"hangman", "dictionary", "create", "small", small_file_.string()}).exit_code, 0);
  play(kBeetle, "1 Z\ngive up\n6\n");
  r = run({"hangman", "history", "--json"});
  EXPECT_EQ(r.err, "") << r;
  EXPECT_EQ(json_of(r)["games"].size(), 3u);
}

TEST_F(HangmanCli, ABinaryOldHistoryOrAnUnusableStoreNeverStopsAGame) {
  forget_the_database();
  std::filesystem::create_directories(history_file().parent_path());
  home_.write("wordgames/hangman/history.tsv", std::string("\x00\x01\x02zz", 5));
  ProcessResult r = run({"hangman", "history"});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.err, "history.tsv")) << r;
  EXPECT_TRUE(contains(r.out, "No games played yet.")) << r;
  r = run({"hangman", "--seed", std::to_string(kBeetle)}, "give up\n5\n6\n");
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "You gave up")) << r;

  // A directory where the database should be: the game is played, and says it is not saved.
  forget_the_database();
  std::filesystem::create_directories(home_.path() / "wordgames" / "wordgames.db" / "sub");
  r = run({"hangman", "--seed", std::to_string(kBeetle)}, "1 Z\ngive up\n6\n");
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "You gave up")) << r;
  EXPECT_TRUE(contains(r.err, "cannot save games")) << r;
}

// --- Dictionaries.

TEST_F(HangmanCli, CreateListAndDescribeDictionaries) {
  ProcessResult r = run({"hangman", "dictionary", "stats", "small", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  json stats = json_of(r);
  EXPECT_EQ(stats["words"], 20);
  EXPECT_EQ(stats["six"], 16);
  EXPECT_EQ(stats["seven_to_nine"], 4);
  EXPECT_EQ(stats["ten_plus"], 0);
  EXPECT_DOUBLE_EQ(stats["share_six"].get<double>(), 0.8);

  r = run({"hangman", "dictionary", "stats"});
  EXPECT_TRUE(contains(r.out, "dictionary: default\nwords: 159216\n")) << r;

  r = run({"hangman", "dictionary", "list", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const json list = json_of(r);
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0]["name"], "default");
  EXPECT_EQ(list[1]["name"], "small");
  EXPECT_EQ(list[1]["words"], 20);

  // Saved in the store's database, not as a file.
  EXPECT_TRUE(std::filesystem::exists(home_.path() / "wordgames" / "wordgames.db"));
  EXPECT_FALSE(std::filesystem::exists(home_.path() / "wordgames" / "hangman" / "dictionaries"));
}

TEST_F(HangmanCli, CreateRefusesBadNamesBadFilesAndBrokenRules) {
  expect_error(run({"hangman", "dictionary", "create", "bad/name", small_file_.string()}), 1,
               "not a valid dictionary name");
  expect_error(run({"hangman", "dictionary", "create", "default", small_file_.string()}), 1,
               "not a valid dictionary name");
  expect_error(run({"hangman", "dictionary", "create", "small", small_file_.string()}), 1,
               "add --replace");
  EXPECT_EQ(run({"hangman", "dictionary", "create", "small", small_file_.string(), "--replace"})
                .exit_code,
            0);
  expect_error(run({"hangman", "dictionary", "create", "x", (home_ / "missing.txt").string()}), 2,
               "missing.txt");
  const auto few = home_.write("few.txt", "only three longer words: elephant, giraffe, kangaroo\n");
  expect_error(run({"hangman", "dictionary", "create", "few", few.string()}), 2,
               "only 4 words; a dictionary needs at least 20");
  std::string short_ones;
  for (int i = 0; i < 25; ++i)
    short_ones += "abcdef" + std::string(1, static_cast<char>('a' + i)) + "\n";
  const auto no_long = home_.write("nolong.txt", short_ones);
  expect_error(run({"hangman", "dictionary", "create", "nolong", no_long.string()}), 2,
               "only 0 of 25 words have 9 or more letters");
  const auto binary = home_.write("binary.bin", std::string("abc\0def", 7));
  expect_error(run({"hangman", "dictionary", "create", "bin", binary.string()}), 2, "binary");
  expect_error(run({"hangman", "dictionary", "create", "x"}), 1, "FILE");
  expect_error(run({"hangman", "dictionary", "stats", "nosuch"}), 2,
               "no saved dictionary or file 'nosuch'");
}

TEST_F(HangmanCli, CreateAndChooseADictionaryFromTheMenu) {
  const auto few = home_.write("few.txt", "elephant giraffe kangaroo\n");
  const ProcessResult r = play(kBeetle, "give up\n3\nmine\n" + few.string() + "\n" +
                                            small_file_.string() + "\n2\n3\n4\n6\n");
  EXPECT_EQ(r.exit_code, 0) << r;
  std::string flat = r.out;  // the message, with its path, is wrapped at 80 columns
  std::replace(flat.begin(), flat.end(), '\n', ' ');
  EXPECT_TRUE(contains(flat, "few.txt: only 3 words; a dictionary needs at least 20 Text file"))
      << r;
  EXPECT_TRUE(contains(r.out, "Saved dictionary 'mine'.\nDictionary: mine (20 words).")) << r;
  EXPECT_TRUE(contains(r.out, "  3. small\n")) << r;
  EXPECT_TRUE(contains(r.out, "dictionary: small\nwords: 20\n")) << r;
  EXPECT_EQ(json_of(run({"hangman", "dictionary", "list", "--json"})).size(), 3u);
}

TEST_F(HangmanCli, ADictionaryFromAFileOrTheSharedExamples) {
  ProcessResult r = run({"hangman", "--seed", "3", "--dictionary", small_file_.string()}, "");
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "(20 words)")) << r;
  const std::filesystem::path dir =
      std::filesystem::path(WG_SHARED_DIR) / "lexicons" / "pangiann-medialab";
  if (!std::filesystem::is_directory(dir)) GTEST_SKIP() << dir << " is absent";
  r = run({"hangman", "dictionary", "create", "ol", (dir / "hangman_OL26412312M.txt").string(),
           "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  // 83 lines, 79 distinct words once upper-cased (AFTERLIFE, MAGNIFICENT, MORALITY and SEVERAL
  // twice), 28 of 9+.
  EXPECT_EQ(json_of(r)["words"], 79);
  EXPECT_EQ(json_of(r)["nine_plus"], 28);
}

TEST_F(HangmanCli, ADictionaryFromAnOpenLibraryWorkUnderTheSameRules) {
  server::test::OpenLibraryStandIn stand_in;
  open_library_url_ = stand_in.url();
  stand_in.add_work("OL1W",
                    json{{"description", {{"type", "/type/text"}, {"value", kSmallText}}}}.dump());
  stand_in.add_work("OL2W", json{{"description", "elephant giraffe kangaroo"}}.dump());
  stand_in.add_work("OL3W", json{{"title", "no description"}}.dump());
  ProcessResult r =
      run({"hangman", "dictionary", "create", "ol", "--open-library", "OL1W", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r)["words"], 20);
  EXPECT_EQ(json_of(r)["nine_plus"], 4);
  expect_error(run({"hangman", "dictionary", "create", "few", "--open-library", "OL2W"}), 2,
               "Open Library work OL2W: only 3 words; a dictionary needs at least 20");
  expect_error(run({"hangman", "dictionary", "create", "x", "--open-library", "OL3W"}), 2,
               "Open Library work OL3W: a JSON document with no \"description\" text");
  expect_error(run({"hangman", "dictionary", "create", "x", "--open-library", "OL404W"}), 2,
               "Open Library has no work OL404W");
  expect_error(run({"hangman", "dictionary", "create", "x", "--open-library", "OL1M"}), 1,
               "'OL1M' is not an Open Library work ID");
  expect_error(
      run({"hangman", "dictionary", "create", "x", small_file_.string(), "--open-library", "OL1W"}),
      1, "excludes");
  // --dictionary and the tools take a work ID as they take a file (fetched, not saved).
  r = run({"hangman", "dictionary", "stats", "OL1W", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r)["name"], "OL1W");
  EXPECT_EQ(json_of(r)["words"], 20);
  r = run({"hangman", "--seed", "3", "--dictionary", "OL1W"}, "");
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "Dictionary: OL1W (20 words).")) << r;
  expect_error(run({"hangman", "--dictionary", "OL2W"}), 2, "Open Library work OL2W: only 3");
  const int fetched = stand_in.requests();
  // The menu takes a work ID where it takes a file; a refused one asks again.
  r = play(kBeetle, "give up\n3\nmine\nOL2W\nOL1W\n6\n");
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "Cannot use it: Open Library work OL2W: only 3 words")) << r;
  EXPECT_TRUE(contains(r.out, "Saved dictionary 'mine'.\nDictionary: mine (20 words).")) << r;
  EXPECT_EQ(stand_in.requests(), fetched + 2);
}

TEST_F(HangmanCli, OfflineTheOpenLibraryOptionSaysItCannotReachTheSite) {
  expect_error(run({"hangman", "dictionary", "create", "x", "--open-library", "OL1W"}), 2,
               "could not reach 127.0.0.1:1: ");
  const ProcessResult r = play(kBeetle, "give up\n3\nmine\nOL1W\n\n6\n");
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "Cannot use it: could not reach 127.0.0.1:1: ")) << r;
}

// --- Options and autoplay.

TEST_F(HangmanCli, BadOptions) {
  expect_error(run({"hangman", "--mode", "medium"}), 1, "--mode");
  expect_error(run({"hangman", "--dictionary", "nosuch"}), 2, "no saved dictionary or file");
  expect_error(run({"hangman", "autoplay", "--player", "genius"}), 1, "--player");
  expect_error(run({"hangman", "autoplay", "--games", "0"}), 1, "--games");
  expect_error(run({"hangman", "autoplay", "--games", "x"}), 1, "--games");
  expect_error(run({"hangman", "autoplay", "--games", "0x10"}), 1,
               "--games: '0x10' is not a whole number from 1 to 1000000");
  expect_error(run({"hangman", "autoplay", "--games", "99999999999999999999"}), 1,
               "--games: '99999999999999999999' is too large: give a whole number from 1 to "
               "1000000");
  const auto tiny = home_.write("tiny.txt", "cat dog bird\n");
  expect_error(run({"--lexicon", tiny.string(), "hangman"}), 2, "cannot be a hangman dictionary");
}

TEST_F(HangmanCli, AutoplayIsSeededAndReportsWinRateAndPoints) {
  const std::vector<std::string> args = {"hangman",      "autoplay", "--player", "advisor",
                                         "--games",      "30",       "--seed",   "1",
                                         "--dictionary", "small",    "--json"};
  const ProcessResult a = run(args);
  ASSERT_EQ(a.exit_code, 0) << a;
  const json result = json_of(a);
  EXPECT_EQ(result["player"], "advisor");
  EXPECT_EQ(result["games"], 30);
  EXPECT_EQ(result["seed"], 1);
  EXPECT_EQ(result["words"], 20);
  EXPECT_GE(result["win_rate"].get<double>(), 0.0);
  EXPECT_LE(result["win_rate"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(result["win_rate"].get<double>(), result["wins"].get<double>() / 30);
  EXPECT_EQ(run(args).out, a.out);
  const ProcessResult text =
      run({"hangman", "autoplay", "--player", "naive", "--games", "5", "--dictionary", "small"});
  EXPECT_TRUE(contains(text.out, "player: naive\ngames: 5\n")) << text;
}

// --- Issue 17: what a new player hits first.

TEST_F(HangmanCli, ABinaryOrUtf16FileIsNotADictionary) {
  // Runs of letters between NUL bytes, as in an executable: enough to pass the rules as text.
  std::string binary = std::string(
      "\x7f"
      "ELF\0\0\0",
      7);
  for (int i = 0; i < 30; ++i) binary += std::string("SYMBOLS") + char('A' + i % 26) + '\0';
  binary += std::string(kSmallText) + '\0';
  const auto program = home_.write("program", binary);
  ProcessResult r = run({"hangman", "dictionary", "create", "prog", program.string()});
  expect_error(r, 2, "binary file");
  EXPECT_TRUE(contains(r.err, program.string())) << r;
  std::string utf16 = "\xFF\xFE";
  for (char c : std::string(kSmallText)) utf16 += std::string{c, '\0'};
  const auto wide = home_.write("wide.txt", utf16);
  r = run({"hangman", "dictionary", "create", "wide", wide.string()});
  expect_error(r, 2, "UTF-16 text");
  r = run({"hangman", "--dictionary", wide.string()});
  expect_error(r, 2, "UTF-16 text");
}

TEST_F(HangmanCli, AnOpenLibraryDocumentGivesTheWordsOfItsDescription) {
  // Its keys (AUTHORS, CREATED, REVISION, ...) are not words of the text.
  const json with_object = {
      {"description", {{"type", "/type/text"}, {"value", std::string(kSmallText)}}},
      {"title", "Stories"},
      {"authors", {{{"author", {{"key", "/authors/OL1A"}}}}}},
      {"created", {{"type", "/type/datetime"}, {"value", "2009-10-15T11:34:21.437031"}}},
      {"revision", 7},
      {"latest_revision", 7},
      {"subject_places", {"Somewhere"}}};
  for (const json& document : {with_object, json{{"key", "/works/OL1W"},
                                                 {"description", std::string(kSmallText)},
                                                 {"last_modified", {{"value", "2020"}}}}}) {
    const auto file = home_.write("work.json", document.dump(2));
    const ProcessResult r =
        run({"hangman", "dictionary", "create", "work", file.string(), "--replace", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_EQ(json::parse(r.out)["words"], 20) << r;
  }
  const auto keys_only = home_.write("keys.json", R"({"title": "Songs of Innocence", "revision": 3,
      "authors": [{"author": {"key": "/authors/OL41961A"}}], "subjects": ["Poetry"]})");
  expect_error(run({"hangman", "dictionary", "create", "keys", keys_only.string()}), 2,
               "no \"description\"");
}

TEST_F(HangmanCli, SecretsAreCommonWordsUnlessAllAreAsked) {
  ProcessResult r = run({"hangman", "--seed", "5"}, "give up\n6\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "Secret words: the ")) << r;
  EXPECT_TRUE(contains(r.out, " common words (--words all for any).")) << r;
  expect_fits_80_columns(r.out);
  r = run({"hangman", "--seed", "5", "--words", "all"}, "give up\n6\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "Secret words: any word of the dictionary.")) << r;
  // The small dictionary's words are all common: the same secrets either way.
  const ProcessResult common = play(kCotton, "give up\n6\n");
  EXPECT_TRUE(contains(common.out, "Secret words: the 20 common words")) << common;
  EXPECT_TRUE(
      contains(play(kCotton, "give up\n6\n", {"--words", "all"}).out, "The word was COTTON"));
  expect_error(run({"hangman", "--words", "rare"}), 1, "--words");
}

TEST_F(HangmanCli, SmallTextsCountInTheSingularAndNameTheAlphabet) {
  const ProcessResult r = play(kCotton, "3 \xC3\xA9\n3 \xCE\xA9\n1 B\ngive up\n5\n6\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out,
                       "Your guess: 3 \xC3\xA9\nLetters are A to Z only.\n"
                       "Your guess: 3 \xCE\xA9\nLetters are A to Z only.\n"))
      << r;
  EXPECT_TRUE(contains(r.out, "The word was COTTON: 1 guess, 0 points.")) << r;
  EXPECT_TRUE(contains(r.out, "  1. COTTON               1 guess  winner: host  0 points")) << r;
  EXPECT_TRUE(contains(r.out, "Dictionary: small (20 words).")) << r;
}

}  // namespace
}  // namespace wg::test
