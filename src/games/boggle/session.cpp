#include "games/boggle/session.h"

#include <stdexcept>
#include <type_traits>
#include <utility>

#include "core/rng.h"

namespace wg::boggle {

namespace {

Refusal refusal_of(Verdict verdict) {
  switch (verdict) {
    case Verdict::kNotLetters:
      return Refusal::kMalformed;
    case Verdict::kTooShort:
      return Refusal::kTooShort;
    case Verdict::kNotAWord:
      return Refusal::kNotAWord;
    case Verdict::kNotOnBoard:
      return Refusal::kNotHeld;
    case Verdict::kAlreadyFound:
      return Refusal::kRepeated;
    case Verdict::kAccepted:
      break;
  }
  throw std::logic_error("boggle: an accepted word has no refusal");
}

/// What a refusal says beyond its reason, in plain words: for a word that is not letters, which
/// character is not one.
std::string refusal_detail(Verdict verdict, std::string_view word, const Alphabet& alphabet) {
  if (verdict != Verdict::kNotLetters) return {};
  if (word.empty()) return "type a word first";
  const std::string letters =
      std::string(1, alphabet.upper(0)) + " to " +
      std::string(1, alphabet.upper(static_cast<Letter>(alphabet.size() - 1)));
  return "\"" + std::string(alphabet.first_non_letter(word)) +
         "\" is not a letter: a word is spelled with the letters " + letters + " alone";
}

}  // namespace

Board read_board(std::string_view text) {
  try {
    return Board::parse(text);
  } catch (const std::invalid_argument& e) {
    throw ConfigError("board", "invalid board '" + std::string(text) + "': " + e.what());
  }
}

void Config::validate() const {
  if (size < 4 || size > 6) throw ConfigError("size", "the size must be 4, 5 or 6");
  if (board) read_board(*board);
  if (min_length > kMaxMinLength) {
    throw ConfigError("min_length", "the minimum word length must be from 1 to " +
                                        std::to_string(kMaxMinLength) + " (0: the rules' default)");
  }
  if (seconds > kMaxSeconds) {
    throw ConfigError("seconds", "the time must be from 0 (no clock) to " +
                                     std::to_string(kMaxSeconds) + " seconds");
  }
}

std::size_t Config::min_word_length() const {
  if (min_length != 0) return min_length;
  return !board && size == 6 ? 4 : 3;
}

Session::Session(std::shared_ptr<const Lexicon> lexicon, Config config, std::uint64_t seed,
                 std::shared_ptr<SolvedBoards> shared)
    : lexicon_(std::move(lexicon)),
      config_(std::move(config)),
      seed_(seed),
      shared_(std::move(shared)) {
  if (!lexicon_) throw std::invalid_argument("boggle: a session needs a lexicon");
  config_.validate();
  if (config_.board) given_board_ = read_board(*config_.board);
  min_length_ = config_.min_word_length();
  start_round();
}

void Session::start_round() {
  Board board = [&] {
    if (given_board_) return *given_board_;
    Rng rng(game_seed(seed_, static_cast<std::uint64_t>(round_index_)));
    if (config_.size == 6) return Board::roll(6, 6, Board::super_big_dice(), rng);
    if (config_.size == 5) return Board::roll(5, 5, Board::big_dice(), rng);
    return Board::roll(4, 4, Board::classic_dice(), rng);
  }();
  round_.emplace(*lexicon_, std::move(board), min_length_, config_.scoring, shared_.get());
  found_.clear();
  elapsed_ms_ = 0;
  status_ = Status::kPlaying;
  result_.reset();
  missed_words_.clear();
}

RoundStarted Session::started() const {
  return {round_index_, round_->board(), min_length_, config_.scoring, config_.seconds};
}

bool Session::late(std::uint64_t elapsed_ms) const {
  return config_.seconds != 0 && elapsed_ms >= deadline_ms();
}

std::optional<Rejected> Session::refuse_time(std::uint64_t elapsed_ms,
                                             std::string_view word) const {
  if (finished()) return Rejected{Refusal::kWrongPhase, std::string(word), "the round is over"};
  if (elapsed_ms < elapsed_ms_) {
    return Rejected{Refusal::kMalformed, std::string(word),
                    "elapsed_ms " + std::to_string(elapsed_ms) + " is before " +
                        std::to_string(elapsed_ms_) + ", the time of an earlier command"};
  }
  return std::nullopt;
}

Finished Session::finish(RoundEnd end, std::uint64_t elapsed_ms) {
  Finished f;
  f.round = round_index_;
  f.end = end;
  f.elapsed_ms = end == RoundEnd::kTimeUp ? deadline_ms() : elapsed_ms;
  f.board = round_->board();
  f.min_length = min_length_;
  f.scoring = config_.scoring;
  f.seconds = config_.seconds;
  f.found = found_;
  f.score = round_->score();
  f.all_words = round_->all_words();
  f.missed = round_->missed();
  f.total_score = round_->total_score();
  elapsed_ms_ = elapsed_ms;
  status_ = Status::kFinished;
  result_ = f;
  missed_words_ = round_->missed_words();
  return f;
}

std::vector<Event> Session::apply(const Command& command, const Work& /*work*/) {
  return std::visit([this](const auto& c) { return on(c); }, command);
}

std::vector<Event> Session::on(const Submit& submit) {
  if (auto refused = refuse_time(submit.elapsed_ms, submit.word)) return {std::move(*refused)};
  if (late(submit.elapsed_ms)) {
    // The word is refused, and the time it brings ends the round: what changed is the Tick.
    commands_.push_back(Tick{submit.elapsed_ms});
    return {Rejected{Refusal::kTooLate, submit.word, {}},
            finish(RoundEnd::kTimeUp, submit.elapsed_ms)};
  }
  const Judgement j = round_->submit(submit.word);
  if (j.verdict != Verdict::kAccepted) {
    return {Rejected{refusal_of(j.verdict), submit.word,
                     refusal_detail(j.verdict, submit.word, lexicon_->alphabet())}};
  }
  found_.push_back({round_->found().back(), j.points, j.path});
  elapsed_ms_ = submit.elapsed_ms;
  commands_.push_back(submit);
  return {WordAccepted{round_->found().back(), j.points, round_->score(), j.path}};
}

std::vector<Event> Session::on(const Tick& tick) {
  if (auto refused = refuse_time(tick.elapsed_ms, {})) return {std::move(*refused)};
  if (!late(tick.elapsed_ms)) return {};
  commands_.push_back(tick);
  return {finish(RoundEnd::kTimeUp, tick.elapsed_ms)};
}

std::vector<Event> Session::on(const Close& close) {
  if (auto refused = refuse_time(close.elapsed_ms, {})) return {std::move(*refused)};
  commands_.push_back(close);
  return {finish(late(close.elapsed_ms) ? RoundEnd::kTimeUp : RoundEnd::kClosed, close.elapsed_ms)};
}

std::vector<Event> Session::on(const NewGame&) {
  if (!finished()) {
    return {Rejected{Refusal::kWrongPhase, {}, "the round is not over: close it first"}};
  }
  ++round_index_;
  start_round();
  commands_.push_back(NewGame{});
  return {started()};
}

View Session::view(Seat /*seat*/) const {
  View v;
  v.status = status_;
  v.round = round_index_;
  v.board = round_->board();
  v.min_length = min_length_;
  v.scoring = config_.scoring;
  v.seconds = config_.seconds;
  v.elapsed_ms = elapsed_ms_;
  v.found = found_;
  v.score = round_->score();
  if (result_) {
    v.end = result_->end;
    v.all_words = result_->all_words;
    v.missed = missed_words_;
    v.total_score = result_->total_score;
  }
  return v;
}

}  // namespace wg::boggle
