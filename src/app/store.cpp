#include "app/store.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace wg::app {

bool valid_name(std::string_view name) {
  if (name.empty() || name.size() > 40) return false;
  auto alnum = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  };
  if (!alnum(name.front())) return false;
  return std::all_of(name.begin(), name.end(),
                     [&](char c) { return alnum(c) || c == '-' || c == '_'; });
}

void check_word_list(std::string_view name, std::span<const std::string> words) {
  if (!valid_name(name)) {
    throw std::invalid_argument(fmt::format("'{}' is not a valid word list name", name));
  }
  for (const std::string& word : words) {
    const bool letters = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    });
    if (!letters) {
      throw std::invalid_argument(fmt::format("'{}' is not a word of letters", word));
    }
  }
}

std::string word_list_text(std::span<const std::string> words) {
  std::string text;
  for (const std::string& word : words) {
    text += word;
    text += '\n';
  }
  return text;
}

void check_saved_game(const Json& saved) {
  if (!saved.is_object()) throw std::invalid_argument("a saved game is a JSON object");
  const auto game = saved.find("game");
  if (game == saved.end() || !game->is_string()) {
    throw std::invalid_argument("a saved game names its game");
  }
  const auto seed = saved.find("seed");
  if (seed == saved.end() || !seed->is_number_unsigned()) {
    throw std::invalid_argument("a saved game has a seed from 0 to 2^64-1");
  }
  const auto commands = saved.find("commands");
  if (commands != saved.end() && !commands->is_array()) {
    throw std::invalid_argument("a saved game's commands are a list");
  }
}

}  // namespace wg::app
