// src/games/hangman/session.h: scripted games with their events and views, every refusal, play
// again, the seed rule, replay of the accepted commands, and views that leak nothing.

#include "games/hangman/session.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "core/rng.h"
#include "fixtures.h"
#include "games/hangman/planner.h"
#include "lexicon/common_words.h"

namespace wg::hangman {
namespace {

using test::code;
using test::codes;

std::shared_ptr<const Dictionary> small() {
  static const auto dictionary = std::make_shared<const Dictionary>(test::small_dictionary());
  return dictionary;
}

/// The secret of game `index` of a session seeded `seed`, by the rule (an independent draw).
std::vector<Letter> secret_of(std::uint64_t seed, std::uint64_t index) {
  Rng rng(game_seed(seed, index));
  return Game(*small(), rng).secret();
}

/// The first seed whose first game hides `word`.
std::uint64_t seed_for(const std::string& word) {
  for (std::uint64_t seed = 0;; ++seed) {
    if (secret_of(seed, 0) == codes(word)) return seed;
  }
}

Session session_on(const std::string& word, Config config = {}) {
  return Session(small(), std::move(config), seed_for(word));
}

template <class T>
const T& only(const std::vector<Event>& events) {
  EXPECT_EQ(events.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<T>(events.at(0)));
  return std::get<T>(events.at(0));
}

Rejected rejected_by(Session& session, const Command& command) {
  const View before = session.view(kObserver);
  const std::size_t accepted = session.commands().size();
  const Rejected rejected = only<Rejected>(session.apply(command));
  EXPECT_EQ(session.view(kObserver), before) << "a refused command changed the view";
  EXPECT_EQ(session.commands().size(), accepted) << "a refused command was recorded";
  return rejected;
}

TEST(HangmanSession, TheFirstGameStartsAtOnceSeededByTheRule) {
  for (std::uint64_t seed : {0u, 1u, 42u}) {
    Session session(small(), {}, seed);
    const View view = session.view(0);
    EXPECT_EQ(session.status(), Status::kPlaying);
    EXPECT_FALSE(session.finished());
    EXPECT_EQ(view.game, 1u);
    EXPECT_EQ(view.length, secret_of(seed, 0).size());
    EXPECT_EQ(view.lives, kLives);
    EXPECT_EQ(view.points, 0);
    EXPECT_EQ(view.guesses, 0u);
    EXPECT_EQ(view.candidates, small()->count_of_length(view.length));
    EXPECT_EQ(view.revealed, std::vector<Letter>(view.length, kNoLetter));
    EXPECT_FALSE(view.secret.has_value());
    EXPECT_TRUE(session.commands().empty());
    EXPECT_EQ(session.seed(), seed);
  }
}

TEST(HangmanSession, AWonGameInEasyMode) {
  Session session = session_on("COTTON");
  View view = session.view(0);
  ASSERT_EQ(view.odds.size(), 6u);
  EXPECT_EQ(view.odds[0], (std::vector<LetterOdds>{
                              {code('B'), 8}, {code('C'), 4}, {code('D'), 2}, {code('F'), 2}}));

  // C at 1: 4 of 16 candidates, exactly 1/4, so 30 points (P <= 0.25).
  Guessed hit = only<Guessed>(session.apply(Guess{0, code('C')}));
  EXPECT_EQ(hit, (Guessed{{0, code('C')}, true, 30, 30, kLives, 4, 0.25}));
  view = session.view(0);
  EXPECT_EQ(view.revealed[0], code('C'));
  EXPECT_TRUE(view.odds[0].empty());  // revealed
  EXPECT_EQ(view.odds[1], (std::vector<LetterOdds>{{code('A'), 3}, {code('O'), 1}}));

  // A miss at 2 (CANNON CASTLE CATTLE have A): 3/4, costs a life and 15 points.
  const Guessed miss = only<Guessed>(session.apply(Guess{1, code('A')}));
  EXPECT_EQ(miss, (Guessed{{1, code('A')}, false, -15, 15, kLives - 1, 1, 0.75}));
  EXPECT_TRUE(session.view(0).missed[1].contains(code('A')));

  for (std::size_t p = 1; p < 5; ++p) {
    hit = only<Guessed>(session.apply(Guess{p, codes("COTTON")[p]}));
    EXPECT_EQ(hit.points_change, 5);
    EXPECT_EQ(hit.probability, 1.0);
  }
  const std::vector<Event> last = session.apply(Guess{5, code('N')});
  ASSERT_EQ(last.size(), 2u);
  EXPECT_EQ(std::get<Guessed>(last[0]).points, 40);
  const Finished finished = std::get<Finished>(last[1]);
  EXPECT_EQ(finished, (Finished{1, codes("COTTON"), 7, 1, true, false, 40, true}));
  EXPECT_TRUE(session.finished());
  view = session.view(0);
  EXPECT_EQ(view.status, Status::kFinished);
  EXPECT_EQ(view.secret, codes("COTTON"));
  EXPECT_TRUE(view.won);
  EXPECT_FALSE(view.gave_up);
  EXPECT_TRUE(view.odds.empty());
}

TEST(HangmanSession, ALostGameInHardModeShowsNoProbabilities) {
  Config config;
  config.mode = Mode::kHard;
  Session session = session_on("BANANA", config);
  EXPECT_TRUE(session.view(0).odds.empty());
  const char* wrong = "ZYXWV";
  for (int i = 0; i < 5; ++i) {
    const Guessed miss = only<Guessed>(session.apply(Guess{1, code(wrong[i])}));
    EXPECT_FALSE(miss.hit);
    EXPECT_FALSE(miss.probability.has_value());
    EXPECT_EQ(miss.lives, kLives - 1 - i);
  }
  EXPECT_FALSE(session.view(0).secret.has_value());
  const std::vector<Event> last = session.apply(Guess{2, code('Q')});
  ASSERT_EQ(last.size(), 2u);
  EXPECT_EQ(std::get<Finished>(last[1]),
            (Finished{1, codes("BANANA"), 6, 6, false, false, 0, true}));
  const View view = session.view(0);
  EXPECT_EQ(view.secret, codes("BANANA"));
  EXPECT_FALSE(view.won);
  EXPECT_EQ(view.lives, 0);
  // A hint is asking for help: it tells its probabilities in hard mode too (before the end).
  Session other = session_on("BANANA", config);
  const Hinted hint = only<Hinted>(other.apply(Hint{}));
  EXPECT_GT(hint.points.probability, 0.0);
  EXPECT_GT(hint.safe.probability, 0.0);
}

TEST(HangmanSession, EveryRefusalChangesNothing) {
  Session session = session_on("BANANA");
  EXPECT_EQ(rejected_by(session, NewGame{}).reason, Refusal::kWrongPhase);  // a game is in play

  Rejected r = rejected_by(session, Guess{6, code('A')});
  EXPECT_EQ(r.reason, Refusal::kOutOfRange);
  EXPECT_EQ(r.guess, (Guess{6, code('A')}));
  EXPECT_EQ(r.length, 6u);
  EXPECT_EQ(rejected_by(session, Guess{1'000'000, code('A')}).reason, Refusal::kOutOfRange);
  EXPECT_EQ(rejected_by(session, Guess{0, 26}).reason, Refusal::kMalformed);
  EXPECT_EQ(rejected_by(session, Guess{0, kNoLetter}).reason, Refusal::kMalformed);
  EXPECT_EQ(rejected_by(session, Guess{9, kNoLetter}).reason, Refusal::kMalformed);

  only<Guessed>(session.apply(Guess{0, code('B')}));  // a hit
  only<Guessed>(session.apply(Guess{1, code('E')}));  // a miss
  r = rejected_by(session, Guess{0, code('B')});
  EXPECT_EQ(r.reason, Refusal::kRepeated);
  EXPECT_TRUE(r.revealed);
  r = rejected_by(session, Guess{0, code('C')});
  EXPECT_EQ(r.reason, Refusal::kRepeated);
  EXPECT_TRUE(r.revealed);
  r = rejected_by(session, Guess{1, code('E')});
  EXPECT_EQ(r.reason, Refusal::kRepeated);
  EXPECT_FALSE(r.revealed);

  only<Finished>(session.apply(GiveUp{}));
  EXPECT_EQ(rejected_by(session, Guess{1, code('A')}).reason, Refusal::kWrongPhase);
  EXPECT_EQ(rejected_by(session, Hint{}).reason, Refusal::kWrongPhase);
  EXPECT_EQ(rejected_by(session, GiveUp{}).reason, Refusal::kWrongPhase);
  EXPECT_EQ(session.commands().size(), 3u);

  Config no_hints;
  no_hints.hints = false;
  Session quiet = session_on("BANANA", no_hints);
  EXPECT_EQ(rejected_by(quiet, Hint{}).reason, Refusal::kNotAllowed);
  EXPECT_FALSE(quiet.view(0).hints);
}

TEST(HangmanSession, HintsSuggestThePlannersGuesses) {
  Session session = session_on("COTTON");
  session.apply(Guess{0, code('B')});
  const Hinted hint = only<Hinted>(session.apply(Hint{}));
  // The same position in a game of its own: the planners' guesses for points and to win.
  Game game(*small(), codes("COTTON"));
  game.guess({0, code('B')});
  EXPECT_EQ(hint.points, advise(game, Strategy::kPlanPoints));
  EXPECT_EQ(hint.safe, advise(game, Strategy::kPlanWin));
  // B missed: C 4, D 2, F 2 of 8 at position 1. The advisor would take the long shot D (30
  // points at P = 1/4); the plan for points, looking a guess further, takes T at position 3.
  EXPECT_EQ(advise(game, Strategy::kAdvisor).guess, (Guess{0, code('D')}));
  EXPECT_EQ(hint.points.guess, (Guess{2, code('T')}));
  // And what each plan expects by the end: the planners' own values.
  EXPECT_DOUBLE_EQ(hint.final_points, plan(game, Goal::kPoints).value);
  EXPECT_DOUBLE_EQ(hint.win_chance, plan(game, Goal::kWin).value);
  EXPECT_GT(hint.win_chance, 0.0);
  EXPECT_LE(hint.win_chance, 1.0);
  EXPECT_EQ(session.commands().size(), 2u);  // a hint is an accepted command
}

TEST(HangmanSession, GivingUpAtOnceIsNotAGame) {
  Session session = session_on("BEETLE");
  Finished finished = only<Finished>(session.apply(GiveUp{}));
  EXPECT_EQ(finished, (Finished{1, codes("BEETLE"), 0, 0, false, true, 0, false}));
  EXPECT_TRUE(session.view(0).gave_up);
  EXPECT_EQ(session.view(0).secret, codes("BEETLE"));

  only<GameStarted>(session.apply(NewGame{}));
  session.apply(Guess{0, code('Z')});
  finished = only<Finished>(session.apply(GiveUp{}));
  EXPECT_TRUE(finished.played);
  EXPECT_EQ(finished.guesses, 1u);
  EXPECT_EQ(finished.game, 2u);
}

TEST(HangmanSession, PlayAgainSeedsGameKByTheRule) {
  const std::uint64_t seed = 7;
  Session session(small(), {}, seed);
  for (std::uint64_t k = 0; k < 5; ++k) {
    if (k > 0) {
      const GameStarted started = only<GameStarted>(session.apply(NewGame{}));
      EXPECT_EQ(started.game, k + 1);
      EXPECT_EQ(started.length, secret_of(seed, k).size());
      EXPECT_EQ(started.lives, kLives);
      EXPECT_EQ(started.candidates, small()->count_of_length(started.length));
    }
    EXPECT_EQ(session.view(0).game, k + 1);
    EXPECT_EQ(only<Finished>(session.apply(GiveUp{})).word, secret_of(seed, k));
  }
  // A session that continues a run (another dictionary picked between games) keeps counting.
  Config later;
  later.first_game = 3;
  Session next(small(), later, seed);
  EXPECT_EQ(next.view(0).game, 4u);
  EXPECT_EQ(only<Finished>(next.apply(GiveUp{})).word, secret_of(seed, 3));
}

TEST(HangmanSession, ReplayingTheAcceptedCommandsReproducesEveryEvent) {
  Config config;
  config.mode = Mode::kHard;
  Session session(small(), config, 2024);
  std::vector<Event> events;
  Rng moves(5);
  for (int i = 0; i < 200; ++i) {
    Command command;
    switch (moves.below(10)) {
      case 0:
        command = NewGame{};
        break;
      case 1:
        command = Hint{};
        break;
      case 2:
        command = GiveUp{};
        break;
      default:
        command =
            Guess{static_cast<std::size_t>(moves.below(10)), static_cast<Letter>(moves.below(27))};
    }
    for (Event& e : session.apply(command)) {
      if (!std::holds_alternative<Rejected>(e)) events.push_back(std::move(e));
    }
  }
  ASSERT_GT(session.commands().size(), 20u);
  Session replay(small(), config, 2024);
  std::vector<Event> replayed;
  for (const Command& command : session.commands()) {
    for (Event& e : replay.apply(command)) {
      EXPECT_FALSE(std::holds_alternative<Rejected>(e));
      replayed.push_back(std::move(e));
    }
  }
  EXPECT_EQ(replayed, events);
  EXPECT_EQ(replay.view(0), session.view(0));
  EXPECT_EQ(replay.commands(), session.commands());
}

TEST(HangmanSession, AViewNeverHoldsTheSecretWhileTheGameIsOn) {
  for (const Mode mode : {Mode::kEasy, Mode::kHard}) {
    Config config;
    config.mode = mode;
    Session session = session_on("BANANA", config);
    session.apply(Guess{0, code('B')});  // a hit: B is known
    session.apply(Guess{1, code('E')});  // a miss
    for (const Seat seat : {0, 1, kObserver}) {
      const View view = session.view(seat);
      EXPECT_FALSE(view.secret.has_value());
      EXPECT_FALSE(view.won);
      // Only the hit is revealed.
      EXPECT_EQ(view.revealed, (std::vector<Letter>{code('B'), kNoLetter, kNoLetter, kNoLetter,
                                                    kNoLetter, kNoLetter}));
      if (mode == Mode::kHard) {
        EXPECT_TRUE(view.odds.empty());
      } else {
        // The odds of the open positions only, over the candidates (which the player can
        // work out too): the missed E is not among them.
        ASSERT_EQ(view.odds.size(), 6u);
        EXPECT_TRUE(view.odds[0].empty());
        EXPECT_FALSE(view.odds[1].empty());
        for (const LetterOdds& odds : view.odds[1]) EXPECT_NE(odds.letter, code('E'));
      }
    }
  }
}

TEST(HangmanSession, ConfigIsValidated) {
  Config config;
  config.words = {"banana", "cotton"};
  try {
    Session session(small(), config, 1);
    FAIL() << "two words made a dictionary";
  } catch (const ConfigError& error) {
    EXPECT_EQ(error.field(), "words");
    EXPECT_NE(std::string(error.what()).find("only 2 words"), std::string::npos) << error.what();
  }
  config.words = test::small_words();
  config.words[0] = "BAN4NA";
  EXPECT_THROW(config.validate(), ConfigError);
  config.words = test::small_words();
  EXPECT_NO_THROW(config.validate());
  EXPECT_NO_THROW(Config{}.validate());
  EXPECT_EQ(parse_mode("hard"), Mode::kHard);
  EXPECT_EQ(parse_mode(to_string(Mode::kEasy)), Mode::kEasy);
  EXPECT_EQ(parse_mode("Hard"), std::nullopt);
}

TEST(HangmanSession, PlaysOnTheConfigsWordsOrTheLexicons) {
  // The words of the config: the same games as on the dictionary they make.
  Config config;
  config.words = test::small_words();
  std::vector<std::string> lower = {"banana", "cotton", "forest"};
  const auto tiny = std::make_shared<const Lexicon>(Lexicon::build(lower));
  Session own(tiny, config, 11);
  Session given(small(), config, 11);
  EXPECT_EQ(own.dictionary().size(), 20u);
  EXPECT_EQ(own.apply(GiveUp{}), given.apply(GiveUp{}));
  // The lexicon's words of 6+ letters.
  const auto enable = std::shared_ptr<const Lexicon>(&default_lexicon(), [](const Lexicon*) {});
  Session big(enable, {}, 1);
  EXPECT_EQ(big.dictionary().size(), 159216u);
  // A lexicon that cannot make a dictionary.
  try {
    Session none(tiny, {}, 1);
    FAIL() << "three words made a dictionary";
  } catch (const ConfigError& error) {
    EXPECT_EQ(error.field(), "lexicon");
    EXPECT_NE(std::string(error.what()).find("cannot be a hangman dictionary"), std::string::npos);
  }
}

// --- Secrets: common words or all.

/// A list of "common words": the first `n` small words, lowercase as the embedded list is.
std::shared_ptr<const Lexicon> common_of(std::size_t n) {
  std::vector<std::string> words = test::small_words();
  words.resize(n);
  for (std::string& word : words) {
    for (char& c : word) c = static_cast<char>(c - 'A' + 'a');
  }
  std::sort(words.begin(), words.end());
  return std::make_shared<const Lexicon>(Lexicon::build(words));
}

TEST(HangmanSession, SecretsAreParsedAndPrinted) {
  EXPECT_EQ(parse_secrets("common"), Secrets::kCommon);
  EXPECT_EQ(parse_secrets(to_string(Secrets::kAll)), Secrets::kAll);
  EXPECT_EQ(parse_secrets("rare"), std::nullopt);
  EXPECT_EQ(Config{}.secrets, Secrets::kCommon);
}

TEST(HangmanSession, TheSecretPoolIsTheCommonWordsWhenThereAreEnough) {
  // 20 words, all common: every index; 19 common: too few, every word (empty pool).
  const std::vector<std::uint32_t> all =
      secret_pool(*small(), Secrets::kCommon, common_of(20).get());
  EXPECT_EQ(all.size(), 20u);
  EXPECT_TRUE(secret_pool(*small(), Secrets::kCommon, common_of(19).get()).empty());
  EXPECT_TRUE(secret_pool(*small(), Secrets::kAll, common_of(20).get()).empty());
  EXPECT_TRUE(secret_pool(*small(), Secrets::kCommon, nullptr).empty());
  // A dictionary with more words than the common list: only the common ones are secrets.
  const std::vector<std::string> known = test::small_words();
  std::vector<std::string> words = known;
  // Made-up rare words, two of them long so that the dictionary keeps 20 % of long words.
  for (const char* rare :
       {"ZZYZXQ", "QQWWEE", "XXQQZZ", "JJKKXX", "VVQQZZ", "ZZYZXQWVJ", "QQWWEEXZJ"}) {
    words.push_back(rare);
  }
  const auto bigger = std::make_shared<const Dictionary>(Dictionary::from_words(words));
  const std::vector<std::uint32_t> pool =
      secret_pool(*bigger, Secrets::kCommon, common_of(20).get());
  ASSERT_EQ(pool.size(), 20u);
  for (const std::uint32_t index : pool) {
    const std::string word = bigger->alphabet().decode_upper(bigger->word_at(index));
    EXPECT_NE(std::find(known.begin(), known.end(), word), known.end()) << word;
  }
  // Sessions draw only those, and still judge guesses against every word.
  Config config;
  config.words = words;
  std::size_t rare_secrets_with_all = 0;
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    Session common(bigger, config, seed, common_of(20));
    // Every word of the secret's length is a candidate, rare ones included.
    EXPECT_EQ(common.view().candidates, bigger->count_of_length(common.view().length));
    const Finished over = std::get<Finished>(common.apply(GiveUp{}).at(0));
    const std::string word = bigger->alphabet().decode_upper(over.word);
    EXPECT_NE(std::find(known.begin(), known.end(), word), known.end())
        << "seed " << seed << " drew " << word;
    Config all_config = config;
    all_config.secrets = Secrets::kAll;
    Session any(bigger, all_config, seed, common_of(20));
    const Finished other = std::get<Finished>(any.apply(GiveUp{}).at(0));
    const std::string other_word = bigger->alphabet().decode_upper(other.word);
    rare_secrets_with_all += std::find(known.begin(), known.end(), other_word) == known.end();
  }
  EXPECT_GT(rare_secrets_with_all, 0u) << "secrets: all never drew a rare word";
}

TEST(HangmanSession, CommonSecretsOfTheDefaultLexiconAreWordsPeopleKnow) {
  const auto enable = std::shared_ptr<const Lexicon>(&default_lexicon(), [](const Lexicon*) {});
  const std::shared_ptr<const Lexicon> common = common_words();
  EXPECT_TRUE(common->contains(std::string_view("breakfast")));
  EXPECT_FALSE(common->contains(std::string_view("hokypoky")));
  Session session(enable, {}, 3, common);
  EXPECT_GT(session.secret_pool().size(), 20'000u);
  EXPECT_LT(session.secret_pool().size(), session.dictionary().size());
  for (std::uint64_t game = 0; game < 20; ++game) {
    const Finished over = std::get<Finished>(session.apply(GiveUp{}).at(0));
    EXPECT_TRUE(common->contains(std::span<const Letter>(over.word)))
        << session.dictionary().alphabet().decode(over.word);
    session.apply(NewGame{});
  }
  // A replay with the same config, seed and list plays the same games.
  Session replay(enable, {}, 3, common);
  for (const Command& command : session.commands()) replay.apply(command);
  EXPECT_EQ(replay.view(), session.view());
}

}  // namespace
}  // namespace wg::hangman
