// games/auction/strong_player.h: the strong bot.

#include "games/auction/strong_player.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "games/auction/best_word.h"
#include "games/auction/game.h"
#include "games/auction/tournament.h"

namespace wg::auction {
namespace {

const Lexicon& lexicon() { return default_lexicon(); }
const Alphabet& en() { return lexicon().alphabet(); }
Letter letter(char c) { return (*en().encode(std::string(1, c)))[0]; }

/// A strong bot in seat 0 of a 4-player game, at the first auction of round `round`, holding
/// `hidden` (the rules deal that many hidden letters) and with `points` points.
class StrongBotAt {
 public:
  StrongBotAt(std::string_view hidden, int points, int round = 1, std::uint64_t seed = 7)
      : hidden_(*en().encode(hidden)), points_{points, 100, 100, 100}, round_(round) {
    rules_.hidden_letters = static_cast<int>(hidden_.size());
    bot_.new_game(GameInfo{0, rules_, seed});
    bot_.new_round(RoundInfo{round, hidden_, points_});
  }

  BidRequest request(char c) const {
    BidRequest r;
    r.round = round_;
    r.number = 1;
    r.letter = letter(c);
    r.letters = hidden_;
    r.points = points_;
    r.pool_left = 98 - 4 * rules_.hidden_letters - 1;
    return r;
  }
  std::int64_t bid(char c) { return bot_.get_bid(request(c)).amount; }
  StrongPlayer& bot() { return bot_; }

