#include "games/evil_hangman/session.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <utility>

#include "core/overloaded.h"

namespace wg::evil_hangman {

namespace {

/// More guesses than an int holds are as good as 26: the game keeps an int.
int clamp_guesses(std::int64_t guesses) {
  return static_cast<int>(std::min<std::int64_t>(guesses, std::numeric_limits<int>::max()));
}

std::string guesses_problem(std::int64_t guesses) {
  return "the number of guesses must be at least 1, not " + std::to_string(guesses);
}

Rejected rejected(Refusal reason, Letter letter, std::string detail) {
  return Rejected{reason, letter, std::move(detail)};
}

}  // namespace

HostConfig Config::host() const { return HostConfig{strategy, depth, budget}; }

void Config::validate() const {
  if (const std::string problem = depth_problem(depth); !problem.empty()) {
    throw ConfigError("depth", problem);
  }
  if (budget.max_positions == 0 || budget.max_positions > OptimalBudget::kMaxPositions) {
    throw ConfigError("budget", "the optimal host's budget of positions must be from 1 to " +
                                    std::to_string(OptimalBudget::kMaxPositions));
  }
  if (budget.max_memo == 0 || budget.max_memo > OptimalBudget::kMaxMemo) {
    throw ConfigError("memo", "the optimal host's memo must hold from 1 to " +
                                  std::to_string(OptimalBudget::kMaxMemo) + " positions");
  }
  if (budget.max_work == 0 || budget.max_work > OptimalBudget::kMaxWork) {
    throw ConfigError("work", "the optimal host's budget of work must be from 1 to " +
                                  std::to_string(OptimalBudget::kMaxWork) + " steps");
  }
  if (guesses && *guesses < 1) throw ConfigError("guesses", guesses_problem(*guesses));
  if (length && (*length < 1 || *length > static_cast<std::int64_t>(kMaxWordLength))) {
    throw ConfigError("length", "no words of length " + std::to_string(*length) +
                                    " (lengths run from 1 to " + std::to_string(kMaxWordLength) +
                                    ")");
  }
}

void Config::validate(const Lexicon& lexicon) const {
  // The length first, with the message naming the lengths this lexicon has.
  if (length && !has_words_of_length(lexicon, *length)) {
    throw ConfigError("length", no_words_of_length(lexicon, *length));
  }
  validate();
}

Session::Session(std::shared_ptr<const Lexicon> lexicon, Config config, std::uint64_t seed,
                 std::shared_ptr<const Lexicon> common)
    : lexicon_(std::move(lexicon)),
      common_(std::move(common)),
      config_(std::move(config)),
      seed_(seed) {
  if (!lexicon_) throw std::invalid_argument("an evil hangman session needs a lexicon");
  config_.validate(*lexicon_);
}

std::vector<Event> Session::apply(const Command& command, const Work& work) {
  return std::visit([&](const auto& c) { return on(c, work); }, command);
}

Status Session::status() const {
  if (!game_) return Status::kIdle;
  return game_->over() ? Status::kFinished : Status::kPlaying;
}

Session::Words& Session::words_of(int length) {
  std::unique_ptr<Words>& words = words_[length];
  if (!words) {
    words = std::make_unique<Words>();
    words->words = WordSet::of_length(*lexicon_, static_cast<std::size_t>(length));
    words->secrets = common_secrets(words->words, config_.secrets, common_.get());
    if (config_.strategy == Strategy::kOptimal) {
      words->solver = std::make_shared<OptimalSolver>(words->words, config_.budget);
    }
  }
  return *words;
}

std::optional<std::uint32_t> Session::shown_words() const {
  if (!game_ || !show_remaining_) return std::nullopt;
  return static_cast<std::uint32_t>(game_->candidates().size());
}

std::vector<Event> Session::on(const NewGame& command, const Work&) {
  if (game_ && !game_->over()) {
    return {
        rejected(Refusal::kWrongPhase, kNoLetter, "a game is in play: finish it or give up first")};
  }
  const std::optional<std::int64_t> length = command.length ? command.length : config_.length;
  const std::optional<std::int64_t> guesses = command.guesses ? command.guesses : config_.guesses;
  if (!length) return {rejected(Refusal::kMalformed, kNoLetter, "a new game needs a length")};
  if (!guesses) {
    return {rejected(Refusal::kMalformed, kNoLetter, "a new game needs a number of guesses")};
  }
  if (!has_words_of_length(*lexicon_, *length)) {
    return {rejected(Refusal::kOutOfRange, kNoLetter, no_words_of_length(*lexicon_, *length))};
  }
  if (*guesses < 1) return {rejected(Refusal::kOutOfRange, kNoLetter, guesses_problem(*guesses))};
  const bool show = command.show_remaining.value_or(config_.show_remaining);

  Words& words = words_of(static_cast<int>(*length));
  const int index = games_;
  game_.emplace(words.words, clamp_guesses(*guesses), config_.host(),
                game_seed(seed_, static_cast<std::uint64_t>(index)), words.solver, words.secrets);
  ++games_;
  show_remaining_ = show;
  gave_up_ = false;
  commands_.push_back(NewGame{length, guesses, show});
  return {GameStarted{index, static_cast<int>(*length), game_->guesses(), show, shown_words()}};
}

std::optional<Rejected> Session::refused_letter(Letter letter) const {
  if (!game_ || game_->over()) {
    return rejected(Refusal::kWrongPhase, letter, "no game in play: start a new game");
  }
  if (letter >= alphabet().size()) return rejected(Refusal::kMalformed, letter, "not a letter");
  if (game_->guessed().contains(letter)) {
    return rejected(Refusal::kRepeated, letter, "already guessed");
  }
  return std::nullopt;
}

std::vector<Event> Session::on(const Guess& command, const Work& work) {
  const Letter letter = command.letter;
  if (std::optional<Rejected> refusal = refused_letter(letter)) return {std::move(*refusal)};
  GuessResult result;
  try {
    result = game_->guess(letter, work, command.cut);
  } catch (const DecisionWithdrawn&) {
    return on(Withdraw{letter}, work);
  }
  commands_.push_back(Guess{letter, result.decision.cut});
  Guessed guessed;
  guessed.letter = letter;
  guessed.hit = result.hit;
  guessed.revealed = result.revealed;
  guessed.pattern = game_->pattern();
  guessed.guesses_left = game_->guesses_left();
  guessed.words = shown_words();
  guessed.fell_back = result.decision.fell_back;
  guessed.cut = result.decision.cut;
  if (config_.explain) guessed.decision = std::move(result.decision);
  std::vector<Event> events = {std::move(guessed)};
  if (game_->over()) events.emplace_back(finish());
  return events;
}

std::vector<Event> Session::on(const GiveUp&, const Work&) {
  if (!game_ || game_->over()) {
    return {rejected(Refusal::kWrongPhase, kNoLetter, "no game in play: start a new game")};
  }
  game_->give_up();
  gave_up_ = true;
  commands_.push_back(GiveUp{});
  return {finish()};
}

std::vector<Event> Session::on(const SwitchHost& command, const Work&) {
  if (!game_ || game_->over()) {
    return {rejected(Refusal::kWrongPhase, kNoLetter, "no game in play: start a new game")};
  }
  if (!switchable(command.strategy)) {
    return {rejected(Refusal::kOutOfRange, kNoLetter,
                     "a game can switch to the largest or lookahead host, not " +
                         std::string(to_string(command.strategy)))};
  }
  game_->switch_host(command.strategy);
  commands_.push_back(command);
  return {HostSwitched{command.strategy}};
}

std::vector<Event> Session::on(const Withdraw& command, const Work&) {
  if (std::optional<Rejected> refusal = refused_letter(command.letter)) {
    return {std::move(*refusal)};
  }
  // What the withdrawn search left in the memo is gone, in the game and in its replay alike.
  const Words& words = *words_.at(static_cast<int>(game_->words().length()));
  if (words.solver) words.solver->forget();
  commands_.push_back(command);
  return {Withdrawn{command.letter}};
}

Finished Session::finish() const {
  Finished finished;
  finished.game = games_ - 1;
  finished.won = game_->status() == GameStatus::kWon;
  finished.gave_up = gave_up_;
  finished.length = static_cast<int>(game_->words().length());
  finished.guesses = game_->guesses();
  finished.misses = game_->misses();
  const std::span<const Letter> word = game_->words().word(game_->word());
  finished.word.assign(word.begin(), word.end());
  finished.letters = game_->guesses_made();
  finished.show_remaining = show_remaining_;
  finished.par = par_of(game_->words(), game_->guesses());
  return finished;
}

View Session::view(Seat) const {
  View view;
  view.status = status();
  view.host = config_.strategy;
  if (!game_) return view;
  view.game = games_ - 1;
  view.length = static_cast<int>(game_->words().length());
  view.guesses = game_->guesses();
  view.guesses_left = game_->guesses_left();
  view.pattern = game_->pattern();
  view.letters = game_->guesses_made();
  view.show_remaining = show_remaining_;
  view.words_remaining = shown_words();
  view.host = game_->host().config().strategy;
  if (game_->over()) {
    view.won = game_->status() == GameStatus::kWon;
    const std::span<const Letter> word = game_->words().word(game_->word());
    view.word.emplace(word.begin(), word.end());
  }
  return view;
}

}  // namespace wg::evil_hangman
