// games/auction/session.h: the session's commands, events, views and replays.

#include "games/auction/session.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stop_token>

#include "games/auction/bots.h"
#include "scripted_player.h"

namespace wg::auction {
namespace {

std::shared_ptr<const Lexicon> lexicon() {
  return {&default_lexicon(), [](const Lexicon*) {}};
}

std::vector<Letter> letters(std::string_view text) { return *Alphabet::english().encode(text); }

SeatConfig bot(std::string name) { return {SeatKind::kBot, std::move(name)}; }
SeatConfig person(std::string name = "") { return {SeatKind::kPerson, std::move(name)}; }

Config config_of(std::vector<SeatConfig> seats, int rounds = 1, int hidden = 2) {
  Config config;
  config.seats = std::move(seats);
  config.rules.players = static_cast<int>(config.seats.size());
  config.rules.rounds = rounds;
  config.rules.hidden_letters = hidden;
  return config;
}

template <class E>
const E& as(const Event& event) {
  const E* e = std::get_if<E>(&event);
  if (e == nullptr)
    throw std::runtime_error("event of another kind: " + std::to_string(event.index()));
  return *e;
}

Rejected rejected(const std::vector<Event>& events) {
  EXPECT_EQ(events.size(), 1u);
  return as<Rejected>(events.front());
}

/// Appends `more` to `all` and returns `more`.
std::vector<Event> keep(std::vector<Event>& all, std::vector<Event> more) {
  all.insert(all.end(), more.begin(), more.end());
  return more;
}

/// The answers a person seat gives in these tests: bids its points' worth on the first three
/// auctions (so that it wins letters), 0 after; names the first letter it holds if that is a
/// word ("a"), else no word.
Command answer_for(const Session& session, int seat) {
  const View view = session.view(seat);
  const SeatView& me = view.seats[seat];
  if (me.awaited == Answer::kBid) {
    const int bid = view.auction->number <= 3 ? std::min(me.points, 10 + seat) : 0;
    return Bid{seat, bid};
  }
  std::vector<Letter> held = me.hidden;
  held.insert(held.end(), me.won.begin(), me.won.end());
  const Letter a = Alphabet::english().code('a');
  if (std::find(held.begin(), held.end(), a) != held.end()) return Word{seat, {a}};
  return Word{seat, {}};
}

/// Plays a whole session of one game with RunToEnd, answering for every person seat; returns
/// every event.
std::vector<Event> play_out(Session& session) {
  std::vector<Event> all;
  keep(all, session.apply(RunToEnd{}));
  while (session.status() == Status::kAwaiting) {
    const View view = session.view(kObserver);
    for (int seat = 0; seat < static_cast<int>(view.seats.size()); ++seat) {
      if (view.seats[seat].awaited && !view.seats[seat].answered) {
        keep(all, session.apply(answer_for(session, seat)));
        break;
      }
    }
  }
  return all;
}

TEST(SessionTest, StepsOneEventAtATimeAndRunsToTheEnd) {
  Session session(lexicon(), config_of({bot("value"), bot("random"), bot("value")}, 2), 7);
  EXPECT_EQ(session.status(), Status::kReady);
  EXPECT_EQ(session.view(kObserver).next, Upcoming::Kind::kGameStart);

  auto events = session.apply(Step{});
  ASSERT_EQ(events.size(), 1u);
  const GameStarted started = as<GameStarted>(events[0]);
  EXPECT_EQ(started.seed, 7u);
  EXPECT_EQ(started.game, 0);
  EXPECT_EQ(started.players, (std::vector<std::string>{"value", "random", "value"}));
  EXPECT_EQ(as<RoundStarted>(session.apply(Step{}).at(0)).round, 1);
  EXPECT_EQ(session.view(kObserver).next, Upcoming::Kind::kAuction);
  EXPECT_EQ(as<AuctionHeld>(session.apply(Step{}).at(0)).number, 1);

  events = session.apply(RunToRoundEnd{});
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(as<RoundEnded>(events.back()).round, 1);
  for (std::size_t i = 0; i + 1 < events.size(); ++i) as<AuctionHeld>(events[i]);
  EXPECT_EQ(session.view(kObserver).next, Upcoming::Kind::kRoundStart);

  events = session.apply(RunToEnd{});
  const Finished finished = as<Finished>(events.back());
  EXPECT_EQ(as<RoundStarted>(events.front()).round, 2);
  EXPECT_EQ(finished.seed, 7u);
  EXPECT_EQ(finished.players, started.players);
  EXPECT_TRUE(session.finished());
  EXPECT_EQ(session.view(kObserver).winners, finished.winners);
  for (const Command& step : {Command(Step{}), Command(RunToRoundEnd{}), Command(RunToEnd{})}) {
    EXPECT_EQ(rejected(session.apply(step)).reason, Refusal::kWrongPhase);
  }
  EXPECT_EQ(session.commands().size(), 5u);
}

TEST(SessionTest, GameKIsDealtFromTheGameSeed) {
  const Config config = config_of({bot("value"), bot("random"), bot("strong")}, 2);
  Session session(lexicon(), config, 99);
  std::vector<Event> events = session.apply(RunToEnd{});

  std::vector<std::unique_ptr<Player>> players;
  for (const SeatConfig& seat : config.seats) players.push_back(make_bot(seat.name, *lexicon()));
  Game game(config.rules, *lexicon(), std::move(players), game_seed(99, 0));
  std::vector<Event> expected;
  game.play([&](const GameEvent& e) { expected.push_back(to_event(e)); });
  // The game's events, but named by the session's seed (and game 0).
  std::get<GameStarted>(expected.front()).seed = 99;
  std::get<Finished>(expected.back()).seed = 99;
  EXPECT_EQ(events, expected);
}

TEST(SessionTest, NewGameOnlyOnceTheGameIsOverAndDealsTheNextSeed) {
  Session session(lexicon(), config_of({bot("value"), bot("random")}), 5);
  EXPECT_EQ(rejected(session.apply(NewGame{})).reason, Refusal::kWrongPhase);
  const std::vector<Event> first = session.apply(RunToEnd{});
  const std::vector<Event> started = session.apply(NewGame{});
  ASSERT_EQ(started.size(), 1u);
  EXPECT_EQ(as<GameStarted>(started[0]).game, 1);
  EXPECT_EQ(as<GameStarted>(started[0]).seed, 5u);
  EXPECT_EQ(session.status(), Status::kReady);
  EXPECT_EQ(session.view(kObserver).game, 1);
  EXPECT_TRUE(session.view(kObserver).winners.empty());
  const std::vector<Event> second = session.apply(RunToEnd{});
  EXPECT_NE(as<RoundStarted>(first[1]).hidden, as<RoundStarted>(second[0]).hidden);
  EXPECT_EQ(as<Finished>(second.back()).game, 1);
}

TEST(SessionTest, WaitsForAPersonsBidAndResumesTheRun) {
  Session session(lexicon(), config_of({person("Ann"), bot("value"), bot("random")}), 3);
  std::vector<Event> events = session.apply(RunToEnd{});
  ASSERT_EQ(events.size(), 3u);
  as<GameStarted>(events[0]);
  const RoundStarted round = as<RoundStarted>(events[1]);
  const Awaiting awaiting = as<Awaiting>(events[2]);
  EXPECT_EQ(awaiting.seat, 0);
  EXPECT_EQ(awaiting.what, Answer::kBid);
  EXPECT_EQ(awaiting.round, 1);
  EXPECT_EQ(awaiting.number, 1);
  EXPECT_EQ(session.status(), Status::kAwaiting);

  const View ann = session.view(0);
  EXPECT_EQ(ann.seats[0].name, "Ann");
  EXPECT_EQ(ann.seats[0].kind, SeatKind::kPerson);
  EXPECT_EQ(ann.seats[0].hidden, round.hidden[0]);
  EXPECT_EQ(ann.seats[0].awaited, Answer::kBid);
  EXPECT_FALSE(ann.seats[0].answered);
  EXPECT_FALSE(ann.seats[1].awaited) << "the game asks the bots itself";
  ASSERT_TRUE(ann.auction);
  EXPECT_EQ(ann.auction->letter, awaiting.letter);
  EXPECT_EQ(ann.auction->bidders, (std::vector<int>{0, 1, 2}));

  // Every refusal changes nothing.
  const std::size_t accepted = session.commands().size();
  EXPECT_EQ(rejected(session.apply(Step{})).reason, Refusal::kNotAwaited);
  EXPECT_EQ(rejected(session.apply(RunToEnd{})).reason, Refusal::kNotAwaited);
  EXPECT_EQ(rejected(session.apply(Bid{1, 3})).reason, Refusal::kNotAwaited);
  EXPECT_EQ(rejected(session.apply(Bid{3, 3})).reason, Refusal::kOutOfRange);
  EXPECT_EQ(rejected(session.apply(Bid{-1, 3})).reason, Refusal::kOutOfRange);
  const Rejected too_much = rejected(session.apply(Bid{0, 101}));
  EXPECT_EQ(too_much.reason, Refusal::kOutOfRange);
  EXPECT_EQ(too_much.seat, 0);
  EXPECT_EQ(too_much.detail, "bid 101 is more than seat 0's 100 points");
  EXPECT_EQ(rejected(session.apply(Bid{0, -1})).reason, Refusal::kOutOfRange);
  EXPECT_EQ(rejected(session.apply(Word{0, letters("a")})).reason, Refusal::kNotAwaited);
  EXPECT_EQ(rejected(session.apply(RunToEnd{-1})).reason, Refusal::kOutOfRange);
  EXPECT_EQ(rejected(session.apply(NewGame{})).reason, Refusal::kWrongPhase);
  EXPECT_EQ(session.commands().size(), accepted);
  EXPECT_EQ(session.view(0).seats[0].awaited, Answer::kBid);

  // The bid closes the auction, and the run goes on to the next one.
  events = session.apply(Bid{0, 100});
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(as<Answered>(events[0]), (Answered{0, Answer::kBid}));
  const AuctionHeld& held = as<AuctionHeld>(events[1]);
  EXPECT_EQ(held.letter, awaiting.letter);
  EXPECT_EQ(held.bids[0].amount, 100);
  EXPECT_EQ(held.winner, 0);
  EXPECT_EQ(as<Awaiting>(events[2]).number, 2);
  EXPECT_EQ(session.view(0).seats[0].points, 100 - held.price);
}

// How a person's game is played (the arcade's page, the terminal): one RunToEnd, then only the
// person's answers. Each answer's events end at the person's next question or at the game's end,
// never at a step, across rounds and through auctions the person has no room for.
TEST(SessionTest, APersonsGameGoesFromAnswerToAnswerWithNoStep) {
  Session session(lexicon(), config_of({person("Ann"), bot("value"), bot("random")}, 3, 2), 17);
  // Before anything is played no round is under way: round 0, the game's start next.
  EXPECT_EQ(session.view(0).round, 0);
  EXPECT_EQ(session.view(0).next, Upcoming::Kind::kGameStart);

  std::vector<Event> events = session.apply(RunToEnd{});
  ASSERT_EQ(events.size(), 3u);
  as<GameStarted>(events[0]);
  EXPECT_EQ(as<RoundStarted>(events[1]).round, 1);
  EXPECT_EQ(as<Awaiting>(events[2]),
            (Awaiting{0, Answer::kBid, 1, 1, session.view(0).auction->letter}));
  EXPECT_EQ(session.view(0).round, 1);

  int answers = 0;
  int words = 0;
  int round = 1;
  int number = 1;
  while (!session.finished()) {
    ASSERT_EQ(session.status(), Status::kAwaiting)
        << "an answer never leaves the game waiting for a step";
    // Bids of 10 win letters early; then 0, so that the bots fill their racks too.
    const View view = session.view(0);
    const Command answer = view.seats[0].awaited == Answer::kBid
                               ? Command(Bid{0, view.auction->number <= 2 ? 10 : 0})
                               : Command(Word{0, {}});
    events = session.apply(answer);
    ++answers;
    words += std::holds_alternative<Word>(answer) ? 1 : 0;
    ASSERT_FALSE(events.empty());
    as<Answered>(events.front());
    if (session.finished()) {
      as<Finished>(events.back());
      break;
    }
    const Awaiting next = as<Awaiting>(events.back());
    EXPECT_EQ(next.seat, 0);
    if (std::holds_alternative<Word>(answer)) {
      // The word ends the round; the next round is dealt and its first auction asked at once.
      ASSERT_GE(events.size(), 4u);
      EXPECT_EQ(as<RoundEnded>(events[1]).round, round);
      EXPECT_EQ(as<RoundStarted>(events[2]).round, round + 1);
      ++round;
      number = 0;
    }
    EXPECT_EQ(next.round, round);
    if (next.what == Answer::kBid) {
      EXPECT_EQ(next.number, number + 1) << "the person bids on every auction while it has room";
      number = next.number;
    } else {
      // A full rack: the auctions it had no room for were played through to the word.
      EXPECT_EQ(session.view(0).next, Upcoming::Kind::kRoundEnd);
    }
    EXPECT_EQ(session.view(0).round, round);
  }
  EXPECT_EQ(round, 3);
  EXPECT_EQ(words, 3) << "a word each round";
  // The game was played with its one RunToEnd and the answers: no step.
  ASSERT_EQ(session.commands().size(), static_cast<std::size_t>(answers) + 1);
  EXPECT_EQ(session.commands().front(), Command(RunToEnd{}));
  for (std::size_t i = 1; i < session.commands().size(); ++i) {
    EXPECT_TRUE(std::holds_alternative<Bid>(session.commands()[i]) ||
                std::holds_alternative<Word>(session.commands()[i]));
  }
}

TEST(SessionTest, AStepWaitsTooAndTheAnswerPlaysOnlyThatEvent) {
  Session session(lexicon(), config_of({person(), bot("value")}), 3);
  session.apply(Step{});
  session.apply(Step{});
  std::vector<Event> events = session.apply(Step{});
  ASSERT_EQ(events.size(), 1u);
  as<Awaiting>(events[0]);
  EXPECT_EQ(session.view(kObserver).seats[0].name, "person");
  events = session.apply(Bid{0, 0});
  ASSERT_EQ(events.size(), 2u);
  as<AuctionHeld>(events[1]);
  EXPECT_EQ(session.status(), Status::kReady);
  // The next step asks again.
  EXPECT_EQ(as<Awaiting>(session.apply(Step{}).at(0)).number, 2);
}

TEST(SessionTest, SealedBidsOfSeveralPersons) {
  Session session(lexicon(), config_of({person("A"), bot("value"), person("B")}), 11);
  std::vector<Event> events = session.apply(RunToEnd{});
  ASSERT_EQ(events.size(), 4u);
  EXPECT_EQ(as<Awaiting>(events[2]).seat, 0);
  EXPECT_EQ(as<Awaiting>(events[3]).seat, 2);

  events = session.apply(Bid{2, 7});
  ASSERT_EQ(events.size(), 1u) << "the auction waits for seat 0";
  EXPECT_EQ(as<Answered>(events[0]).seat, 2);
  EXPECT_EQ(rejected(session.apply(Bid{2, 8})).reason, Refusal::kRepeated);
  // Seat 2's bid is sealed: its own view has it, nobody else's does.
  EXPECT_EQ(session.view(2).bid, 7);
  EXPECT_FALSE(session.view(0).bid);
  EXPECT_FALSE(session.view(kObserver).bid);
  EXPECT_TRUE(session.view(0).seats[2].answered);
  EXPECT_FALSE(session.view(0).seats[0].answered);

  events = session.apply(Bid{0, 3});
  EXPECT_EQ(as<AuctionHeld>(events[1]).bids[2].amount, 7);
  EXPECT_EQ(as<AuctionHeld>(events[1]).bids[0].amount, 3);
  EXPECT_FALSE(session.view(2).bid) << "no longer sealed: the auction is public";
}

TEST(SessionTest, WordsOfAPersonAtTheEndOfTheRound) {
  Session session(lexicon(), config_of({person(), bot("value")}, 1, 0), 21);
  // The person bids 0 on everything: the bot fills its rack, then the person takes the rest.
  std::vector<Event> events = session.apply(RunToEnd{});
  while (session.view(0).seats[0].awaited == Answer::kBid) events = session.apply(Bid{0, 0});
  const View view = session.view(0);
  ASSERT_EQ(view.seats[0].awaited, Answer::kWord);
  EXPECT_EQ(as<Awaiting>(events.back()).what, Answer::kWord);
  EXPECT_EQ(view.next, Upcoming::Kind::kRoundEnd);
  const std::vector<Letter> held = view.seats[0].won;
  ASSERT_EQ(held.size(), 7u);

  EXPECT_EQ(rejected(session.apply(Bid{0, 0})).reason, Refusal::kNotAwaited);
  EXPECT_EQ(rejected(session.apply(Word{1, held})).reason, Refusal::kNotAwaited);
  std::vector<Letter> too_many = held;
  too_many.push_back(held.front());
  const Rejected not_held = rejected(session.apply(Word{0, too_many}));
  EXPECT_EQ(not_held.reason, Refusal::kNotHeld);
  EXPECT_EQ(rejected(session.apply(Word{0, {Letter{40}}})).reason, Refusal::kMalformed);

  // A word that is not in the lexicon is taken, and scores 0 as the rules say.
  events = session.apply(Word{0, held});
  EXPECT_EQ(as<Answered>(events[0]), (Answered{0, Answer::kWord}));
  const RoundEnded& ended = as<RoundEnded>(events[1]);
  EXPECT_EQ(ended.letters[0], held);
  const std::string expected_fault = ended.words[0].score > 0 ? "" : "not in the lexicon";
  EXPECT_EQ(ended.words[0].fault, expected_fault);
  EXPECT_EQ(ended.words[0].word, Alphabet::english().decode(held));
  as<Finished>(events.back());
  EXPECT_EQ(rejected(session.apply(Word{0, {}})).reason, Refusal::kWrongPhase);
}

TEST(SessionTest, ASavedSessionReplaysToTheSameEvents) {
  const Config config = config_of({person("A"), bot("strong"), person("B"), bot("random")}, 2);
  Session session(lexicon(), config, 31);
  std::vector<Event> events = play_out(session);
  keep(events, session.apply(NewGame{}));
  keep(events, session.apply(Step{}));
  keep(events, session.apply(RunToRoundEnd{}));
  ASSERT_TRUE(std::holds_alternative<Awaiting>(events.back()));
  keep(events, session.apply(answer_for(session, as<Awaiting>(events.back()).seat)));
  // Refusals are not commands: they are not saved.
  EXPECT_EQ(rejected(session.apply(NewGame{})).reason, Refusal::kWrongPhase);

  Session again(lexicon(), config, 31);
  std::vector<Event> replayed;
  for (const Command& command : session.commands()) keep(replayed, again.apply(command));
  EXPECT_EQ(replayed, events);
  EXPECT_EQ(again.commands(), session.commands());
  for (Seat seat : {kObserver, 0, 1, 2, 3}) EXPECT_TRUE(again.view(seat) == session.view(seat));
}

TEST(SessionTest, ASeatSeesNoOtherSeatsHiddenLettersNorSealedAnswers) {
  const Config config = config_of({person("A"), bot("value"), person("B")}, 2, 3);
  Session session(lexicon(), config, 8);
  std::vector<std::vector<Letter>> hidden;  // this round's, by seat
  int checked = 0;
  auto check = [&] {
    for (Seat seat : {kObserver, 0, 1, 2, 7}) {
      const View view = session.view(seat);
      const Seat self = seat >= 0 && seat < 3 ? seat : kObserver;
      EXPECT_EQ(view.seat, self);
      for (int t = 0; t < 3; ++t) {
        if (t == self) {
          if (!hidden.empty()) {
            EXPECT_EQ(view.seats[t].hidden, hidden[t]);
          }
        } else {
          EXPECT_TRUE(view.seats[t].hidden.empty()) << "seat " << seat << " sees " << t;
        }
        EXPECT_EQ(view.seats[t].held >= static_cast<int>(view.seats[t].won.size()), true);
      }
      if (view.last_round) {
        // Letters are public once their round ended.
        EXPECT_TRUE(view.next != Upcoming::Kind::kAuction || view.last_round->round < view.round);
      }
      if (self == kObserver || self == 1) {
        EXPECT_FALSE(view.bid);
        EXPECT_FALSE(view.word);
      }
    }
    ++checked;
  };
  check();
  std::vector<Event> events = session.apply(RunToEnd{});
  for (;;) {
    for (const Event& e : events) {
      if (const auto* r = std::get_if<RoundStarted>(&e)) hidden = r->hidden;
    }
    check();
    if (session.finished()) break;
    const View view = session.view(kObserver);
    for (int seat : {0, 2}) {
      if (view.seats[seat].awaited && !view.seats[seat].answered) {
        events = session.apply(answer_for(session, seat));
        break;
      }
    }
  }
  EXPECT_GT(checked, 20);
}

TEST(SessionTest, ExternalSeatsComeFromTheFrontEndsFactory) {
  Config config = config_of({{SeatKind::kExternal, "script"}, bot("value")});
  EXPECT_THROW(Session(lexicon(), config, 1), ConfigError);
  int made = 0;
  ExternalPlayers external = [&](std::string_view name) -> std::unique_ptr<Player> {
    EXPECT_EQ(name, "script");
    ++made;
    return std::make_unique<testing::ScriptedPlayer>([](const BidRequest& request) {
      BidAnswer answer;
      answer.fault = "timed out on 'bid ... " + std::to_string(request.letters.size()) + "'";
      return answer;
    });
  };
  Session session(lexicon(), config, 1, external);
  EXPECT_EQ(made, 1);
  session.apply(Step{});
  session.apply(Step{});
  const AuctionHeld held = as<AuctionHeld>(session.apply(Step{}).at(0));
  EXPECT_NE(held.bids[0].fault, "");
  // Another seat (or a spectator) reads that the bid was not counted, not why: an external
  // bot's fault may quote its letters.
  EXPECT_EQ(session.view(1).auctions.at(0).bids[0].fault, "not counted");
  EXPECT_EQ(session.view(kObserver).auctions.at(0).bids[0].fault, "not counted");
  EXPECT_EQ(session.view(0).auctions.at(0).bids[0].fault, held.bids[0].fault);
  EXPECT_EQ(session.view(0).seats[0].kind, SeatKind::kExternal);
  session.apply(RunToEnd{});
  session.apply(NewGame{});
  EXPECT_EQ(made, 2) << "a fresh player for every game";
}

TEST(SessionTest, ConfigErrorsNameTheField) {
  auto field_of = [](const Config& config) -> std::string {
    try {
      Session(lexicon(), config, 1);
    } catch (const ConfigError& error) {
      return error.field() + ": " + error.what();
    }
    return "no error";
  };
  EXPECT_EQ(field_of(config_of({bot("value")})), "seats: 1 players given: a game takes 2 to 14");
  EXPECT_EQ(field_of(config_of({bot("value"), bot("robot")})),
            "seats: unknown bot 'robot' in seat 1: use random, value, strong");
  EXPECT_EQ(field_of(config_of({bot("value"), {SeatKind::kExternal, ""}})),
            "seats: external seat 1 has no name");
  EXPECT_EQ(field_of(config_of({bot("value"), person(std::string(65, 'x'))})),
            "seats: the name of seat 1 is longer than 64 characters");
  Config mismatch = config_of({bot("value"), bot("value")});
  mismatch.rules.players = 3;
  EXPECT_EQ(field_of(mismatch), "players: the rules are for 3 players, but 2 seats are given");
  EXPECT_EQ(field_of(config_of({bot("value"), bot("value")}, 1, 9)),
            "hidden_letters: hidden letters must be between 0 and 7, not 9");
  EXPECT_EQ(field_of(config_of({bot("value"), bot("value")}, 0)),
            "rounds: rounds must be between 1 and 10000, not 0");
  EXPECT_NO_THROW(Config{}.validate());
}

TEST(SessionTest, AStoppedRunIsRecordedWithTheEventsItPlayed) {
  const Config config = config_of({bot("value"), bot("random")}, 2);
  Session session(lexicon(), config, 4);
  std::stop_source stop;
  stop.request_stop();
  std::vector<Event> events = session.apply(RunToEnd{}, Work{stop.get_token(), {}});
  ASSERT_EQ(events.size(), 1u) << "a stopped run still plays one event";
  EXPECT_EQ(session.commands().back(), Command(RunToEnd{1}));
  keep(events, session.apply(Step{}));
  keep(events, session.apply(RunToRoundEnd{}, Work{stop.get_token(), {}}));
  EXPECT_EQ(session.commands().back(), Command(RunToRoundEnd{1}));
  std::vector<double> progress;
  keep(events, session.apply(RunToEnd{}, Work{{}, [&](double f) { progress.push_back(f); }}));
  ASSERT_FALSE(progress.empty());
  EXPECT_TRUE(std::is_sorted(progress.begin(), progress.end()));
  EXPECT_DOUBLE_EQ(progress.back(), 1.0);
  EXPECT_TRUE(session.finished());
  progress.clear();
  keep(events, session.apply(NewGame{}));
  keep(events, session.apply(RunToRoundEnd{}, Work{{}, [&](double f) { progress.push_back(f); }}));
  ASSERT_FALSE(progress.empty());
  EXPECT_TRUE(std::is_sorted(progress.begin(), progress.end()));
  EXPECT_DOUBLE_EQ(progress.back(), 1.0);
  EXPECT_LT(progress.front(), 0.5);

  Session again(lexicon(), config, 4);
  std::vector<Event> replayed;
  for (const Command& command : session.commands()) keep(replayed, again.apply(command));
  EXPECT_EQ(replayed, events);
}

TEST(SessionTest, ALimitedRunStopsAfterItsEvents) {
  Session session(lexicon(), config_of({bot("value"), bot("random")}), 4);
  EXPECT_EQ(session.apply(RunToEnd{5}).size(), 5u);
  EXPECT_EQ(session.status(), Status::kReady);
  EXPECT_EQ(session.apply(RunToRoundEnd{2}).size(), 2u);
}

}  // namespace
}  // namespace wg::auction
