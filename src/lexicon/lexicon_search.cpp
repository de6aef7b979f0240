// Searches over the automaton, written against the public navigation (root/child/children):
// enumeration, patterns and sub-anagrams.

#include <algorithm>
#include <stdexcept>

#include "lexicon/lexicon.h"
#include "lexicon/rack_tiles.h"

namespace wg {

std::optional<Rack> Rack::parse(std::string_view text, LetterSet blank_letters,
                                const Alphabet& alphabet) {
  Rack rack;
  for (char c : text) {
    if (c == '*' || c == '?') {
      rack.blanks.push_back(blank_letters);
      continue;
    }
    const Letter l = alphabet.code(c);
    if (l == kNoLetter || rack.counts[l] == 255) return std::nullopt;
    ++rack.counts[l];
  }
  return rack;
}

int Rack::size() const {
  int n = static_cast<int>(blanks.size());
  for (auto c : counts) n += c;
  return n;
}

Pattern Pattern::parse(std::string_view text, const Alphabet& alphabet) {
  Pattern p;
  auto fail = [&](std::size_t column, const std::string& what) {
    throw std::invalid_argument("pattern \"" + std::string(text) + "\", column " +
                                std::to_string(column + 1) + ": " + what);
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '?' || c == '.') {
      p.positions.push_back(alphabet.letters());
    } else if (c == '[') {
      const std::size_t open = i;
      bool negate = i + 1 < text.size() && text[i + 1] == '^';
      if (negate) ++i;
      LetterSet set;
      for (++i; i < text.size() && text[i] != ']'; ++i) {
        const Letter l = alphabet.code(text[i]);
        if (l == kNoLetter) fail(i, std::string("'") + text[i] + "' is not a letter");
        set.insert(l);
      }
      if (i == text.size()) fail(open, "'[' is never closed");
      if (negate) set = alphabet.letters() & ~set;
      if (set.empty()) fail(open, "the set matches no letter");
      p.positions.push_back(set);
    } else {
      const Letter l = alphabet.code(c);
      if (l == kNoLetter) {
        fail(i, std::string("'") + c + "' is not a letter, '?', '.' or a [set]");
      }
      LetterSet one;
      one.insert(l);
      p.positions.push_back(one);
    }
  }
  if (p.positions.empty()) throw std::invalid_argument("empty pattern");
  if (p.positions.size() > kMaxWordLength) fail(kMaxWordLength, "longer than any word");
  return p;
}

namespace {

// Depth-first enumeration in lexicographic order. allowed(depth) gives the letters to try at
// each depth; visit(word, cursor) sees every prefix that is a word.
template <class Allowed, class Visit>
void enumerate(const Lexicon& lex, const Lexicon::Cursor& at, std::string& prefix,
               std::size_t max_depth, const Allowed& allowed, const Visit& visit) {
  if (prefix.size() >= max_depth || at.base == 0) return;
  const LetterSet letters = allowed(prefix.size()) & lex.children(at);
  for (Letter l : letters) {
    const Lexicon::Cursor next = lex.child(at, l);
    prefix.push_back(lex.alphabet().lower(l));
    if (next.word) visit(std::string_view(prefix), next);
    enumerate(lex, next, prefix, max_depth, allowed, visit);
    prefix.pop_back();
  }
}

}  // namespace

void Lexicon::for_each_word(const std::function<void(std::string_view)>& visit) const {
  std::string prefix;
  const LetterSet all = alphabet_->letters();
  enumerate(
      *this, root(), prefix, kMaxWordLength, [all](std::size_t) { return all; },
      [&](std::string_view w, const Cursor&) { visit(w); });
}

void Lexicon::for_each_word_of_length(std::size_t length,
                                      const std::function<void(std::string_view)>& visit) const {
  if (length == 0 || length >= count_by_length_.size() || count_by_length_[length] == 0) return;
  std::string prefix;
  const LetterSet all = alphabet_->letters();
  enumerate(
      *this, root(), prefix, length, [all](std::size_t) { return all; },
      [&](std::string_view w, const Cursor&) {
        if (w.size() == length) visit(w);
      });
}

std::vector<std::string> Lexicon::words_of_length(std::size_t length) const {
  std::vector<std::string> out;
  if (length < count_by_length_.size()) out.reserve(count_by_length_[length]);
  for_each_word_of_length(length, [&](std::string_view w) { out.emplace_back(w); });
  return out;
}

namespace {

// Sub-anagram search over the automaton: depth first, one tile per letter.
class AnagramSearch {
 public:
  AnagramSearch(const Lexicon& lex, const Rack& rack, std::size_t min_length,
                std::vector<std::uint32_t>& out)
      : lex_(lex),
        tiles_(rack),
        tiles_total_(static_cast<std::size_t>(rack.size())),
        min_length_(min_length),
        out_(out) {}

  void run() {
    out_.clear();
    if (tiles_total_ > 0) search(lex_.root(), 0);
    tiles_.remove_repeats(out_);
  }

 private:
  // Extends the prefix at `at`, which used `depth` tiles, by one more tile in every way.
  void search(const Lexicon::Cursor& at, std::size_t depth) {
    const LetterSet usable = tiles_.usable();
    const std::size_t next_depth = depth + 1;
    if (next_depth == tiles_total_) {
      // The last tile: whichever tile stands for the letter, nothing follows.
      if (next_depth < min_length_) return;
      for (Letter l : lex_.word_children(at, usable)) out_.push_back(lex_.child(at, l).rank);
      return;
    }
    for (Letter l : lex_.children(at, usable)) {
      const Lexicon::Cursor next = lex_.child(at, l);
      if (next.word && next_depth >= min_length_) out_.push_back(next.rank);
      if (next.base == 0) continue;
      tiles_.with_tile(l, [&] { search(next, next_depth); });
    }
  }

  const Lexicon& lex_;
  detail::RackTiles tiles_;
  std::size_t tiles_total_;
  std::size_t min_length_;
  std::vector<std::uint32_t>& out_;
};

}  // namespace

void Lexicon::sub_anagrams(const Rack& rack, std::vector<std::uint32_t>& out,
                           std::size_t min_length) const {
  AnagramSearch(*this, rack, min_length, out).run();
}

std::vector<std::string> Lexicon::sub_anagrams(const Rack& rack, std::size_t min_length) const {
  std::vector<std::uint32_t> indices;
  sub_anagrams(rack, indices, min_length);
  std::vector<std::string> out;
  out.reserve(indices.size());
  for (std::uint32_t i : indices) out.push_back(word_at(i));
  return out;
}

}  // namespace wg