 private:
  Rules rules_;
  std::vector<Letter> hidden_;
  std::vector<int> points_;
  int round_;
  StrongPlayer bot_{lexicon()};
};

/// Plays one seeded game and returns its events.
std::vector<GameEvent> play(const std::vector<std::string>& names, const Rules& rules,
                            std::uint64_t seed) {
  std::vector<std::unique_ptr<Player>> players;
  for (const std::string& name : names) players.push_back(make_bot(name, lexicon()));
  Rules r = rules;
  r.players = static_cast<int>(names.size());
  Game game(r, lexicon(), std::move(players), seed);
  std::vector<GameEvent> events;
  game.play([&](const GameEvent& e) { events.push_back(e); });
  return events;
}

TEST(StrongPlayerTest, IsABuiltInBot) {
  const auto bot = make_bot("strong", lexicon());
  ASSERT_NE(bot, nullptr);
  EXPECT_EQ(bot->name(), "strong");
  EXPECT_NE(std::find(bot_names().begin(), bot_names().end(), "strong"), bot_names().end());
}

TEST(StrongPlayerTest, NeverBidsIllegally) {
  // Few starting points make the budget bind; many hidden letters and players exhaust the pool.
  const std::vector<std::pair<std::vector<std::string>, Rules>> setups = {
      {{"strong", "value", "random", "value"}, Rules{.rounds = 2}},
      {{"strong", "strong", "value"}, Rules{.rounds = 2, .starting_points = 3}},
      {{"strong", "random", "strong", "value", "strong", "random", "value", "value", "strong",
        "random", "value", "value", "random", "value"},
       Rules{.rounds = 1, .hidden_letters = 5}},
  };
  for (const auto& [names, rules] : setups) {
    int strong_bids = 0;
    for (const GameEvent& e : play(names, rules, 11)) {
      const auto* a = std::get_if<AuctionHeld>(&e);
      if (!a) continue;
      for (std::size_t seat = 0; seat < names.size(); ++seat) {
        if (names[seat] != "strong" || !a->bids[seat].bidding) continue;
        ++strong_bids;
        EXPECT_EQ(a->bids[seat].fault, "") << "round " << a->round << " auction " << a->number;
      }
    }
    EXPECT_GT(strong_bids, 0);
  }
}

TEST(StrongPlayerTest, BidsMoreForTheLetterThatCompletesABingo) {
  // "flotam" + s makes "flotsam" (7 letters, +50), and no other letter makes a 7-letter word
  // with it (while "retain" takes a dozen: the bot would wait for one of them).
  StrongBotAt at("flotam", 100);
  const std::int64_t s = at.bid('s');
  const std::int64_t q = at.bid('q');
  EXPECT_GE(s, 30);
  EXPECT_LE(q, 1);
  EXPECT_GT(s, q + 25);
}

TEST(StrongPlayerTest, BidsLittleForALetterItCannotUse) {
  // With "qxzjkv" and one slot left, another consonant makes no word at all.
  StrongBotAt at("qxzjkv", 100);
  EXPECT_LE(at.bid('w'), 1);
}

TEST(StrongPlayerTest, BidsNothingWhenBroke) {
  StrongBotAt broke("flotam", 0);
  EXPECT_EQ(broke.bid('s'), 0);
  // And never more than it has, even for a bingo.
  StrongBotAt poor("flotam", 5);
  EXPECT_LE(poor.bid('s'), 5);
}

TEST(StrongPlayerTest, KeepsAReserveForLaterRoundsButSpendsItInTheLast) {
  StrongBotAt first("flotam", 12, 1);  // 4 rounds after this one keep 4 × 2 points back
  EXPECT_LE(first.bid('s'), 4);
  StrongBotAt last("flotam", 12, 5);
  EXPECT_EQ(last.bid('s'), 12);
}

TEST(StrongPlayerTest, BidsNothingWhenAloneSinceALoneBidderPaysNothing) {
  StrongBotAt at("retain", 100);
  // Fill the three other seats: each wins six letters it is shown winning.
  for (int seat = 1; seat < 4; ++seat) {
    AuctionHeld a;
    a.letter = letter('e');
    a.bids.assign(4, BidEntry{true, 0, {}});
    a.winner = seat;
    a.price = 0;
    at.bot().bid_result(a);
  }
  EXPECT_EQ(at.bid('s'), 0);
}

TEST(StrongPlayerTest, ReadsThePricesFromTheOpponentsBids) {
  StrongBotAt at("retain", 100);
  const double before = at.bot().expected_price(4);
  // Seat 1 bids three times each letter's value; the others bid nothing.
  for (char c : std::string("zqhwvyfkx")) {
    AuctionHeld a;
    a.letter = letter(c);
    const int value = en().value(a.letter);
    a.bids = {BidEntry{true, 0, {}}, BidEntry{true, 3 * value, {}}, BidEntry{true, 0, {}},
              BidEntry{true, 0, {}}};
    a.winner = 2;  // a winner that does not fill seat 1
    at.bot().bid_result(a);
  }
  EXPECT_GT(at.bot().expected_price(4), before + 4);
  EXPECT_NEAR(at.bot().expected_price(4), 12, 3);
}

TEST(StrongPlayerTest, IsDeterministicForASeed) {
  const std::vector<std::string> names = {"strong", "value", "strong", "random"};
  const Rules rules{.rounds = 2};
  auto bids = [&](std::uint64_t seed) {
    std::vector<std::vector<int>> all;
    for (const GameEvent& e : play(names, rules, seed)) {
      if (const auto* a = std::get_if<AuctionHeld>(&e)) {
        all.emplace_back();
        for (const BidEntry& b : a->bids) all.back().push_back(b.amount);
      }
    }
    return all;
  };
  EXPECT_EQ(bids(5), bids(5));
  EXPECT_NE(bids(5), bids(6));
}

TEST(StrongPlayerTest, PlaysItsBestWord) {
  StrongPlayer bot(lexicon());
  bot.new_game(GameInfo{0, Rules{}, 1});
  EXPECT_EQ(bot.get_word(*en().encode("sretain")).word, "anestri");
  EXPECT_EQ(bot.get_word(*en().encode("xzq")).word, "");
  // In a game, every word it names is valid and the best its letters make.
  for (const GameEvent& e : play({"strong", "value", "value"}, Rules{.rounds = 2}, 3)) {
    const auto* r = std::get_if<RoundEnded>(&e);
    if (!r) continue;
    EXPECT_EQ(r->words[0].fault, "");
    EXPECT_EQ(r->words[0].score, best_word(lexicon(), r->letters[0], Rules{}).score);
  }
}

TEST(StrongPlayerTest, BeatsThreeRandomBotsInMostGames) {
  // A smoke test of strength; the full figures are in docs/games/auction-strategy.md.
  TournamentConfig config;
  config.lineup = {"strong", "random", "random", "random"};
  config.rules.rounds = 2;
  config.games = 40;
  config.seed = 3;
  const TournamentResult result = run_tournament(
      config, lexicon(), [](std::string_view name) { return make_bot(name, lexicon()); });
  ASSERT_EQ(result.bots[0].name, "strong");
  EXPECT_GT(result.bots[0].win_rate, 0.5);
  EXPECT_GT(result.bots[0].mean_score, result.bots[1].mean_score);
}

}  // namespace
}  // namespace wg::auction
