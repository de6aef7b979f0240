#pragma once
/// The one way a game's typed session becomes a GameSession (app/game_session.h): each codec
/// supplies the conversions, this template supplies the rest (refusing what cannot be decoded,
/// the saved game, the view per seat), so that every game answers JSON alike.

#include <cstdint>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "app/game_record.h"
#include "app/game_session.h"
#include "app/json.h"
#include "app/json_fields.h"
#include "core/play.h"
#include "lexicon/lexicon.h"

namespace wg::app {

/// The word list's name in the header of the logs kept with a session's games (the session
/// knows the words it plays on, not where they came from).
inline constexpr std::string_view kSessionLogSource = "server";

/// The players of the game `finished` ended in `session` (`person` at `seat`), as the codec
/// names them: Codec::players_of, given the session when the codec asks for it (the auction's
/// seats are bots or people as its config says).
template <class Codec>
std::optional<std::vector<GamePlayer>> players_of(const typename Codec::Session& session,
                                                  const typename Codec::Finished& finished,
                                                  std::string_view person, Seat seat) {
  if constexpr (requires { Codec::players_of(session, finished, person, seat); }) {
    return Codec::players_of(session, finished, person, seat);
  } else {
    return Codec::players_of(finished, person, seat);
  }
}

/// The records (app/game_record.h) of the games that `events`, just caused in `session`,
/// finished: `player` is the person at `seat` (Codec::players_of names the seats; a game that
/// was no game, such as position hangman's given up before any guess, gives none). Times are
/// left 0.
template <class Codec>
std::vector<FinishedGame> finished_game_records(
    const typename Codec::Session& session,
    const std::vector<typename Codec::Session::Event>& events, std::string_view player, Seat seat) {
  std::vector<FinishedGame> records;
  for (const auto& event : events) {
    const auto* finished = std::get_if<typename Codec::Finished>(&event);
    if (finished == nullptr) continue;
    if (std::optional<std::vector<GamePlayer>> players =
            players_of<Codec>(session, *finished, player, seat)) {
      records.push_back(finished_game_record<Codec>(session, *finished, std::move(*players)));
    }
  }
  return records;
}

/// Wraps a `Codec::Session` in the JSON interface. The codec provides, as static members:
///   using Session;                            // the game's session type
///   using Finished;                           // its event that ends a game
///   static constexpr std::string_view kGame;  // the registry name ("evil-hangman")
///   Json config_to_json(const Session::Config&);
///   Session::Command command_from_json(const Json&);   // throws CodecError
///   Json command_to_json(const Session::Command&);
///   Json event_to_json(const Session::Event&);         // {"event": NAME, ...}
///   Json view_to_json(const Session::View&);
///   // each seat's score, win and bot (GamePlayer::bot: `person` plays at `seat`); nullopt:
///   // the game is no game; given the Session first when the seats' kinds are its config's
///   std::optional<std::vector<GamePlayer>> players_of([const Session&,] const Finished&,
///                                                     std::string_view person, Seat seat);
///   Json details_of(const Session&, const Finished&);  // for statistics (app/game_record.h)
/// and, where the game has them:
///   Seat owner_seat(const Session&);                   // else 0
///   std::vector<Timer> timers(const Session&);         // else none
///   void write_log(std::ostream&, const Event&, const LogLexicon&);  // a game that keeps a log
///   bool visible(const Event&, Seat seat);             // else every seat sees every event
///   // the records of the games `events` finished for `person` at `seat`, else
///   // finished_game_records<Codec> (a room's seat plays a game of another codec)
///   std::vector<FinishedGame> finished_records(const Session&, const std::vector<Event>& events,
///                                              std::string_view person, Seat seat);
/// and the Session: apply(const Command&[, const Work&]) -> std::vector<Event> (given the
/// GameSession's Work when it takes one), view(Seat) -> View,
/// config(), seed(), commands() (the accepted commands, in order) and finished().
template <class Codec>
class SessionAdapter final : public GameSession {
 public:
  using Session = typename Codec::Session;

  template <class... Args>
  explicit SessionAdapter(Args&&... args) : session_(std::forward<Args>(args)...) {}

  std::vector<Json> apply(const Json& command, const Work& work = {}) override {
    typename Session::Command decoded;
    try {
      decoded = Codec::command_from_json(command);
    } catch (const CodecError& error) {
      return refused(error.what());
    } catch (const Json::exception& error) {
      return refused(error.what());
    }
    const std::size_t commands_before = session_.commands().size();
    last_events_ = typed_apply(decoded, work);
    malformed_.reset();
    if constexpr (kKeepsLog) {
      if (game_ended_) {  // the last game was recorded: a new one's log begins
        game_log_.clear();
        game_ended_ = false;
      }
      std::ostringstream lines;
      for (const auto& event : last_events_) {
        Codec::write_log(lines, event, log_lexicon_);
        if (std::holds_alternative<typename Codec::Finished>(event)) game_ended_ = true;
      }
      game_log_ += lines.str();
    }
    std::vector<Json> events;
    bool refused_all = !last_events_.empty();
    for (const auto& event : last_events_) {
      events.push_back(Codec::event_to_json(event));
      refused_all = refused_all && events.back().value("event", "") == "rejected";
    }
    // A refused command changes nothing and records nothing (GameSession::apply): the views
    // kept stay true. Anything else may have changed them.
    if (!refused_all || session_.commands().size() != commands_before) view_texts_.clear();
    return events;
  }

