#pragma once
/// The one list of games, as every front end reads it: the terminal menu and `--help`, the web
/// lobby, saved-game loading. The list itself is declared once, in the top-level CMakeLists.txt
/// (WG_GAMES), which generates the X-macro list `app/game_list.inc`; each game contributes one
/// entry from its codec (`app/<game>_codec.h`).

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string_view>

#include "app/game_session.h"
#include "app/json.h"
#include "lexicon/lexicon.h"

namespace wg::app {

/// Opens a session of a game: `config` as the game's config schema says (absent fields take
/// their defaults), game 0 seeded by game_seed(seed, 0), the lexicon shared read-only and
/// outliving the session. Throws wg::ConfigError for a configuration that cannot be played
/// (an unknown field, a value out of range, a malformed value).
using SessionFactory = std::function<std::unique_ptr<GameSession>(
    const Json& config, std::uint64_t seed, std::shared_ptr<const Lexicon> lexicon)>;

/// One game of the arcade.
struct GameEntry {
  std::string_view id;       ///< "evil_hangman": its folder and library (wg::evil_hangman)
  std::string_view name;     ///< "evil-hangman": its command and its address in the web arcade
  std::string_view title;    ///< "Evil Hangman": for people
  std::string_view summary;  ///< one line, for menus and --help
  /// A JSON Schema (draft 2020-12) of the config: every field, its type, range and default.
  std::function<Json()> config_schema;
  SessionFactory open;
  /// True when the game's events are the host's record, holding what some seats may not see
  /// (the auction's hidden letters): a front end then shows each seat its view, not the events.
  bool private_events = false;
  /// True for a config whose commands may compute for seconds (the optimal evil host's
  /// decision): a front end then runs them off its I/O threads, shows their progress and stops
  /// them when the player leaves (GameSession::apply's Work). Unset: never.
  std::function<bool(const Json& config)> slow = nullptr;
};

/// Every game, in menu order.
std::span<const GameEntry> games();
/// The game named (or with the id) `name`; nullptr if none.
const GameEntry* find_game(std::string_view name);

/// Restores a saved game ({"game", "config", "seed", "commands"}, as GameSession::saved()
/// writes it) by replaying its commands. Throws wg::ConfigError for an unknown game or a bad
/// config, and std::invalid_argument naming the command when a saved command is refused or
/// malformed (the file is then not a game this program played).
std::unique_ptr<GameSession> restore(const Json& saved, std::shared_ptr<const Lexicon> lexicon);

}  // namespace wg::app
