#include "games/evil_hangman/game.h"

#include <bit>
#include <stdexcept>
#include <utility>

namespace wg::evil_hangman {

namespace {

const WordSet& checked(const WordSet& words) {
  if (words.empty()) throw std::invalid_argument("no words to play with");
  return words;
}

}  // namespace

Game::Game(const WordSet& words, int guesses, HostConfig host, std::uint64_t seed,
           std::shared_ptr<OptimalSolver> solver, std::span<const WordId> secrets)
    : words_(&checked(words)),
      host_(words, host, Rng(seed), std::move(solver), secrets),
      guesses_(guesses),
      guesses_left_(guesses),
      candidates_(words.all_ids()),
      pattern_(words.length(), kNoLetter) {
  if (guesses < 1) throw std::invalid_argument("the number of guesses must be at least 1");
}

GuessResult Game::guess(Letter letter, const Work& work, std::optional<std::uint64_t> cut) {
  if (over()) throw std::invalid_argument("the game is over");
  if (letter >= words_->alphabet().size()) throw std::invalid_argument("not a letter");
  if (guessed_.contains(letter)) throw std::invalid_argument("letter already guessed");

  GuessResult result;
  result.letter = letter;
  result.words_before = static_cast<std::uint32_t>(candidates_.size());
  partition_.split(*words_, candidates_, letter);
  result.decision = host_.choose(position(), letter, partition_, work, cut);
  const Family& chosen = partition_.families()[static_cast<std::size_t>(result.decision.family)];

  const auto words = partition_.words_of(chosen);
  candidates_.assign(words.begin(), words.end());
  guessed_.insert(letter);
  order_.push_back(letter);
  result.revealed = std::popcount(chosen.positions);
  result.hit = result.revealed > 0;
  for (std::size_t p = 0; p < pattern_.size(); ++p) {
    if ((chosen.positions >> p) & 1u) pattern_[p] = letter;
  }
  if (!result.hit) --guesses_left_;

  bool complete = true;
  for (Letter l : pattern_) complete = complete && l != kNoLetter;
  if (complete) {
    status_ = GameStatus::kWon;
    word_ = candidates_.front();
  } else if (guesses_left_ == 0) {
    status_ = GameStatus::kLost;
    word_ = host_.reveal(candidates_);
  }
  result.status = status_;
  return result;
}

void Game::give_up() {
  if (over()) throw std::invalid_argument("the game is over");
  status_ = GameStatus::kLost;
  word_ = host_.reveal(candidates_);
}

void Game::switch_host(Strategy strategy) {
  if (over()) throw std::invalid_argument("the game is over");
  host_.switch_to(strategy);
}

}  // namespace wg::evil_hangman
