#pragma once
/// The words of one length, as the game plays them: every word of that length in the lexicon is
/// a guess, and the answers (the words a host may keep or pick) are the common ones among them,
/// or all of them. Stored as one flat array of letter codes; a word is an index.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/alphabet.h"
#include "core/play.h"
#include "lexicon/lexicon.h"

namespace wg::wordle {

/// Index of a word in a WordBank.
using WordId = std::uint32_t;

/// With fewer common words than this at a length, every word of it is an answer (a handful of
/// answers would make the game a guess of which few words the list holds).
inline constexpr std::size_t kMinCommonAnswers = 20;

class WordBank {
 public:
  WordBank() = default;
  /// The words of `length` in the lexicon, in lexicographic order (empty if none).
  static WordBank of_length(const Lexicon& lexicon, std::size_t length);
  /// From text (tests, small examples): sorted and deduplicated; throws std::invalid_argument
  /// for a word of another length or with a character outside the alphabet.
  static WordBank from_words(std::span<const std::string_view> words,
                             const Alphabet& alphabet = Alphabet::english());

  std::size_t length() const { return length_; }
  std::size_t size() const { return length_ == 0 ? 0 : letters_.size() / length_; }
  bool empty() const { return letters_.empty(); }
  const Alphabet& alphabet() const { return *alphabet_; }

  std::span<const Letter> word(WordId id) const {
    return {letters_.data() + static_cast<std::size_t>(id) * length_, length_};
  }
  /// Word `id` as lowercase text.
  std::string text(WordId id) const { return alphabet_->decode(word(id)); }
  /// The id of a word given as codes, nullopt if it is not in the list.
  std::optional<WordId> find(std::span<const Letter> word) const;
  /// Every id, 0..size()-1.
  std::vector<WordId> all_ids() const;

 private:
  const Alphabet* alphabet_ = &Alphabet::english();
  std::size_t length_ = 0;
  std::vector<Letter> letters_;  // sorted words, one after the other
};

/// The word banks of one lexicon, one per length, each made on its first use and then shared,
/// read-only, by every session of the lexicon, from any thread (Lexicon::derived): a session
/// opens without listing the lexicon's words again.
class WordBanks {
 public:
  explicit WordBanks(const Lexicon& lexicon);
  /// The bank of `length`, made from `lexicon` (the one these banks derive from) on first use.
  const WordBank& of_length(const Lexicon& lexicon, std::size_t length) const;
  /// answer_ids(of_length(lexicon, length), secrets, common), made once per length and common
  /// list (told apart by the object `common` owns, never by its address alone) and then shared,
  /// read-only: listing the common words of a length asks the common list about every word of
  /// it, most of an opening's work otherwise.
  std::shared_ptr<const std::vector<WordId>> answers(
      const Lexicon& lexicon, std::size_t length, Secrets secrets,
      const std::shared_ptr<const Lexicon>& common) const;

 private:
  /// The answers from one common list (null: every word).
  struct Answers {
    std::weak_ptr<const Lexicon> common;
    std::shared_ptr<const std::vector<WordId>> ids;
  };
  struct Slot {
    std::once_flag made;
    WordBank bank;
    std::mutex answers_mutex;      ///< guards answers
    std::vector<Answers> answers;  ///< one per common list asked about, expired ones dropped
    std::shared_ptr<const std::vector<WordId>> all;  ///< every word; under answers_mutex
  };
  std::vector<std::unique_ptr<Slot>> slots_;  ///< by length, up to the lexicon's longest word
};

/// The answers among `words`: with Secrets::kCommon, the words also in `common` when there are
/// at least kMinCommonAnswers of them; otherwise (kAll, no common list, too few) every word.
std::vector<WordId> answer_ids(const WordBank& words, Secrets secrets, const Lexicon* common);

}  // namespace wg::wordle
