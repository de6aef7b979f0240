#include "games/hangman/game.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace wg::hangman {

int points_for_hit(std::size_t count, std::size_t total) {
  if (5 * count > 3 * total) return 5;   // P > 0.6
  if (5 * count > 2 * total) return 10;  // 0.4 < P <= 0.6
  if (4 * count > total) return 15;      // 0.25 < P <= 0.4
  return 30;                             // P <= 0.25
}

Game::Game(const Dictionary& dictionary, Rng& rng) : Game(dictionary, {}, rng) {}

Game::Game(const Dictionary& dictionary, std::span<const std::uint32_t> pool, Rng& rng)
    : dictionary_(&dictionary) {
  // The same draw for an empty pool and for a pool of every word, so that a dictionary whose
  // words are all common gives the same secrets either way.
  const std::size_t size = pool.empty() ? dictionary.size() : pool.size();
  const auto drawn = static_cast<std::size_t>(rng.below(size));
  secret_ = dictionary.word_at(pool.empty() ? drawn : pool[drawn]);
  start();
}

Game::Game(const Dictionary& dictionary, std::span<const Letter> secret)
    : dictionary_(&dictionary), secret_(secret.begin(), secret.end()) {
  if (!dictionary.contains(secret)) {
    throw std::invalid_argument("the secret word is not in the dictionary");
  }
  start();
}

void Game::start() {
  const std::size_t length = secret_.size();
  revealed_.assign(length, kNoLetter);
  missed_.assign(length, LetterSet());
  candidates_.clear();
  all_candidates_ = true;
  const auto initial = dictionary_->initial_counts(length);
  counts_.assign(initial.begin(), initial.end());
}

std::size_t Game::candidate_count() const {
  return all_candidates_ ? dictionary_->count_of_length(secret_.size()) : candidates_.size();
}

std::vector<std::uint32_t> Game::candidates() const {
  if (!all_candidates_) return candidates_;
  std::vector<std::uint32_t> all(candidate_count());
  std::iota(all.begin(), all.end(), 0u);
  return all;
}

void Game::recount() {
  const std::size_t length = secret_.size();
  const auto letters = static_cast<std::size_t>(dictionary_->alphabet().size());
  const std::span<const Letter> words = dictionary_->words_of_length(length);
  std::fill(counts_.begin(), counts_.end(), 0u);
  for (const std::uint32_t index : candidates_) {
    const Letter* word = words.data() + static_cast<std::size_t>(index) * length;
    for (std::size_t p = 0; p < length; ++p) ++counts_[p * letters + word[p]];
  }
}

std::uint32_t Game::count(std::size_t position, Letter letter) const {
  const auto letters = static_cast<std::size_t>(dictionary_->alphabet().size());
  if (position >= length() || letter >= letters) return 0;
  if (revealed_[position] != kNoLetter)
    return revealed_[position] == letter ? static_cast<std::uint32_t>(candidate_count()) : 0;
  return counts_[position * letters + letter];
}

double Game::probability(std::size_t position, Letter letter) const {
  if (candidate_count() == 0) return 0;
  return static_cast<double>(count(position, letter)) / static_cast<double>(candidate_count());
}

std::vector<std::pair<Letter, std::uint32_t>> Game::ranked_letters(std::size_t position) const {
  std::vector<std::pair<Letter, std::uint32_t>> ranked;
  const int letters = dictionary_->alphabet().size();
  for (int l = 0; l < letters; ++l) {
    const std::uint32_t c = count(position, static_cast<Letter>(l));
    if (c != 0) ranked.emplace_back(static_cast<Letter>(l), c);
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return ranked;
}

std::size_t Game::misses() const {
  return static_cast<std::size_t>(
      std::count_if(guesses_.begin(), guesses_.end(), [](const PlayedGuess& g) { return !g.hit; }));
}

GuessResult Game::guess(Guess g) {
  GuessResult result;
  result.candidates = candidate_count();
  result.status = status_;
  const auto letters = static_cast<std::size_t>(dictionary_->alphabet().size());
  if (finished()) {
    result.outcome = Outcome::kGameOver;
    return result;
  }
  if (g.position >= length() || g.letter >= letters) {
    result.outcome = Outcome::kOutOfRange;
    return result;
  }
  if (revealed_[g.position] != kNoLetter) {
    result.outcome = Outcome::kAlreadyRevealed;
    return result;
  }
  if (missed_[g.position].contains(g.letter)) {
    result.outcome = Outcome::kRepeated;
    return result;
  }
  const std::size_t before = candidate_count();
  if (all_candidates_) {
    candidates_ = candidates();
    all_candidates_ = false;
  }
  const std::uint32_t with_letter = counts_[g.position * letters + g.letter];
  result.probability = static_cast<double>(with_letter) / static_cast<double>(before);
  const std::size_t length = secret_.size();
  const std::span<const Letter> words = dictionary_->words_of_length(length);
  const bool hit = secret_[g.position] == g.letter;
  std::erase_if(candidates_, [&](std::uint32_t index) {
    const bool has = words[static_cast<std::size_t>(index) * length + g.position] == g.letter;
    return has != hit;
  });
  if (hit) {
    revealed_[g.position] = g.letter;
    result.outcome = Outcome::kHit;
    result.points_change = points_for_hit(with_letter, before);
    points_ += result.points_change;
    if (std::find(revealed_.begin(), revealed_.end(), kNoLetter) == revealed_.end()) {
      status_ = GameState::kWon;
    }
  } else {
    missed_[g.position].insert(g.letter);
    result.outcome = Outcome::kMiss;
    const int taken = std::min(points_, kMissPenalty);
    points_ -= taken;
    result.points_change = -taken;
    if (--lives_ == 0) {
      status_ = GameState::kLost;
    }
  }
  recount();
  guesses_.push_back({g, hit, result.points_change});
  result.candidates = candidate_count();
  result.status = status_;
  return result;
}

bool Game::give_up() {
  if (finished()) return false;
  status_ = GameState::kLost;
  gave_up_ = true;
  return true;
}

}  // namespace wg::hangman
