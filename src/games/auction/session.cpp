#include "games/auction/session.h"

#include <algorithm>
#include <span>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "games/auction/best_word.h"
#include "games/auction/bots.h"

namespace wg::auction {

Event to_event(const GameEvent& event) {
  return std::visit([](const auto& e) -> Event { return e; }, event);
}

namespace {

std::string_view kind_name(SeatKind kind) {
  switch (kind) {
    case SeatKind::kBot:
      return "a bot";
    case SeatKind::kExternal:
      return "an external player";
    case SeatKind::kPerson:
      return "a person";
  }
  return "a player";
}

std::string_view answer_name(Answer what) { return what == Answer::kBid ? "a bid" : "a word"; }

/// A seat answered by commands: the game asks it like any player, and it answers what the
/// session was given (the session asks the game to play only once every answer is in).
class PersonPlayer final : public Player {
 public:
  PersonPlayer(std::string name, const Alphabet& alphabet)
      : name_(std::move(name)), alphabet_(alphabet) {}

  std::string name() const override { return name_; }
  void new_game(const GameInfo&) override {}
  void new_round(const RoundInfo&) override {}
  BidAnswer get_bid(const BidRequest&) override {
    const BidAnswer answer(bid.value());
    bid.reset();
    return answer;
  }
  void bid_result(const AuctionHeld&) override {}
  WordAnswer get_word(std::span<const Letter>) override {
    const WordAnswer answer(alphabet_.decode(word.value()));
    word.reset();
    return answer;
  }
  void scores_updated(const RoundEnded&) override {}

  bool has(Answer what) const { return what == Answer::kBid ? bid.has_value() : word.has_value(); }

  std::optional<std::int64_t> bid;
  std::optional<std::vector<Letter>> word;

 private:
  std::string name_;
  const Alphabet& alphabet_;
};

/// What a stepping command plays to.
struct Target {
  enum class Kind : std::uint8_t { kNone, kEvents, kRoundEnd, kGameEnd };
  Kind kind = Kind::kNone;
  int left = 0;  ///< events it may still play; 0: no limit (kRoundEnd, kGameEnd)
};

}  // namespace

void Config::validate() const {
  const auto n = static_cast<int>(seats.size());
  if (n < Rules::kMinPlayers || n > Rules::kMaxPlayers) {
    throw ConfigError("seats", fmt::format("{} players given: a game takes {} to {}", n,
                                           Rules::kMinPlayers, Rules::kMaxPlayers));
  }
  const auto bots = bot_names();
  for (int seat = 0; seat < n; ++seat) {
    const SeatConfig& s = seats[seat];
    switch (s.kind) {
      case SeatKind::kBot:
        if (std::find(bots.begin(), bots.end(), s.name) == bots.end()) {
          throw ConfigError("seats", fmt::format("unknown bot '{}' in seat {}: use {}", s.name,
                                                 seat, fmt::join(bots, ", ")));
        }
        break;
      case SeatKind::kExternal:
        if (s.name.empty()) {
          throw ConfigError("seats", fmt::format("external seat {} has no name", seat));
        }
        break;
      case SeatKind::kPerson:
        if (s.name.size() > kMaxSeatName) {
          throw ConfigError("seats", fmt::format("the name of seat {} is longer than {} characters",
                                                 seat, kMaxSeatName));
        }
        break;
    }
  }
  if (rules.players != n) {
    throw ConfigError("players", fmt::format("the rules are for {} players, but {} seats are given",
                                             rules.players, n));
  }
  rules.validate();
}

struct Session::State {
  std::shared_ptr<const Lexicon> lexicon;
  Config config;
  std::uint64_t seed = 0;
  ExternalPlayers external;

  int game_index = 0;
  std::unique_ptr<Game> game;
  std::vector<PersonPlayer*> persons;  ///< by seat, owned by `game`; nullptr: the game asks it
  bool awaiting = false;  ///< the answers for the upcoming event were asked for (Awaiting sent)
  Target target;
  std::optional<RoundEnded> last_round;
  std::vector<int> winners;
  std::vector<Command> commands;

