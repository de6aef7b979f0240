#pragma once
/// What the fuzz targets share: the input as text, a check that stops the run (abort, which
/// libFuzzer reports with the input) when a property that must hold does not, the lexicon the
/// game targets play on, and the game an input names.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/registry.h"
#include "core/text.h"
#include "lexicon/lexicon.h"

namespace wg::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

/// Aborts with `what` when `condition` is false: a property of the parser was broken.
inline void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz property broken: %s\n", what);
  std::abort();
}

/// The lexicon the game targets (session, config) play on, built once per process: every word of
/// the built-in lexicon up to 3 letters and one in 64 of the longer ones (about 3,800 words, every
/// length kept). The games' rules do not depend on the lexicon's size, but their cost does: on
/// the whole lexicon a session input took about 200 ms (a Boggle round alone lays out the
/// solver's table of the whole automaton, twice with the replay), too slow to fuzz.
inline std::shared_ptr<const Lexicon> fuzz_lexicon() {
  static const std::shared_ptr<const Lexicon> lexicon = [] {
    std::vector<std::string> words;
    std::size_t longer = 0;
    default_lexicon().for_each_word([&](std::string_view word) {
      if (word.size() <= 3 || longer++ % 64 == 0) words.emplace_back(word);
    });
    return std::make_shared<const Lexicon>(Lexicon::build(words));
  }();
  return lexicon;
}

/// An input of a game target (session, config, command): the game its first line names and a
/// number after it, then the rest of the input.
struct GameInput {
  const app::GameEntry* game = nullptr;
  std::uint64_t number = 0;  ///< after the name ("boggle 7"): the session target's seed; 0 if none
  std::string_view rest;     ///< the input after the first line
};

/// The game named on the first line, by its registry name as a saved game names it ("hand",
/// "evil-hangman"), optionally followed by a space and a number; nullopt for a line that names
/// no game (libFuzzer learns the names from the corpus and the dictionary). Naming the game,
/// rather than picking it by a byte modulo the number of games, keeps every input of a corpus
/// the same game when a game is added.
inline std::optional<GameInput> game_input(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = as_text(data, size);
  const std::size_t end = text.find('\n');
  std::string_view line = text.substr(0, end);
  GameInput input;
  input.rest = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  if (const std::size_t space = line.find(' '); space != std::string_view::npos) {
    const std::optional<std::uint64_t> number = parse_unsigned(line.substr(space + 1));
    if (!number) return std::nullopt;
    input.number = *number;
    line = line.substr(0, space);
  }
  input.game = app::find_game(line);
  if (input.game == nullptr) return std::nullopt;
  return input;
}

}  // namespace wg::fuzz
