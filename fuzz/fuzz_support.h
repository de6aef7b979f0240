#pragma once
/// What the fuzz targets share: the input as text, a check that stops the run (abort, which
/// libFuzzer reports with the input) when a property that must hold does not, and the lexicon
/// the game targets play on.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

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

}  // namespace wg::fuzz