  /// Game `index` of the session with fresh players, not yet started. Throws what the
  /// external players' factory throws, having changed nothing.
  void start_game(int index) {
    std::vector<std::unique_ptr<Player>> players;
    std::vector<PersonPlayer*> seats;
    for (const SeatConfig& seat : config.seats) {
      PersonPlayer* person = nullptr;
      switch (seat.kind) {
        case SeatKind::kBot:
          players.push_back(make_bot(seat.name, *lexicon));
          break;
        case SeatKind::kExternal:
          players.push_back(external(seat.name));
          if (!players.back()) {
            throw std::invalid_argument(fmt::format("no player for '{}'", seat.name));
          }
          break;
        case SeatKind::kPerson: {
          auto player = std::make_unique<PersonPlayer>(seat.name.empty() ? "person" : seat.name,
                                                       lexicon->alphabet());
          person = player.get();
          players.push_back(std::move(player));
          break;
        }
      }
      seats.push_back(person);
    }
    auto next = std::make_unique<Game>(config.rules, *lexicon, std::move(players),
                                       game_seed(seed, static_cast<std::uint64_t>(index)));
    game = std::move(next);
    persons = std::move(seats);
    game_index = index;
    awaiting = false;
    target = {};
    last_round.reset();
    winners.clear();
  }

  int seats() const { return static_cast<int>(persons.size()); }

  /// What `upcoming` needs of `seat` before it can be played: nothing of a seat the game asks.
  std::optional<Answer> needs(int seat, const Upcoming& upcoming) const {
    if (persons[seat] == nullptr) return std::nullopt;
    if (upcoming.kind == Upcoming::Kind::kRoundEnd) return Answer::kWord;
    if (upcoming.kind == Upcoming::Kind::kAuction &&
        std::find(upcoming.bidders.begin(), upcoming.bidders.end(), seat) !=
            upcoming.bidders.end()) {
      return Answer::kBid;
    }
    return std::nullopt;
  }

  /// The seats whose answers `upcoming` still lacks, in seat order.
  std::vector<int> missing(const Upcoming& upcoming) const {
    std::vector<int> seats_missing;
    for (int seat = 0; seat < seats(); ++seat) {
      const std::optional<Answer> what = needs(seat, upcoming);
      if (what && !persons[seat]->has(*what)) seats_missing.push_back(seat);
    }
    return seats_missing;
  }

  Status status() const {
    if (game->over()) return Status::kFinished;
    return awaiting ? Status::kAwaiting : Status::kReady;
  }

  /// How far a run to `kind` has come, 0 to 1 (1 is reported when it ends): by the letters the
  /// racks hold, and the rounds.
  double progress(Target::Kind kind) const {
    const Rules& rules = config.rules;
    int held = 0;
    for (int seat = 0; seat < seats(); ++seat) {
      held += std::min(rules.rack_size, static_cast<int>(game->letters(seat).size()));
    }
    const Upcoming::Kind next = game->upcoming().kind;
    const bool between_rounds =
        next != Upcoming::Kind::kAuction && next != Upcoming::Kind::kRoundEnd;
    const double round =
        between_rounds ? 1.0 : static_cast<double>(held) / (rules.rack_size * rules.players);
    if (kind == Target::Kind::kRoundEnd) return between_rounds ? 0.0 : round;
    if (game->over()) return 1.0;
    const int done = game->round() - (between_rounds ? 0 : 1);
    return std::min(1.0, (done + (between_rounds ? 0.0 : round)) / rules.rounds);
  }

  /// Plays events toward the target until it is reached, an answer is awaited (Awaiting events,
  /// once), the game ends, or `stop` is requested (checked after the first event). Returns the
  /// events played, and sets `stopped` when the stop ended it.
  int advance(std::vector<Event>& events, const Work* work, bool& stopped) {
    int played = 0;
    stopped = false;
    const Target::Kind kind = target.kind;
    while (target.kind != Target::Kind::kNone && !game->over()) {
      const Upcoming upcoming = game->upcoming();
      const std::vector<int> lacking = missing(upcoming);
      if (!lacking.empty()) {
        if (!awaiting) {
          for (int seat : lacking) {
            const Answer what = *needs(seat, upcoming);
            events.push_back(Awaiting{seat, what, upcoming.round,
                                      what == Answer::kBid ? upcoming.number : 0,
                                      what == Answer::kBid ? upcoming.letter : kNoLetter});
          }
          awaiting = true;
        }
        return played;
      }
      if (played > 0 && work != nullptr && work->stop.stop_requested()) {
        stopped = true;
        target = {};
        return played;
      }
      GameEvent event = *game->next();
      awaiting = false;
      ++played;
      bool reached = target.left > 0 && --target.left == 0;
      if (auto* started = std::get_if<GameStarted>(&event)) {
        started->seed = seed;
        started->game = game_index;
      } else if (const auto* ended = std::get_if<RoundEnded>(&event)) {
        last_round = *ended;
        reached = reached || target.kind == Target::Kind::kRoundEnd;
      } else if (auto* over = std::get_if<Finished>(&event)) {
        over->seed = seed;
        over->game = game_index;
        winners = over->winners;
        reached = true;
      }
      events.push_back(to_event(event));
      if (work != nullptr && work->progress && kind != Target::Kind::kEvents) {
        work->progress(reached ? 1.0 : progress(kind));
      }
      if (reached) target = {};
    }
    target = {};
    return played;
  }

