// app/game_record.h: a finished game's record built from a typed session through its codec.
#include "app/game_record.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "app/auction_codec.h"
#include "app/auction_log.h"
#include "app/boggle_codec.h"
#include "app/evil_hangman_codec.h"
#include "app/hand_codec.h"
#include "app/hangman_codec.h"
#include "app/registry.h"
#include "app/session_adapter.h"
#include "lexicon/lexicon.h"

namespace wg::app {
namespace {

/// The one player of a one-player game's record, as its codec names them.
template <class Codec>
GamePlayer only_player(const typename Codec::Finished& finished) {
  const std::optional<std::vector<GamePlayer>> players = Codec::players_of(finished, "Ann", 0);
  EXPECT_TRUE(players.has_value());
  EXPECT_EQ(players.value_or(std::vector<GamePlayer>(1)).size(), 1u);
  return players.value_or(std::vector<GamePlayer>(1)).front();
}

TEST(GameRecord, OutcomesOfOnePlayerGames) {
  hand::Finished hand;
  hand.total = 42;
  EXPECT_EQ(only_player<HandCodec>(hand), (GamePlayer{"Ann", 42, true}));
  hand.given_up = true;
  EXPECT_EQ(only_player<HandCodec>(hand), (GamePlayer{"Ann", 42, false}));
  boggle::Finished boggle;
  EXPECT_EQ(only_player<BoggleCodec>(boggle), (GamePlayer{"Ann", 0, false}));
  boggle.score = 7;
  EXPECT_EQ(only_player<BoggleCodec>(boggle), (GamePlayer{"Ann", 7, false}))
      << "a round alone has no one to beat";
  evil_hangman::Finished evil;
  evil.won = true;
  EXPECT_EQ(only_player<EvilHangmanCodec>(evil), (GamePlayer{"Ann", 1, true}));
  hangman::Finished hangman;
  hangman.points = 80;
  hangman.player_won = true;
  hangman.played = true;
  EXPECT_EQ(only_player<HangmanCodec>(hangman), (GamePlayer{"Ann", 80, true}));
  // A position hangman game ended before any guess is no game: no record.
  hangman.played = false;
  EXPECT_FALSE(HangmanCodec::players_of(hangman, "Ann", 0).has_value());
}

TEST(GameRecord, AuctionSeatsGetOneValidNameEach) {
  auction::Finished finished;
  finished.players = {"human", "value", "value", "cmd:python3 " + std::string(60, 'b'), "\t"};
  finished.points = {10, 30, 30, 5, 0};
  finished.winners = {1, 2};
  auction::Config seated;
  seated.seats = {{auction::SeatKind::kPerson, "human"},
                  {auction::SeatKind::kBot, "value"},
                  {auction::SeatKind::kBot, "value"},
                  {auction::SeatKind::kExternal, "cmd:python3 " + std::string(60, 'b')},
                  {auction::SeatKind::kPerson, "\t"}};
  const std::vector<GamePlayer> players = auction_players(seated, finished, 0, "Ann");
  ASSERT_EQ(players.size(), 5u);
  EXPECT_EQ(players[0], (GamePlayer{"Ann", 10, false}));
  // Both seats of one bot are that bot's, under a name each.
  EXPECT_EQ(players[1], (GamePlayer{"value (seat 2)", 30, true, "value"}));
  EXPECT_EQ(players[2], (GamePlayer{"value (seat 3)", 30, true, "value"}));
  EXPECT_EQ(players[3].name.size(), 40u);
  EXPECT_TRUE(valid_player_name(players[3].name));
  EXPECT_EQ(players[3].bot, players[3].name) << "an external bot, by its name";
  EXPECT_EQ(players[4].name, "seat 5");
  EXPECT_EQ(players[4].bot, "") << "a person's seat";
  // Without a person: the seats' names.
  EXPECT_EQ(auction_players(seated, finished)[0].name, "human");
  EXPECT_EQ(auction_players(seated, finished)[0].bot, "");
  // The registry reads the same from the config kept with the game.
  EXPECT_EQ(find_game("auction")->seat_bots(AuctionCodec::config_to_json(seated)),
            (std::vector<std::string>{"", "value", "value", players[3].name, ""}));
  EXPECT_EQ(find_game("auction")->seat_bots(Json{{"seats", "not a list"}}),
            std::vector<std::string>{});
}

TEST(GameRecord, EveryAuctionSeatOfATournamentIsABot) {
  auction::Finished finished;
  finished.players = {"value", "value", "random"};
  finished.points = {3, 4, 5};
  finished.winners = {2};
  auction::Config seated;
  seated.seats = {{auction::SeatKind::kBot, "value"},
                  {auction::SeatKind::kBot, "value"},
                  {auction::SeatKind::kBot, "random"}};
  seated.rules.players = 3;
  const FinishedGame game = auction_tournament_game_record(seated, finished, "log\n");
  ASSERT_EQ(game.players.size(), 3u);
  EXPECT_EQ(game.players[0], (GamePlayer{"value (seat 1)", 3, false, "value"}));
  EXPECT_EQ(game.players[1], (GamePlayer{"value (seat 2)", 4, false, "value"}));
  EXPECT_EQ(game.players[2], (GamePlayer{"random", 5, true, "random"}));
}

TEST(GameRecord, AnAuctionSessionSaysWhichSeatsAreBots) {
  const auto lexicon = std::shared_ptr<const Lexicon>(&default_lexicon(), [](const Lexicon*) {});
  auction::Config config;
  config.seats = {{auction::SeatKind::kPerson, "Ann"}, {auction::SeatKind::kBot, "random"}};
  config.rules.players = 2;
  auction::Session session(lexicon, config, 3);
  auction::Finished finished;
  finished.players = {"Ann", "random"};
  finished.points = {1, 2};
  finished.winners = {1};
  const std::optional<std::vector<GamePlayer>> players =
      players_of<AuctionCodec>(session, finished, "Ann", 0);
  ASSERT_TRUE(players.has_value());
  EXPECT_EQ(*players, (std::vector<GamePlayer>{{"Ann", 1, false}, {"random", 2, true, "random"}}));
}

TEST(GameRecord, TheRecordHoldsTheSavedGameAndTheFinishedEventAsTheCodecWritesThem) {
  const auto lexicon = std::shared_ptr<const Lexicon>(&default_lexicon(), [](const Lexicon*) {});
  boggle::Config config;
  config.board = "EECA/ALEP/HNBO/QTTY";
  boggle::Session session(lexicon, config, 5);
  session.apply(boggle::Submit{"peace", 0});
  const std::vector<boggle::Event> events = session.apply(boggle::Close{0});
  const auto* finished = std::get_if<boggle::Finished>(&events.back());
  ASSERT_NE(finished, nullptr);
  const FinishedGame game =
      finished_game_record<BoggleCodec>(session, *finished, {{"Ann", finished->score, true}});
  EXPECT_EQ(game.game, "boggle");
  EXPECT_EQ(game.seed, 5u);
  EXPECT_EQ(game.commands.size(), 2u);
  EXPECT_EQ(game.result["event"], "finished");
  EXPECT_EQ(game.players.size(), 1u);
  // The saved game restores.
  const Json saved = {{"game", game.game},
                      {"config", game.config},
                      {"seed", game.seed},
                      {"commands", game.commands}};
  EXPECT_TRUE(restore(saved, lexicon)->finished());
  // What the game-specific statistics count: PEACE against every word on the board.
  EXPECT_EQ(game.details["found"], 1);
  EXPECT_EQ(game.details["words"], finished->all_words.size());
  EXPECT_GT(game.details["words"].get<int>(), 1);
  EXPECT_EQ(game.details["score"], finished->score);
}

TEST(GameRecord, GamesWithoutOwnStatisticsHaveNoDetails) {
  const auto lexicon = std::shared_ptr<const Lexicon>(&default_lexicon(), [](const Lexicon*) {});
  const auction::Session session(lexicon, auction::Config{}, 1);
  EXPECT_TRUE(AuctionCodec::details_of(session, auction::Finished{}).is_null());
}

TEST(GameRecord, AnAuctionSessionsRecordKeepsItsGamesLogAsTheTerminalWritesIt) {
  const auto lexicon = std::shared_ptr<const Lexicon>(&default_lexicon(), [](const Lexicon*) {});
  const Json config = {{"seats", Json::array({Json{{"kind", "bot"}, {"name", "value"}},
                                              Json{{"kind", "bot"}, {"name", "random"}}})},
                       {"rounds", 1}};
  const Json saved = {{"game", "auction"},
                      {"config", config},
                      {"seed", std::uint64_t{9}},
                      {"commands", Json::array({Json{{"command", "step"}}})}};
  // Restored (its first command replayed), then played to its end.
  std::unique_ptr<GameSession> session = restore(saved, lexicon);
  EXPECT_TRUE(session->finished_records("", kObserver).empty());
  while (!session->finished()) session->apply({{"command", "step"}});
  const std::vector<FinishedGame> records = session->finished_records("", kObserver);
  ASSERT_EQ(records.size(), 1u);
  ASSERT_TRUE(records[0].log.has_value());

  // The same game logged by the typed session, as `wordgames auction --log` does.
  auction::Session typed(lexicon, AuctionCodec::config_from_json(config), 9);
  std::ostringstream expected;
  const LogLexicon words{std::string(kSessionLogSource), lexicon->size()};
  while (!typed.finished()) {
    for (const auction::Event& event : typed.apply(auction::Step{})) {
      write_log_line(expected, event, words);
    }
  }
  EXPECT_EQ(*records[0].log, expected.str());
  std::istringstream in(*records[0].log);
  EXPECT_TRUE(
      std::holds_alternative<auction::Finished>(read_auction_log(in, "kept").events.back()));
}

}  // namespace
}  // namespace wg::app
