#pragma once
/// The common words: the words of ENABLE also in Debian's wamerican list (data/common-words.txt,
/// licence in data/common-words.LICENSE), compiled at build time and embedded in the binary
/// like the default lexicon, so that no file is needed beside the program. For games that
/// draw secrets people know (position hangman's `secrets: common`). Part of
/// wg::default_lexicon: engines do not link it; front ends hand it to them.

#include <memory>

#include "lexicon/lexicon.h"

namespace wg {

/// The embedded common-words lexicon, built on first use (thread-safe), never destroyed before
/// exit.
std::shared_ptr<const Lexicon> common_words();

}  // namespace wg
