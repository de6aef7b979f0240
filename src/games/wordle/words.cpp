#include "games/wordle/words.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace wg::wordle {

WordBank WordBank::of_length(const Lexicon& lexicon, std::size_t length) {
  WordBank list;
  list.alphabet_ = &lexicon.alphabet();
  list.length_ = length;
  if (length == 0) return list;
  lexicon.for_each_word_of_length(length, [&](std::string_view text) {
    for (char c : text) list.letters_.push_back(list.alphabet_->code(c));
  });
  return list;
}

WordBanks::WordBanks(const Lexicon& lexicon) {
  slots_.resize(lexicon.max_length() + 1);
  for (auto& slot : slots_) slot = std::make_unique<Slot>();
}

const WordBank& WordBanks::of_length(const Lexicon& lexicon, std::size_t length) const {
  static const WordBank kNone;
  if (length == 0 || length >= slots_.size()) return kNone;
  Slot& slot = *slots_[length];
  std::call_once(slot.made, [&] { slot.bank = WordBank::of_length(lexicon, length); });
  return slot.bank;
}

std::shared_ptr<const std::vector<WordId>> WordBanks::answers(
    const Lexicon& lexicon, std::size_t length, Secrets secrets,
    const std::shared_ptr<const Lexicon>& common) const {
  const WordBank& bank = of_length(lexicon, length);
  if (length == 0 || length >= slots_.size()) {
    return std::make_shared<const std::vector<WordId>>(answer_ids(bank, secrets, common.get()));
  }
  Slot& slot = *slots_[length];
  const std::lock_guard lock(slot.answers_mutex);
  if (secrets != Secrets::kCommon || common == nullptr) {
    if (!slot.all) slot.all = std::make_shared<const std::vector<WordId>>(bank.all_ids());
    return slot.all;
  }
  // The same list is the same owned object: owner_before tells it apart from a later list
  // made at the address of one since freed.
  const auto same = [&](const Answers& a) {
    return !a.common.owner_before(common) && !common.owner_before(a.common);
  };
  const auto found = std::find_if(slot.answers.begin(), slot.answers.end(), same);
  if (found != slot.answers.end()) return found->ids;
  std::erase_if(slot.answers, [](const Answers& a) { return a.common.expired(); });
  auto ids = std::make_shared<const std::vector<WordId>>(answer_ids(bank, secrets, common.get()));
  slot.answers.push_back({common, ids});
  return ids;
}

WordBank WordBank::from_words(std::span<const std::string_view> words, const Alphabet& alphabet) {
  std::vector<std::vector<Letter>> codes;
  std::size_t length = 0;
  for (std::string_view text : words) {
    std::optional<std::vector<Letter>> word = alphabet.encode(text);
    if (!word || word->empty()) {
      throw std::invalid_argument("not a word: '" + std::string(text) + "'");
    }
    if (length == 0) length = word->size();
    if (word->size() != length) {
      throw std::invalid_argument("words of different lengths: '" + std::string(text) + "'");
    }
    codes.push_back(std::move(*word));
  }
  std::sort(codes.begin(), codes.end());
  codes.erase(std::unique(codes.begin(), codes.end()), codes.end());
  WordBank list;
  list.alphabet_ = &alphabet;
  list.length_ = length;
  for (const auto& word : codes)
    list.letters_.insert(list.letters_.end(), word.begin(), word.end());
  return list;
}

std::optional<WordId> WordBank::find(std::span<const Letter> word) const {
  if (word.size() != length_ || length_ == 0) return std::nullopt;
  std::size_t lo = 0;
  std::size_t hi = size();
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    const std::span<const Letter> w = this->word(static_cast<WordId>(mid));
    if (std::lexicographical_compare(w.begin(), w.end(), word.begin(), word.end())) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  if (lo < size() && std::ranges::equal(this->word(static_cast<WordId>(lo)), word)) {
    return static_cast<WordId>(lo);
  }
  return std::nullopt;
}

std::vector<WordId> WordBank::all_ids() const {
  std::vector<WordId> ids(size());
  std::iota(ids.begin(), ids.end(), WordId{0});
  return ids;
}

std::vector<WordId> answer_ids(const WordBank& words, Secrets secrets, const Lexicon* common) {
  if (secrets == Secrets::kCommon && common != nullptr) {
    std::vector<WordId> ids;
    for (WordId id = 0; id < words.size(); ++id) {
      if (common->contains(words.word(id))) ids.push_back(id);
    }
    if (ids.size() >= kMinCommonAnswers) return ids;
  }
  return words.all_ids();
}

}  // namespace wg::wordle
