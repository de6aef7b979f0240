#pragma once
// Internal: the tiles of a rack during a sub-anagram search. Shared by the automaton search
// (lexicon_search.cpp) and the alphagram index (anagram_index.cpp).

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "lexicon/lexicon.h"

namespace wg::detail {

/// Letters by count, and blanks grouped by the letters they may stand for. A search takes a
/// tile for a letter and puts it back when it backtracks. A real tile is always taken when the
/// rack has one: never worse, since a blank kept can stand for more letters later.
class RackTiles {
 public:
  explicit RackTiles(const Rack& rack) : counts_(rack.counts), size_(rack.size()) {
    for (std::size_t l = 0; l < counts_.size(); ++l)
      if (counts_[l] > 0) tiles_.insert(static_cast<Letter>(l));
    for (LetterSet set : rack.blanks) {
      auto it = std::find_if(blanks_.begin(), blanks_.end(),
                             [set](const BlankKind& b) { return b.letters == set; });
      if (it == blanks_.end()) {
        blanks_.push_back({set, 1});
      } else {
        ++it->count;
      }
    }
    update_blank_letters();
  }

  /// Tiles in the rack, blanks included.
  int size() const { return size_; }
  /// The letters some tile left can stand for.
  LetterSet usable() const { return tiles_ | blank_letters_; }
  /// With more than one kind of blank the same word can be spelled in two ways, so a search
  /// may find it twice: sorts what was found and drops the repeats, then.
  void remove_repeats(std::vector<std::uint32_t>& found) const {
    if (blanks_.size() <= 1) return;
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
  }

  /// Calls visit() with a tile for `l` taken, once for each way to take one: the real tile if
  /// the rack has it, else each kind of blank that allows `l`.
  template <class Visit>
  void with_tile(Letter l, Visit&& visit) {
    if (counts_[l] > 0) {
      if (--counts_[l] == 0) tiles_.erase(l);
      visit();
      if (counts_[l]++ == 0) tiles_.insert(l);
      return;
    }
    for (auto& b : blanks_) {
      if (b.count == 0 || !b.letters.contains(l)) continue;
      if (--b.count == 0) update_blank_letters();
      visit();
      if (b.count++ == 0) update_blank_letters();
    }
  }

 private:
  struct BlankKind {
    LetterSet letters;
    int count;
  };

  void update_blank_letters() {
    blank_letters_ = LetterSet();
    for (const auto& b : blanks_)
      if (b.count > 0) blank_letters_ = blank_letters_ | b.letters;
  }

  std::array<std::uint8_t, kMaxLetters> counts_;
  int size_;
  LetterSet tiles_;
  std::vector<BlankKind> blanks_;
  LetterSet blank_letters_;
};

}  // namespace wg::detail