  std::vector<Json> events_for(Seat seat) const override {
    if (malformed_) return {*malformed_};  // names no seat: only what was wrong with it
    std::vector<Json> events;
    for (const auto& event : last_events_) {
      if constexpr (requires { Codec::visible(event, seat); }) {
        if (!Codec::visible(event, seat)) continue;
      }
      events.push_back(Codec::event_to_json(event));
    }
    return events;
  }

  Json view(Seat seat) const override { return Codec::view_to_json(session_.view(seat)); }

  std::string view_text(Seat seat) const override {
    for (const auto& [seen_by, text] : view_texts_) {
      if (seen_by == seat) return text;
    }
    std::string text = GameSession::view_text(seat);
    view_texts_.emplace_back(seat, text);
    return text;
  }

  Json saved() const override { return saved_game<Codec>(session_); }

  bool finished() const override { return session_.finished(); }

  Seat owner_seat() const override {
    if constexpr (requires { Codec::owner_seat(session_); }) {
      return Codec::owner_seat(session_);
    } else {
      return 0;
    }
  }

  std::vector<Timer> timers() const override {
    if constexpr (requires { Codec::timers(session_); }) {
      return Codec::timers(session_);
    } else {
      return {};
    }
  }

  std::vector<FinishedGame> finished_records(std::string_view player, Seat seat) const override {
    if constexpr (requires { Codec::finished_records(session_, last_events_, player, seat); }) {
      return Codec::finished_records(session_, last_events_, player, seat);
    } else {
      std::vector<FinishedGame> records =
          finished_game_records<Codec>(session_, last_events_, player, seat);
      if constexpr (kKeepsLog) {
        // The record keeps its game's log (the auction's: the lines `auction --log` writes),
        // from the game's first command (a restored session replays its commands through here
        // too).
        if (game_ended_) {
          for (FinishedGame& record : records) record.log = game_log_;
        }
      }
      return records;
    }
  }

  /// Names the word list in the header of the logs the records keep (open_session sets it).
  void set_log_lexicon(LogLexicon lexicon) { log_lexicon_ = std::move(lexicon); }

  /// The typed session; taking it to change it forgets the views kept (view_text).
  Session& session() {
    view_texts_.clear();
    return session_;
  }
  const Session& session() const { return session_; }

 private:
  /// A command that does not decode: refused, and it changed nothing.
  std::vector<Json> refused(const std::string& detail) {
    malformed_ = malformed_event(detail);
    last_events_.clear();
    return {*malformed_};
  }

  /// The typed session's apply, given the Work when it takes one (every game alike).
  auto typed_apply(const typename Session::Command& command, const Work& work) {
    if constexpr (requires { session_.apply(command, work); }) {
      return session_.apply(command, work);
    } else {
      return session_.apply(command);
    }
  }

  /// A game whose codec writes a log keeps it with each game's record.
  static constexpr bool kKeepsLog =
      requires(std::ostream & out, const typename Session::Event& e, const LogLexicon& words) {
    Codec::write_log(out, e, words);
  };

  Session session_;
  std::vector<typename Session::Event> last_events_;  ///< of the last apply()
  std::optional<Json> malformed_;  ///< the last apply()'s refusal of a command not decoded
  LogLexicon log_lexicon_;
  std::string game_log_;     ///< the game in play's log so far (kKeepsLog)
  bool game_ended_ = false;  ///< game_log_ is a whole game's
  /// The views rendered since the state last changed, by seat (view_text).
  mutable std::vector<std::pair<Seat, std::string>> view_texts_;
};

/// The registry's way to open a session of `Codec`'s game (app/registry.h, SessionFactory):
/// the config read by `Codec::config_from_json` (throws wg::ConfigError), the session on the
/// shared lexicon.
template <class Codec>
std::unique_ptr<GameSession> open_session(const Json& config, std::uint64_t seed,
                                          std::shared_ptr<const Lexicon> lexicon) {
  const std::uint64_t words = lexicon->size();
  auto adapter = std::make_unique<SessionAdapter<Codec>>(std::move(lexicon),
                                                         Codec::config_from_json(config), seed);
  adapter->set_log_lexicon({std::string(kSessionLogSource), words});
  return adapter;
}

}  // namespace wg::app
