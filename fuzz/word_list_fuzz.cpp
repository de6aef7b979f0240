// The word-list reader (lexicon/word_list.h): any bytes give a list or a LexiconError. The words
// kept are distinct, lowercase, sorted and short enough, and the lexicon built from them holds
// exactly them, each at its rank.

#include "fuzz/fuzz_support.h"
#include "lexicon/lexicon.h"
#include "lexicon/word_list.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using wg::fuzz::require;
  wg::WordList list;
  try {
    list = wg::parse_word_list(wg::fuzz::as_text(data, size), "fuzz");
  } catch (const wg::LexiconError&) {
    return 0;
  }
  require(!list.words.empty(), "a list without words is an error");
  require(list.report.words == list.words.size(), "the report counts the words kept");
  for (std::size_t i = 0; i < list.words.size(); ++i) {
    require(!list.words[i].empty() && list.words[i].size() <= wg::kMaxWordLength, "word length");
    require(i == 0 || list.words[i - 1] < list.words[i], "words distinct and sorted");
  }
  const wg::Lexicon lexicon = wg::Lexicon::build(list.words);
  require(lexicon.size() == list.words.size(), "the lexicon holds every word");
  for (std::size_t i = 0; i < list.words.size(); ++i) {
    require(lexicon.contains(list.words[i]), "contains");
    require(lexicon.index_of(list.words[i]) == static_cast<std::int64_t>(i), "index_of");
    require(lexicon.word_at(i) == list.words[i], "word_at");
  }
  return 0;
}
