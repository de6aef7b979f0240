#include "lexicon/common_words.h"

#include <cstddef>
#include <cstdint>
#include <span>

extern "C" {
extern const unsigned char wg_common_words_data[];
extern const std::uint64_t wg_common_words_size;
}

namespace wg {

std::shared_ptr<const Lexicon> common_words() {
  static const std::shared_ptr<const Lexicon> lexicon = std::make_shared<const Lexicon>(
      Lexicon::deserialize(std::as_bytes(std::span(wg_common_words_data, wg_common_words_size)),
                           "the built-in common words (ENABLE and wamerican)",
                           LexiconTrust::kTrusted));  // compiled by this program's build
  return lexicon;
}

}  // namespace wg
