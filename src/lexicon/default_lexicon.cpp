#include <cstddef>
#include <cstdint>
#include <span>

#include "lexicon/lexicon.h"

extern "C" {
extern const unsigned char wg_default_lexicon_data[];
extern const std::uint64_t wg_default_lexicon_size;
}

namespace wg {

const Lexicon& default_lexicon() {
  static const Lexicon lexicon = Lexicon::deserialize(
      std::as_bytes(std::span(wg_default_lexicon_data, wg_default_lexicon_size)),
      "the built-in lexicon (enable1)",
      LexiconTrust::kTrusted);  // compiled by this program's build
  return lexicon;
}

}  // namespace wg