  Rejected refuse(Refusal reason, int seat, std::string detail) const {
    return Rejected{reason, seat, std::move(detail)};
  }

  /// Why a stepping command cannot be played now, if it cannot.
  std::optional<Rejected> refuse_stepping() const {
    if (game->over()) {
      return refuse(Refusal::kWrongPhase, -1, "the game is over: start a new one");
    }
    if (awaiting) {
      const std::vector<int> lacking = missing(game->upcoming());
      const int seat = lacking.empty() ? -1 : lacking.front();
      return refuse(Refusal::kNotAwaited, seat,
                    seat < 0 ? "awaiting answers"
                             : fmt::format("awaiting {} from seat {}",
                                           answer_name(*needs(seat, game->upcoming())), seat));
    }
    return std::nullopt;
  }

  /// Why `seat` may not answer `what` now, if it may not.
  std::optional<Rejected> refuse_answer(int seat, Answer what) const {
    if (seat < 0 || seat >= seats()) {
      return refuse(Refusal::kOutOfRange, seat,
                    fmt::format("no seat {}: the seats are 0 to {}", seat, seats() - 1));
    }
    if (game->over()) return refuse(Refusal::kWrongPhase, seat, "the game is over");
    if (persons[seat] == nullptr) {
      return refuse(
          Refusal::kNotAwaited, seat,
          fmt::format("seat {} is {}: the game asks it", seat, kind_name(config.seats[seat].kind)));
    }
    if (!awaiting || needs(seat, game->upcoming()) != what) {
      return refuse(Refusal::kNotAwaited, seat,
                    fmt::format("seat {} is not asked for {} now", seat, answer_name(what)));
    }
    if (persons[seat]->has(what)) {
      return refuse(Refusal::kRepeated, seat,
                    fmt::format("seat {} has given its {} already", seat,
                                what == Answer::kBid ? "bid" : "word"));
    }
    return std::nullopt;
  }

  /// Takes an answer: Answered, then whatever the stepping command under way plays on to.
  std::vector<Event> answered(int seat, Answer what) {
    std::vector<Event> events{Answered{seat, what}};
    if (missing(game->upcoming()).empty()) {
      if (target.kind == Target::Kind::kNone) target = {Target::Kind::kEvents, 1};
      bool stopped = false;
      advance(events, nullptr, stopped);
    }
    return events;
  }

  std::vector<Event> on(const Step& step, const Work& work) {
    if (auto refused = refuse_stepping()) return {*refused};
    std::vector<Event> events;
    target = {Target::Kind::kEvents, 1};
    bool stopped = false;
    advance(events, &work, stopped);
    commands.emplace_back(step);
    return events;
  }

  template <class Run>
  std::vector<Event> run(const Run& command, Target::Kind kind, const Work& work) {
    if (command.limit < 0) {
      return {refuse(Refusal::kOutOfRange, -1,
                     fmt::format("a run's limit is a number of events, not {}", command.limit))};
    }
    if (auto refused = refuse_stepping()) return {*refused};
    std::vector<Event> events;
    target = {kind, command.limit};
    bool stopped = false;
    const int played = advance(events, &work, stopped);
    commands.emplace_back(stopped ? Run{played} : command);
    return events;
  }

  std::vector<Event> on(const RunToRoundEnd& command, const Work& work) {
    return run(command, Target::Kind::kRoundEnd, work);
  }
  std::vector<Event> on(const RunToEnd& command, const Work& work) {
    return run(command, Target::Kind::kGameEnd, work);
  }

  std::vector<Event> on(const Bid& bid, const Work&) {
    if (auto refused = refuse_answer(bid.seat, Answer::kBid)) return {*refused};
    const int points = game->points()[bid.seat];
    if (bid.amount < 0 || bid.amount > points) {
      return {refuse(Refusal::kOutOfRange, bid.seat,
                     bid.amount < 0 ? fmt::format("bid {} is negative", bid.amount)
                                    : fmt::format("bid {} is more than seat {}'s {} points",
                                                  bid.amount, bid.seat, points))};
    }
    persons[bid.seat]->bid = bid.amount;
    commands.emplace_back(bid);
    return answered(bid.seat, Answer::kBid);
  }

