#include "app/registry.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "core/play.h"

#include "app/game_codecs.h"  // generated: every game's codec header, declaring <id>_game()

namespace wg::app {

namespace {

const std::vector<GameEntry>& all_games() {
  static const std::vector<GameEntry> entries = {
#define WG_GAME(id) id##_game(),
#include "app/game_list.inc"
#undef WG_GAME
  };
  return entries;
}

}  // namespace

std::span<const GameEntry> games() { return all_games(); }

const GameEntry* find_game(std::string_view name) {
  const auto& all = all_games();
  const auto found = std::find_if(all.begin(), all.end(), [name](const GameEntry& game) {
    return game.name == name || game.id == name;
  });
  return found == all.end() ? nullptr : &*found;
}

const GameEntry* find_entry(std::string_view name) {
  if (const GameEntry* game = find_game(name)) return game;
  for (const GameEntry& game : all_games()) {
    if (game.rooms != nullptr && game.rooms->name == name) return game.rooms.get();
  }
  return nullptr;
}

namespace {

/// The command's name, "" for anything but an object with a string "command".
std::string command_name_of(const Json& command) {
  if (!command.is_object()) return {};
  const auto name = command.find("command");
  return name != command.end() && name->is_string() ? name->get<std::string>() : std::string();
}

bool listed(const std::vector<std::string>& names, const std::string& name) {
  return !name.empty() && std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

void stamp_player_command(const GameEntry& game, Json& command, Seat seat,
                          std::uint64_t elapsed_ms) {
  if (!command.is_object()) return;
  for (const std::string& field : game.stamps.reserved) command.erase(field);
  const std::string name = command_name_of(command);
  if (listed(game.stamps.seated, name)) command["seat"] = seat;
  if (listed(game.stamps.clocked, name)) command["elapsed_ms"] = elapsed_ms;
}

void stamp_timer_command(const GameEntry& game, Json& command, std::uint64_t elapsed_ms) {
  if (listed(game.stamps.clocked, command_name_of(command))) command["elapsed_ms"] = elapsed_ms;
}

bool hides_information(const GameEntry& game, const Json& config) {
  if (!game.hidden_information) return false;
  try {
    return game.hidden_information(config);
  } catch (const std::exception&) {
    return true;  // a config that cannot be read: hide rather than guess
  }
}

bool needs_seat(const GameEntry& game, const Json& command) {
  return listed(game.stamps.seated, command_name_of(command));
}

bool host_only(const GameEntry& game, const Json& command) {
  return listed(game.stamps.host_only, command_name_of(command));
}

bool withdraws(const GameEntry& game, const Json& command) {
  return listed(game.withdrawing, command_name_of(command));
}

std::optional<std::string> share_text(const GameEntry& entry, const FinishedGame& game, Seat seat,
                                      bool emoji) {
  if (!entry.share) return std::nullopt;
  const ShareText share = entry.share(game, seat);
  std::string text = share.headline;
  const std::vector<std::string>& grid = emoji ? share.grid : share.text_grid;
  for (const std::string& row : grid) text += "\n" + row;
  if (!emoji && !grid.empty() && !share.legend.empty()) text += "\n" + share.legend;
  return text;
}

std::unique_ptr<GameSession> restore(const Json& saved, std::shared_ptr<const Lexicon> lexicon) {
  if (!saved.is_object()) throw ConfigError("game", "a saved game is a JSON object");
  const auto game_field = saved.find("game");
  if (game_field == saved.end() || !game_field->is_string()) {
    throw ConfigError("game", "a saved game names its game");
  }
  const GameEntry* game = find_entry(game_field->get<std::string>());
  if (game == nullptr) {
    throw ConfigError("game", fmt::format("no game '{}'", game_field->get<std::string>()));
  }
  const auto seed = saved.find("seed");
  if (seed == saved.end() || !seed->is_number_unsigned()) {
    throw ConfigError("seed", "a saved game has a seed from 0 to 2^64-1");
  }
  const auto config = saved.find("config");
  std::unique_ptr<GameSession> session =
      game->open(config == saved.end() ? Json::object() : *config, seed->get<std::uint64_t>(),
                 std::move(lexicon));
  const auto commands = saved.find("commands");
  if (commands == saved.end()) return session;
  if (!commands->is_array()) throw std::invalid_argument("a saved game's commands are a list");
  for (std::size_t i = 0; i < commands->size(); ++i) {
    for (const Json& event : session->apply((*commands)[i])) {
      if (event.value("event", "") == "rejected") {
        throw std::invalid_argument(fmt::format("saved command {} was refused: {}", i + 1,
                                                event.value("detail", event.value("reason", ""))));
      }
    }
  }
  return session;
}

}  // namespace wg::app
