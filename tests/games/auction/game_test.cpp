// games/auction/game.h: the simulator and its rules.

#include "games/auction/game.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "games/auction/bots.h"
#include "scripted_player.h"

namespace wg::auction {
namespace {

using testing::ScriptedPlayer;

const Lexicon& lexicon() { return default_lexicon(); }

std::vector<Letter> letters(std::string_view text) { return *Alphabet::english().encode(text); }

/// Players bidding a constant each; returns the raw pointers for inspection.
struct Table {
  std::vector<std::unique_ptr<Player>> players;
  std::vector<ScriptedPlayer*> seats;
  void add(std::function<BidAnswer(const BidRequest&)> bid, WordAnswer word = {}) {
    auto player = std::make_unique<ScriptedPlayer>(std::move(bid), std::move(word));
    seats.push_back(player.get());
    players.push_back(std::move(player));
  }
  void add_constant(int bid) {
    add([bid](const BidRequest&) { return BidAnswer(bid); });
  }
};

std::vector<AuctionHeld> auctions_of(Game& game) {
  std::vector<AuctionHeld> auctions;
  game.play([&](const GameEvent& e) {
    if (const auto* a = std::get_if<AuctionHeld>(&e)) auctions.push_back(*a);
  });
  return auctions;
}

TEST(SettleTest, HighestBidWinsAndPaysTheSecond) {
  Rng rng(1);
  const std::vector<BidEntry> bids = {{true, 3, {}}, {true, 10, {}}, {true, 7, {}}};
  const AuctionOutcome outcome = settle(bids, rng);
  EXPECT_EQ(outcome.winner, 1);
  EXPECT_EQ(outcome.price, 7);
  EXPECT_EQ(outcome.tied, 1);
}

TEST(SettleTest, LoneBidderPaysNothingAndFullRacksAreIgnored) {
  Rng rng(1);
  const std::vector<BidEntry> bids = {{false, 0, {}}, {true, 9, {}}, {false, 0, {}}};
  const AuctionOutcome outcome = settle(bids, rng);
  EXPECT_EQ(outcome.winner, 1);
  EXPECT_EQ(outcome.price, 0);
  const std::vector<BidEntry> none = {{false, 0, {}}};
  EXPECT_THROW(settle(none, rng), std::invalid_argument);
}

TEST(SettleTest, TiesAreDrawnFromTheSeedAmongTheHighestOnly) {
  const std::vector<BidEntry> bids = {
      {true, 5, {}}, {true, 2, {}}, {true, 5, {}}, {false, 0, {}}, {true, 5, {}}};
  std::map<int, int> wins;
  Rng rng(42);
  for (int i = 0; i < 3000; ++i) {
    const AuctionOutcome outcome = settle(bids, rng);
    EXPECT_EQ(outcome.price, 5);  // the second-highest bid equals the highest on a tie
    EXPECT_EQ(outcome.tied, 3);
    ++wins[outcome.winner];
  }
  EXPECT_EQ(wins.size(), 3u);
  for (int seat : {0, 2, 4}) EXPECT_GT(wins[seat], 850) << seat;
  Rng a(9), b(9);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(settle(bids, a).winner, settle(bids, b).winner);
}

TEST(GameTest, EventsComeInOrderAndRoundsEndWhenEveryRackIsFull) {
  Table table;
  for (int bid : {3, 2, 1, 0}) table.add_constant(bid);
  const Rules rules{.players = 4, .rounds = 2, .hidden_letters = 2};
  Game game(rules, lexicon(), std::move(table.players), 5);
  std::vector<std::size_t> kinds;
  while (auto event = game.next()) kinds.push_back(event->index());
  EXPECT_TRUE(game.over());
  EXPECT_FALSE(game.next().has_value());
  // GameStarted, then per round: RoundStarted, 4 × (7 − 2) auctions, RoundEnded; Finished.
  ASSERT_EQ(kinds.size(), 1u + 2 * (1 + 20 + 1) + 1);
  EXPECT_EQ(kinds.front(), 0u);
  EXPECT_EQ(kinds[1], 1u);
  EXPECT_EQ(kinds[2], 2u);
  EXPECT_EQ(kinds[22], 3u);
  EXPECT_EQ(kinds.back(), 4u);
  for (ScriptedPlayer* seat : table.seats) {
    EXPECT_EQ(seat->rounds_.size(), 2u);
    EXPECT_EQ(seat->results_.size(), 40u);  // every result goes to every player
    EXPECT_EQ(seat->letters_at_word_.size(), 7u);
  }
}

TEST(GameTest, FullRacksDoNotBidAndTheLastBidderPaysNothing) {
  Table table;
  table.add_constant(10);
  table.add_constant(4);
  Game game(Rules{.players = 2, .rounds = 1, .hidden_letters = 0}, lexicon(),
            std::move(table.players), 1);
  const std::vector<AuctionHeld> auctions = auctions_of(game);
  ASSERT_EQ(auctions.size(), 14u);
  for (int i = 0; i < 7; ++i) {
    EXPECT_EQ(auctions[i].winner, 0);
    EXPECT_EQ(auctions[i].price, 4);
  }
  for (int i = 7; i < 14; ++i) {
    EXPECT_FALSE(auctions[i].bids[0].bidding);
    EXPECT_EQ(auctions[i].winner, 1);
    EXPECT_EQ(auctions[i].price, 0);
  }
  EXPECT_EQ(table.seats[0]->asked_, 7);
  EXPECT_EQ(table.seats[1]->asked_, 14);
  // Nobody named a word: 100 − 7 × 4 and 100.
  EXPECT_EQ(std::vector<int>(game.points().begin(), game.points().end()),
            (std::vector<int>{72, 100}));
}

TEST(GameTest, IllegalBidsCountAsZeroWithTheReason) {
  Table table;
  table.add([](const BidRequest& r) { return BidAnswer(r.points[0] + 1); });
  table.add_constant(-3);
  table.add([](const BidRequest&) {
    BidAnswer answer;
    answer.amount = 40;
    answer.fault = "timed out after 100 ms";
    return answer;
  });
  Game game(Rules{.players = 3, .rounds = 1, .hidden_letters = 0}, lexicon(),
            std::move(table.players), 3);
  const std::vector<AuctionHeld> auctions = auctions_of(game);
  const AuctionHeld& first = auctions.front();
  EXPECT_EQ(first.bids[0].amount, 0);
  EXPECT_EQ(first.bids[0].fault, "bid 101 is more than the player's 100 points");
  EXPECT_EQ(first.bids[1].fault, "bid -3 is negative");
  EXPECT_EQ(first.bids[2].fault, "timed out after 100 ms");
  EXPECT_EQ(first.tied, 3);
  EXPECT_EQ(first.price, 0);
  for (int p : game.points()) EXPECT_EQ(p, 100);
}

TEST(GameTest, PointsBoundBidsAcrossAuctions) {
  Table table;
  table.add_constant(60);  // legal only while it has 60 points
  table.add_constant(50);
  Game game(Rules{.players = 2, .rounds = 1, .hidden_letters = 0}, lexicon(),
            std::move(table.players), 3);
  const std::vector<AuctionHeld> auctions = auctions_of(game);
  EXPECT_EQ(auctions[0].winner, 0);
  EXPECT_EQ(auctions[0].price, 50);
  EXPECT_EQ(auctions[1].bids[0].fault, "bid 60 is more than the player's 50 points");
  EXPECT_EQ(auctions[1].winner, 1);
}

TEST(GameTest, PoolRunsOutWithManyPlayersAndBigRacks) {
  Table table;
  for (int i = 0; i < 14; ++i) table.add_constant(i % 3);
  const Rules rules{.players = 14, .rounds = 1, .hidden_letters = 3, .rack_size = 9};
  Game game(rules, lexicon(), std::move(table.players), 11);
  const std::vector<AuctionHeld> auctions = auctions_of(game);
  EXPECT_EQ(auctions.size(), 98u - 14 * 3);
  EXPECT_EQ(auctions.back().pool_left, 0);
  std::size_t held = 0;
  for (ScriptedPlayer* seat : table.seats) {
    EXPECT_LE(seat->letters_at_word_.size(), 9u);
    held += seat->letters_at_word_.size();
  }
  EXPECT_EQ(held, 98u);
}

TEST(GameTest, AFullRackOfHiddenLettersLeavesNothingToAuction) {
  Table table;
  table.add_constant(5);
  table.add_constant(5);
  Game game(Rules{.players = 2, .rounds = 2, .hidden_letters = 7}, lexicon(),
            std::move(table.players), 4);
  EXPECT_TRUE(auctions_of(game).empty());
  EXPECT_TRUE(game.over());
  for (ScriptedPlayer* seat : table.seats) {
    EXPECT_EQ(seat->asked_, 0);
    EXPECT_EQ(seat->letters_at_word_.size(), 7u);  // the last round's letters: all hidden
  }
}

TEST(GameTest, LettersPerRoundEndsTheRoundBeforeTheRacksAreFull) {
  Table table;
  table.add_constant(1);
  table.add_constant(0);
  const Rules rules{
      .players = 2, .rounds = 2, .hidden_letters = 1, .rack_size = 12, .letters_per_round = 6};
  Game game(rules, lexicon(), std::move(table.players), 9);
  const std::vector<AuctionHeld> auctions = auctions_of(game);
  ASSERT_EQ(auctions.size(), 12u);  // 6 in each round
  for (std::size_t i = 0; i < auctions.size(); ++i) {
    // Bots are told how many letters are still to be offered this round.
    EXPECT_EQ(auctions[i].pool_left, static_cast<int>(5 - i % 6)) << i;
  }
  // Seat 0 outbids seat 1 every time: its hidden letter and the 6 offered, its rack not full.
  EXPECT_EQ(table.seats[0]->letters_at_word_.size(), 7u);
  EXPECT_EQ(table.seats[1]->letters_at_word_.size(), 1u);
}

TEST(GameTest, HiddenLettersAreDealtFromThePoolAndKeptPrivate) {
  Table table;
  for (int i = 0; i < 14; ++i) table.add_constant(1);
  Game game(Rules{.players = 14, .rounds = 1, .hidden_letters = 6}, lexicon(),
            std::move(table.players), 2);
  LetterCounts seen{};
  std::vector<AuctionHeld> auctions;
  game.play([&](const GameEvent& e) {
    if (const auto* r = std::get_if<RoundStarted>(&e)) {
      for (const auto& hidden : r->hidden) {
        EXPECT_EQ(hidden.size(), 6u);
        for (Letter l : hidden) ++seen[l];
      }
    }
    if (const auto* a = std::get_if<AuctionHeld>(&e)) {
      ++seen[a->letter];
      auctions.push_back(*a);
    }
  });
  EXPECT_EQ(auctions.size(), 14u);  // one each: 14 × 6 hidden + 14 = 98
  EXPECT_EQ(seen, count_letters(auction_pool()));
  EXPECT_EQ(table.seats[3]->hidden_.size(), 6u);
}

TEST(GameTest, WordsAreJudgedAndScoredWithTheBonus) {
  const Rules rules;
  auto judge = [&](std::string_view word, std::string_view held) {
    return judge_word(WordAnswer(std::string(word)), letters(held), lexicon(), rules);
  };
  EXPECT_EQ(judge("RETAINS", "retainsx").score, 57);
  EXPECT_EQ(judge("RETAINS", "retainsx").word, "retains");
  EXPECT_EQ(judge("rain", "retains").score, 4);
  EXPECT_EQ(judge("rains", "retain").fault, "not made from the player's letters");
  EXPECT_EQ(judge("rains", "retain").score, 0);
  EXPECT_EQ(judge("tairn", "retain").fault, "not in the lexicon");
  EXPECT_EQ(judge("r4in", "retain").fault, "not a word of letters");
  EXPECT_EQ(judge("", "retain").score, 0);
  EXPECT_EQ(judge("", "retain").fault, "");
  WordAnswer crashed;
  crashed.fault = "the bot exited";
  EXPECT_EQ(judge_word(crashed, letters("a"), lexicon(), rules).fault, "the bot exited");
}

TEST(GameTest, PointsArePaymentsAndWordScoresAndTheWinnersHaveTheMost) {
  std::vector<std::unique_ptr<Player>> players;
  for (std::string_view name : {"value", "random", "value", "random"})
    players.push_back(make_bot(name, lexicon()));
  const Rules rules{.rounds = 3};
  Game game(rules, lexicon(), std::move(players), 8);
  std::vector<int> expected(4, rules.starting_points);
  int bonuses = 0;
  const Finished ended = game.play([&](const GameEvent& e) {
    if (const auto* a = std::get_if<AuctionHeld>(&e)) expected[a->winner] -= a->price;
    if (const auto* r = std::get_if<RoundEnded>(&e)) {
      for (int seat = 0; seat < 4; ++seat) {
        EXPECT_EQ(r->words[seat].fault, "");
        expected[seat] += r->words[seat].score;
        bonuses += r->words[seat].word.size() >= 7;
      }
      EXPECT_EQ(r->points, expected);
    }
  });
  EXPECT_EQ(ended.points, expected);
  const int best = *std::max_element(expected.begin(), expected.end());
  for (int seat = 0; seat < 4; ++seat) {
    const bool winner =
        std::find(ended.winners.begin(), ended.winners.end(), seat) != ended.winners.end();
    EXPECT_EQ(winner, expected[seat] == best);
  }
}

TEST(GameTest, SameSeedSameGame) {
  auto run = [](std::uint64_t seed) {
    std::vector<std::unique_ptr<Player>> players;
    for (std::string_view name : {"random", "random", "value"})
      players.push_back(make_bot(name, lexicon()));
    Game game(Rules{.players = 3}, lexicon(), std::move(players), seed);
    std::vector<std::tuple<Letter, int, int>> trace;
    game.play([&](const GameEvent& e) {
      if (const auto* a = std::get_if<AuctionHeld>(&e))
        trace.emplace_back(a->letter, a->winner, a->price);
    });
    return trace;
  };
  EXPECT_EQ(run(17), run(17));
  EXPECT_NE(run(17), run(18));
}

TEST(GameTest, RejectsBadSetups) {
  std::vector<std::unique_ptr<Player>> one;
  one.push_back(make_bot("value", lexicon()));
  EXPECT_THROW(Game(Rules{}, lexicon(), std::move(one), 1), std::invalid_argument);
  std::vector<std::unique_ptr<Player>> two;
  two.push_back(make_bot("value", lexicon()));
  two.push_back(nullptr);
  EXPECT_THROW(Game(Rules{.players = 2}, lexicon(), std::move(two), 1), std::invalid_argument);
  EXPECT_THROW(Game(Rules{.players = 1}, lexicon(), {}, 1), std::invalid_argument);
}

}  // namespace
}  // namespace wg::auction
