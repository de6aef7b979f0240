// games/auction/bots.h: the built-in bots.

#include "games/auction/bots.h"

#include <gtest/gtest.h>

#include "games/auction/game.h"

namespace wg::auction {
namespace {

const Lexicon& lexicon() { return default_lexicon(); }

std::vector<AuctionHeld> auctions_of(std::initializer_list<std::string_view> names,
                                     std::uint64_t seed) {
  std::vector<std::unique_ptr<Player>> players;
  for (std::string_view name : names) players.push_back(make_bot(name, lexicon()));
  Game game(Rules{.players = static_cast<int>(names.size()), .rounds = 2}, lexicon(),
            std::move(players), seed);
  std::vector<AuctionHeld> auctions;
  game.play([&](const GameEvent& e) {
    if (const auto* a = std::get_if<AuctionHeld>(&e)) auctions.push_back(*a);
  });
  return auctions;
}

TEST(BotsTest, KnowsItsNames) {
  for (std::string_view name : bot_names()) {
    const auto bot = make_bot(name, lexicon());
    ASSERT_NE(bot, nullptr) << name;
    EXPECT_EQ(bot->name(), name);
  }
  EXPECT_EQ(make_bot("nobody", lexicon()), nullptr);
}

TEST(BotsTest, RandomBidsWithinThreeOfTheValue) {
  for (const AuctionHeld& a : auctions_of({"random", "random", "random"}, 4)) {
    const int value = lexicon().alphabet().value(a.letter);
    for (const BidEntry& bid : a.bids) {
      if (!bid.bidding) continue;
      EXPECT_EQ(bid.fault, "");
      EXPECT_GE(bid.amount, std::max(1, value - 3));
      EXPECT_LE(bid.amount, value + 3);
    }
  }
}

TEST(BotsTest, ValueBidsNearTheValueAndNeverIllegally) {
  int total = 0, count = 0;
  for (const AuctionHeld& a : auctions_of({"value", "value", "value", "value"}, 4)) {
    const int value = lexicon().alphabet().value(a.letter);
    for (const BidEntry& bid : a.bids) {
      if (!bid.bidding) continue;
      EXPECT_EQ(bid.fault, "");
      EXPECT_LE(bid.amount, value + 4);
      total += bid.amount - value;
      ++count;
    }
  }
  EXPECT_LT(std::abs(total) / count, 2);
}

TEST(BotsTest, NameTheBestWordOfTheirLetters) {
  auto bot = make_bot("value", lexicon());
  bot->new_game(GameInfo{0, Rules{}, 1});
  const Alphabet& en = lexicon().alphabet();
  EXPECT_EQ(bot->get_word(*en.encode("sretain")).word, "anestri");
  EXPECT_EQ(bot->get_word(*en.encode("xzq")).word, "");
}

}  // namespace
}  // namespace wg::auction
