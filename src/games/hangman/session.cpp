#include "games/hangman/session.h"

#include "games/hangman/planner.h"

#include <stdexcept>
#include <utility>

#include "core/enum_names.h"
#include "core/rng.h"

namespace wg::hangman {

namespace {

/// The dictionary of a list of words, or ConfigError("words") saying which rule it breaks.
Dictionary dictionary_of(const std::vector<std::string>& words) {
  try {
    return Dictionary::from_words(words);
  } catch (const std::invalid_argument& error) {  // DictionaryError, or a word with a non-letter
    throw ConfigError("words", error.what());
  }
}

Rejected rejection(Refusal reason) {
  Rejected rejected;
  rejected.reason = reason;
  return rejected;
}

}  // namespace

std::shared_ptr<const Dictionary> make_dictionary(const Lexicon* lexicon, const Config& config) {
  config.validate();
  if (!config.words.empty()) return std::make_shared<const Dictionary>(dictionary_of(config.words));
  if (lexicon == nullptr) throw std::invalid_argument("hangman: no lexicon and no words");
  try {
    return std::make_shared<const Dictionary>(Dictionary::from_lexicon(*lexicon));
  } catch (const DictionaryError& error) {
    throw ConfigError("lexicon",
                      std::string("the lexicon cannot be a hangman dictionary: ") + error.what());
  }
}

std::vector<std::uint32_t> secret_pool(const Dictionary& dictionary, Secrets secrets,
                                       const Lexicon* common) {
  std::vector<std::uint32_t> pool;
  if (secrets == Secrets::kAll || common == nullptr) return pool;
  std::uint32_t index = 0;
  for (std::size_t length = 1; length <= dictionary.max_length(); ++length) {
    const std::span<const Letter> words = dictionary.words_of_length(length);
    for (std::size_t i = 0; i < words.size(); i += length, ++index) {
      if (common->contains(words.subspan(i, length))) pool.push_back(index);
    }
  }
  // Too few (a saved dictionary of rare words): all its words, rather than a handful.
  if (pool.size() < kMinCommonSecrets) pool.clear();
  return pool;
}

namespace {
constexpr Named<Mode> kModeNames[] = {{Mode::kEasy, "easy"}, {Mode::kHard, "hard"}};
}  // namespace

std::string_view to_string(Mode mode) { return name_of(kModeNames, mode); }

std::optional<Mode> parse_mode(std::string_view name) { return value_named(kModeNames, name); }

void Config::validate() const {
  if (!words.empty()) dictionary_of(words);
}

Session::Session(std::shared_ptr<const Lexicon> lexicon, Config config, std::uint64_t seed,
                 std::shared_ptr<const Lexicon> common)
    : dictionary_(make_dictionary(lexicon.get(), config)),
      config_(std::move(config)),
      seed_(seed),
      secret_pool_(std::make_shared<const std::vector<std::uint32_t>>(
          hangman::secret_pool(*dictionary_, config_.secrets, common.get()))) {
  start_game();
}

Session::Session(std::shared_ptr<const Dictionary> dictionary, Config config, std::uint64_t seed,
                 std::shared_ptr<const Lexicon> common)
    : dictionary_(std::move(dictionary)), config_(std::move(config)), seed_(seed) {
  if (!dictionary_) throw std::invalid_argument("hangman::Session: no dictionary");
  config_.validate();
  secret_pool_ = std::make_shared<const std::vector<std::uint32_t>>(
      hangman::secret_pool(*dictionary_, config_.secrets, common.get()));
  start_game();
}

Session::Session(std::shared_ptr<const Dictionary> dictionary,
                 std::shared_ptr<const std::vector<std::uint32_t>> secret_pool, Config config,
                 std::uint64_t seed)
    : dictionary_(std::move(dictionary)),
      config_(std::move(config)),
      seed_(seed),
      secret_pool_(std::move(secret_pool)) {
  if (!dictionary_ || !secret_pool_) throw std::invalid_argument("hangman::Session: no dictionary");
  config_.validate();
  start_game();
}

GameStarted Session::start_game() {
  Rng rng(game_seed(seed_, config_.first_game + games_));
  ++games_;
  game_.emplace(*dictionary_, *secret_pool_, rng);
  return {config_.first_game + games_, game_->length(), game_->lives(), game_->candidate_count()};
}

Finished Session::finish_game() const {
  const Game& game = *game_;
  Finished finished;
  finished.game = config_.first_game + games_;
  finished.word = game.secret();
  finished.guesses = game.guesses().size();
  finished.misses = game.misses();
  finished.player_won = game.status() == GameState::kWon;
  finished.gave_up = game.gave_up();
  finished.points = game.points();
  finished.played = finished.guesses != 0;
  return finished;
}

Status Session::status() const { return game_->finished() ? Status::kFinished : Status::kPlaying; }

std::vector<Event> Session::apply(const Command& command, const Work&) {
  std::vector<Event> events = std::visit([this](const auto& c) { return on(c); }, command);
  if (!std::holds_alternative<Rejected>(events.front())) commands_.push_back(command);
  return events;
}

std::vector<Event> Session::on(const NewGame&) {
  if (!finished()) return {rejection(Refusal::kWrongPhase)};  // a game is in play
  return {start_game()};
}

std::vector<Event> Session::on(const Hint&) {
  if (finished()) return {rejection(Refusal::kWrongPhase)};  // a hint after the end
  if (!config_.hints) return {rejection(Refusal::kNotAllowed)};
  const PlannedGuess points = plan(*game_, Goal::kPoints);
  const PlannedGuess win = plan(*game_, Goal::kWin);
  return {Hinted{advice_for(*game_, points.guess), advice_for(*game_, win.guess), points.value,
                 win.value}};
}

std::vector<Event> Session::on(const GiveUp&) {
  if (finished()) return {rejection(Refusal::kWrongPhase)};  // giving up after the end
  game_->give_up();
  return {finish_game()};
}

std::vector<Event> Session::on(const Guess& guess) {
  Rejected rejected;
  rejected.guess = guess;
  rejected.length = game_->length();
  if (finished()) {
    rejected.reason = Refusal::kWrongPhase;
    return {rejected};
  }
  if (guess.letter >= dictionary_->alphabet().size()) {
    rejected.reason = Refusal::kMalformed;
    return {rejected};
  }
  if (guess.position >= game_->length()) {
    rejected.reason = Refusal::kOutOfRange;
    return {rejected};
  }
  const GuessResult result = game_->guess(guess);
  if (refused(result.outcome)) {
    // The checks above leave a revealed position and a repeated miss.
    rejected.reason = Refusal::kRepeated;
    rejected.revealed = result.outcome == Outcome::kAlreadyRevealed;
    return {rejected};
  }
  Guessed guessed;
  guessed.guess = guess;
  guessed.hit = result.outcome == Outcome::kHit;
  guessed.points_change = result.points_change;
  guessed.points = game_->points();
  guessed.lives = game_->lives();
  guessed.candidates = result.candidates;
  if (config_.mode == Mode::kEasy) guessed.probability = result.probability;
  std::vector<Event> events = {guessed};
  if (game_->finished()) events.emplace_back(finish_game());
  return events;
}

View Session::view(Seat) const {
  const Game& game = *game_;
  View view;
  view.status = status();
  view.mode = config_.mode;
  view.hints = config_.hints;
  view.game = config_.first_game + games_;
  view.length = game.length();
  view.lives = game.lives();
  view.points = game.points();
  view.candidates = game.candidate_count();
  view.guesses = game.guesses().size();
  view.revealed = game.revealed();
  for (std::size_t p = 0; p < game.length(); ++p) view.missed.push_back(game.missed(p));
  if (config_.mode == Mode::kEasy && !game.finished()) {
    view.odds.resize(game.length());
    for (std::size_t p = 0; p < game.length(); ++p) {
      if (!game.is_open(p)) continue;
      for (const auto& [letter, count] : game.ranked_letters(p)) {
        view.odds[p].push_back({letter, count});
      }
    }
  }
  if (game.finished()) {
    view.secret = game.secret();
    view.won = game.status() == GameState::kWon;
    view.gave_up = game.gave_up();
  }
  return view;
}

}  // namespace wg::hangman
