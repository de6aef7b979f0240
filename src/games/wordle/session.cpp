#include "games/wordle/session.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/overloaded.h"

namespace wg::wordle {

namespace {

Rejected rejected(Refusal reason, std::string detail, std::vector<Letter> word = {}) {
  return Rejected{reason, std::move(word), std::nullopt, std::move(detail)};
}

std::string ordinal(int n) {
  static constexpr const char* kNames[] = {"first", "second", "third",  "fourth",
                                           "fifth", "sixth",  "seventh"};
  return n >= 0 && n < 7 ? kNames[n] : std::to_string(n + 1) + "th";
}

std::string times(int n) {
  return n == 1 ? "once" : n == 2 ? "twice" : std::to_string(n) + " times";
}

}  // namespace

int Config::guess_limit() const {
  if (guesses) return *guesses;
  return host == HostKind::kFair ? kFairGuesses : 0;
}

void Config::validate() const {
  if (length < kMinLength || length > kMaxLength) {
    throw ConfigError("length", "the word length must be from " + std::to_string(kMinLength) +
                                    " to " + std::to_string(kMaxLength) + ", not " +
                                    std::to_string(length));
  }
  if (guesses && (*guesses < 0 || *guesses > kMaxGuesses)) {
    throw ConfigError("guesses", "the guesses allowed must be from 0 (no limit) to " +
                                     std::to_string(kMaxGuesses) + ", not " +
                                     std::to_string(*guesses));
  }
  if (exact.max_answers > kMaxExactAnswers) {
    throw ConfigError("exact_answers", "the exact search takes at most " +
                                           std::to_string(kMaxExactAnswers) + " answers");
  }
  if (lookahead.families == 0) {
    throw ConfigError("lookahead_families", "the lookahead host weighs at least 1 family");
  }
}

void Config::validate(const Lexicon& lexicon) const {
  validate();
  const auto& counts = lexicon.count_by_length();
  const auto n = static_cast<std::size_t>(length);
  if (n >= counts.size() || counts[n] == 0) {
    throw ConfigError("length", "the word list has no words of length " + std::to_string(length));
  }
}

std::vector<LetterState> keyboard_of(std::span<const Row> rows, int letters) {
  std::vector<LetterState> keys(static_cast<std::size_t>(std::max(letters, 0)),
                                LetterState::kUnknown);
  for (const Row& row : rows) {
    const std::vector<Mark> marks = marks_of(row.pattern, row.word.size());
    for (std::size_t i = 0; i < marks.size(); ++i) {
      if (row.word[i] >= keys.size()) continue;
      const LetterState state = marks[i] == Mark::kGreen    ? LetterState::kPlaced
                                : marks[i] == Mark::kYellow ? LetterState::kPresent
                                                            : LetterState::kAbsent;
      LetterState& key = keys[row.word[i]];
      key = std::max(key, state);
    }
  }
  return keys;
}

Session::Session(std::shared_ptr<const Lexicon> lexicon, Config config, std::uint64_t seed,
                 std::shared_ptr<const Lexicon> common)
    : lexicon_(std::move(lexicon)),
      common_(std::move(common)),
      config_(std::move(config)),
      seed_(seed) {
  if (!lexicon_) throw std::invalid_argument("a wordle session needs a lexicon");
  config_.validate(*lexicon_);
  const auto& banks = lexicon_->derived<WordBanks>();
  const auto length = static_cast<std::size_t>(config_.length);
  words_ = &banks.of_length(*lexicon_, length);
  answers_ = banks.answers(*lexicon_, length, config_.secrets, common_);
  start_game();
}

void Session::start_game() {
  rng_ = Rng(game_seed(seed_, static_cast<std::uint64_t>(game_)));
  remaining_ = *answers_;
  secret_.reset();
  if (config_.host == HostKind::kFair) secret_ = (*answers_)[rng_.below(answers_->size())];
  rows_.clear();
  over_ = false;
  finished_.reset();
  exact_from_.reset();
  exact_positions_.clear();
}

std::vector<Event> Session::apply(const Command& command, const Work& work) {
  return std::visit([&](const auto& c) { return on(c, work); }, command);
}

std::optional<std::uint32_t> Session::shown_remaining() const {
  if (!config_.show_remaining) return std::nullopt;
  return static_cast<std::uint32_t>(remaining_.size());
}

std::vector<Event> Session::on(const NewGame&, const Work&) {
  if (!over_) return {rejected(Refusal::kWrongPhase, "a game is in play: finish it or give up")};
  ++game_;
  start_game();
  commands_.push_back(NewGame{});
  return {GameStarted{game_, config_.length, config_.host, config_.hard, config_.guess_limit(),
                      shown_remaining()}};
}

std::vector<Event> Session::on(const Guess& command, const Work& work) {
  const std::vector<Letter>& word = command.word;
  if (over_) return {rejected(Refusal::kWrongPhase, "the game is over: start a new game", word)};
  const bool letters =
      std::all_of(word.begin(), word.end(), [&](Letter l) { return l < alphabet().size(); });
  if (word.size() != static_cast<std::size_t>(config_.length) || !letters) {
    return {rejected(Refusal::kMalformed,
                     "a guess is a word of " + std::to_string(config_.length) + " letters", word)};
  }
  if (!words_->find(word)) return {rejected(Refusal::kNotAWord, "not a word of the lexicon", word)};
  if (config_.hard) {
    if (const std::optional<HardModeProblem> problem = hard_mode_problem(rows_, word)) {
      const char letter = alphabet().upper(problem->letter);
      Rejected r = rejected(
          Refusal::kNotAllowed,
          problem->position >= 0
              ? "hard mode: the " + ordinal(problem->position) + " letter must be " + letter
              : "hard mode: the guess must contain " + std::string(1, letter) +
                    (problem->count > 1 ? " " + times(problem->count) : std::string()),
          word);
      r.problem = problem;
      return {std::move(r)};
    }
  }
  Pattern pattern = 0;
  if (secret_) {
    pattern = feedback(word, words_->word(*secret_));
    std::vector<WordId> kept;
    for (WordId id : remaining_) {
      if (feedback(word, words_->word(id)) == pattern) kept.push_back(id);
    }
    remaining_ = std::move(kept);
  } else {
    std::vector<Family> families = partition(*words_, remaining_, word);
    const std::size_t chosen = config_.host == HostKind::kLookahead
                                   ? lookahead_family(*words_, families, config_.lookahead)
                                   : largest_family(families, words_->length());
    pattern = families[chosen].pattern;
    remaining_ = std::move(families[chosen].words);
  }
  rows_.push_back(Row{word, pattern});
  if (exact_from_ || remaining_.size() <= std::min(config_.exact.max_answers, kMaxExactAnswers)) {
    if (!exact_from_) exact_from_ = static_cast<int>(rows_.size());
    exact_positions_.push_back(remaining_);
  }
  const int played = static_cast<int>(rows_.size());
  const int limit = config_.guess_limit();
  Guessed guessed{word, pattern, played, std::nullopt, shown_remaining()};
  if (limit > 0) guessed.guesses_left = limit - played;
  std::vector<Event> events = {std::move(guessed)};
  const bool won = pattern == all_green(words_->length());
  bool stopped = false;
  if (won || (limit > 0 && played >= limit)) {
    events.emplace_back(finish(won, false, command.unanalysed, work, stopped));
  }
  commands_.push_back(Guess{word, command.unanalysed || stopped});
  return events;
}

std::vector<Event> Session::on(const Hint&, const Work&) {
  if (over_) return {rejected(Refusal::kWrongPhase, "the game is over: start a new game")};
  const auto allowed = [this](WordId id) {
    return !config_.hard || !hard_mode_problem(rows_, words_->word(id));
  };
  const Advice advice = best_guess(*words_, remaining_, GuesserLimits{}, allowed);
  commands_.push_back(Hint{});
  const std::span<const Letter> word = words_->word(advice.word);
  return {Hinted{std::vector<Letter>(word.begin(), word.end())}};
}

std::vector<Event> Session::on(const GiveUp& command, const Work& work) {
  if (over_) return {rejected(Refusal::kWrongPhase, "the game is over: start a new game")};
  bool stopped = false;
  std::vector<Event> events = {finish(false, true, command.unanalysed, work, stopped)};
  commands_.push_back(GiveUp{command.unanalysed || stopped});
  return events;
}

Finished Session::finish(bool won, bool gave_up, bool unanalysed, const Work& work, bool& stopped) {
  over_ = true;
  Finished f;
  f.game = game_;
  f.won = won;
  f.gave_up = gave_up;
  f.length = config_.length;
  f.host = config_.host;
  f.hard = config_.hard;
  f.guess_limit = config_.guess_limit();
  f.rows = rows_;
  WordId word = 0;
  if (won) {
    word = *words_->find(rows_.back().word);
  } else if (secret_) {
    word = *secret_;
  } else {
    word = remaining_[rng_.below(remaining_.size())];
  }
  const std::span<const Letter> letters = words_->word(word);
  f.word.assign(letters.begin(), letters.end());
  if (exact_from_ && !unanalysed) {
    // The first position the search values within one budget for the game: each position but
    // the last may spend half of what is left of it, so that a later one still gets its turn.
    std::uint64_t left = config_.exact.max_work;
    for (std::size_t i = 0; i < exact_positions_.size() && !f.best_possible && left > 0; ++i) {
      ExactLimits limits = config_.exact;
      limits.max_work =
          i + 1 < exact_positions_.size() ? std::max<std::uint64_t>(left / 2, 1) : left;
      const int from = *exact_from_ + static_cast<int>(i);
      if (rows_[static_cast<std::size_t>(from - 1)].pattern == all_green(words_->length())) {
        f.best_possible = from;  // the word was found there
      } else {
        const ExactResult r = fewest_guesses(*words_, exact_positions_[i], limits, work);
        if (r.stopped) {
          stopped = true;
          break;
        }
        if (r.guesses) f.best_possible = from + *r.guesses;
        left -= std::min(left, r.work);
      }
      if (f.best_possible) f.best_from = from;
    }
  }
  finished_ = f;
  return f;
}

View Session::view(Seat) const {
  View v;
  v.status = status();
  v.game = game_;
  v.length = config_.length;
  v.host = config_.host;
  v.hard = config_.hard;
  v.guess_limit = config_.guess_limit();
  v.rows = rows_;
  v.keyboard = keyboard_of(rows_, alphabet().size());
  v.remaining = shown_remaining();
  if (finished_) {
    v.won = finished_->won;
    v.word = finished_->word;
    v.best_possible = finished_->best_possible;
    v.best_from = finished_->best_from;
  }
  return v;
}

std::optional<Finished> autoplay(Session& session, int max_guesses, const Work& work) {
  for (int played = 0; played < max_guesses && !session.finished(); ++played) {
    const std::vector<Event> hinted = session.apply(Hint{});
    const auto* hint = std::get_if<Hinted>(&hinted.front());
    if (hint == nullptr) return std::nullopt;
    for (const Event& event : session.apply(Guess{hint->word}, work)) {
      if (const auto* finished = std::get_if<Finished>(&event)) return *finished;
    }
  }
  return std::nullopt;
}

}  // namespace wg::wordle
