#pragma once
// Internal: turns sorted words into a Lexicon's units. Not part of the public API.

#include <span>
#include <string>

#include "lexicon/lexicon.h"

namespace wg {

class LexiconBuilder {
 public:
  static Lexicon build(std::span<const std::string> sorted_words, const Alphabet& alphabet);
};

}  // namespace wg