  std::vector<Event> on(const Word& word, const Work&) {
    if (auto refused = refuse_answer(word.seat, Answer::kWord)) return {*refused};
    const Alphabet& alphabet = lexicon->alphabet();
    for (Letter letter : word.letters) {
      if (letter >= alphabet.size()) {
        return {refuse(Refusal::kMalformed, word.seat,
                       fmt::format("letter code {} is not a letter", letter))};
      }
    }
    if (!can_make(word.letters, game->letters(word.seat))) {
      return {refuse(Refusal::kNotHeld, word.seat,
                     fmt::format("{} is not made from seat {}'s letters {}",
                                 alphabet.decode_upper(word.letters), word.seat,
                                 alphabet.decode_upper(game->letters(word.seat))))};
    }
    persons[word.seat]->word = word.letters;
    commands.emplace_back(word);
    return answered(word.seat, Answer::kWord);
  }

  std::vector<Event> on(const NewGame& command, const Work& work) {
    if (!game->over()) {
      return {refuse(Refusal::kWrongPhase, -1, "the game is not over: play it to its end first")};
    }
    start_game(game_index + 1);
    std::vector<Event> events;
    target = {Target::Kind::kEvents, 1};
    bool stopped = false;
    advance(events, &work, stopped);
    commands.emplace_back(command);
    return events;
  }

  View view(Seat seat) const {
    View v;
    v.seat = seat >= 0 && seat < seats() ? seat : kObserver;
    v.status = status();
    v.game = game_index;
    v.rules = config.rules;
    v.round = game->round();
    const Upcoming upcoming = game->upcoming();
    v.next = upcoming.kind;
    const bool asking = v.status == Status::kAwaiting;
    for (int t = 0; t < seats(); ++t) {
      SeatView s;
      s.name = game->player(t).name();
      s.kind = config.seats[t].kind;
      s.points = game->points()[t];
      const std::span<const Letter> letters = game->letters(t);
      s.held = static_cast<int>(letters.size());
      const auto hidden =
          std::min(letters.size(), static_cast<std::size_t>(v.rules.hidden_letters));
      s.won.assign(letters.begin() + static_cast<std::ptrdiff_t>(hidden), letters.end());
      if (t == v.seat)
        s.hidden.assign(letters.begin(), letters.begin() + static_cast<std::ptrdiff_t>(hidden));
      if (asking) {
        s.awaited = needs(t, upcoming);
        s.answered = s.awaited && persons[t]->has(*s.awaited);
      }
      v.seats.push_back(std::move(s));
    }
    if (asking && upcoming.kind == Upcoming::Kind::kAuction) {
      v.auction =
          OpenAuction{upcoming.number, upcoming.letter, upcoming.pool_left, upcoming.bidders};
    }
    for (const AuctionHeld& auction : game->history()) {
      if (auction.round != v.round) continue;
      AuctionHeld shown = auction;
      for (int t = 0; t < seats(); ++t) {
        if (t != v.seat && !shown.bids[t].fault.empty()) shown.bids[t].fault = "not counted";
      }
      v.auctions.push_back(std::move(shown));
    }
    v.last_round = last_round;
    v.winners = winners;
    if (v.seat != kObserver && persons[v.seat] != nullptr) {
      v.bid = persons[v.seat]->bid;
      v.word = persons[v.seat]->word;
    }
    return v;
  }
};

Session::Session(std::shared_ptr<const Lexicon> lexicon, Config config, std::uint64_t seed,
                 ExternalPlayers external) {
  if (!lexicon) throw std::invalid_argument("a session needs a lexicon");
  config.validate();
  for (std::size_t seat = 0; seat < config.seats.size(); ++seat) {
    if (config.seats[seat].kind == SeatKind::kExternal && !external) {
      throw ConfigError("seats", fmt::format("seat {} is external, but this front end supplies "
                                             "no external players",
                                             seat));
    }
  }
  state_ = std::make_unique<State>();
  state_->lexicon = std::move(lexicon);
  state_->config = std::move(config);
  state_->seed = seed;
  state_->external = std::move(external);
  state_->start_game(0);
}

Session::~Session() = default;
Session::Session(Session&&) noexcept = default;
Session& Session::operator=(Session&&) noexcept = default;

std::vector<Event> Session::apply(const Command& command, const Work& work) {
  return std::visit([&](const auto& c) { return state_->on(c, work); }, command);
}

View Session::view(Seat seat) const { return state_->view(seat); }
Status Session::status() const { return state_->status(); }
const Config& Session::config() const { return state_->config; }
std::uint64_t Session::seed() const { return state_->seed; }
const std::vector<Command>& Session::commands() const { return state_->commands; }

}  // namespace wg::auction
