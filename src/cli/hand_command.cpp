#include "cli/hand_command.h"

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "cli/app.h"
#include "cli/output.h"
#include "cli/prompt.h"
#include "games/hand/hand.h"
#include "games/hand/series.h"
#include "games/hand/solver.h"

namespace wg::cli {

namespace {

namespace wh = wg::hand;

/// Limits that keep a mistyped option from asking for absurd work or memory.
constexpr std::int64_t kMaxHands = 1000;
constexpr std::int64_t kMaxHandSize = 1000;

constexpr std::string_view kRule = "----------";

std::string quoted(std::span<const Letter> tiles) {
  return fmt::format("\"{}\"", wh::tiles_text(tiles));
}

/// A hand as one token for tools and JSON: "aciprt*".
std::string hand_token(const wh::Hand& hand) { return wh::tiles_text(hand.tiles()); }

// --- Describing plays and plans (the game's summaries and `solve`).

std::string play_text(const wh::Play& play) {
  if (play.discard) return fmt::format("discard {}", quoted(play.typed));
  if (play.typed == play.word) return fmt::format("{} {}", quoted(play.typed), play.score);
  return fmt::format("{} ({}) {}", quoted(play.typed), wh::tiles_text(play.word), play.score);
}

std::string plan_text(const wh::Plan& plan) {
  if (plan.plays.empty()) return "0 points (no word scores)";
  std::string plays;
  for (const wh::Play& play : plan.plays) {
    if (!plays.empty()) plays += ", ";
    plays += play_text(play);
  }
  return fmt::format("{} points: {}", plan.total, plays);
}

Json play_json(const wh::Play& play) {
  return {{"typed", wh::tiles_text(play.typed)},
          {"word", play.discard ? Json(nullptr) : Json(wh::tiles_text(play.word))},
          {"score", play.score},
          {"discard", play.discard}};
}

Json plan_json(const wh::Plan& plan) {
  Json plays = Json::array();
  for (const wh::Play& play : plan.plays) plays.push_back(play_json(play));
  return {{"total", plan.total}, {"plays", std::move(plays)}};
}

std::optional<wh::Solution> try_solve(const Lexicon& lexicon, const wh::Hand& hand) {
  if (wh::plan_work(hand) > wh::kMaxPlanWork) return std::nullopt;
  return wh::solve(lexicon, hand);
}

// --- The game.

struct PlayOptions {
  std::optional<std::int64_t> hands;
  std::int64_t hand_size = wh::kDefaultHandSize;
  bool hints = false;
};

/// What the player typed at the word prompt.
struct EndHand {};
struct AskHint {};
using WordAnswer = std::variant<std::vector<Letter>, EndHand, AskHint>;

class HandGame {
 public:
  HandGame(Context& context, const PlayOptions& options)
      : context_(context),
        options_(options),
        prompt_(context.in(), context.out(), !context.interactive()) {}

  int run() {
    const std::uint64_t seed = context_.seed();
    const Lexicon& lexicon = context_.lexicon();
    prompt_.say(
        fmt::format("Word game, seed {} (play the same hands again with --seed {}).", seed, seed));
    std::int64_t hands = 0;
    if (options_.hands) {
      hands = *options_.hands;
    } else {
      const auto answer = prompt_.integer("Enter total number of hands: ", 1, kMaxHands);
      if (!answer) return finish(nullptr);
      hands = *answer;
    }
    wh::Series series(lexicon, {static_cast<int>(hands), static_cast<int>(options_.hand_size)},
                      seed);
    while (series.phase() != wh::Phase::kOver) {
      if (!play_hand(series)) return finish(&series);
      summarise_hand(series);
      prompt_.say(kRule);
      if (series.can_replay()) {
        const auto replay = prompt_.yes_no("Would you like to replay the hand? ");
        if (!replay) return finish(&series);
        if (*replay) {
          series.replay();
          continue;
        }
      }
      series.next_hand();
    }
    return finish(&series);
  }

 private:
  /// Plays the current hand to its end; false at end of input.
  bool play_hand(wh::Series& series) {
    show_hand(series.hand());
    if (series.can_substitute() && any_substitutable(series.hand())) {
      const auto wants = prompt_.yes_no("Would you like to substitute a letter? ");
      if (!wants) return false;
      if (*wants) {
        const auto letter = ask_letter(series.hand());
        if (!letter) return false;
        series.substitute(*letter);
      }
      show_hand(series.hand());
    }
    for (;;) {
      const auto answer = ask_word();
      if (!answer) return false;
      if (std::holds_alternative<EndHand>(*answer)) {
        series.end_hand();
        prompt_.say(fmt::format("Total score for this hand: {}", series.hand_total()));
        return true;
      }
      if (std::holds_alternative<AskHint>(*answer)) {
        hint(series.hand());
        show_hand(series.hand());
        continue;
      }
      const auto& word = std::get<std::vector<Letter>>(*answer);
      const wh::PlayResult result = series.play(word);
      if (result.valid) {
        prompt_.say(fmt::format("{} earned {} points. Total: {} points", quoted(word), result.score,
                                result.hand_total));
      } else {
        prompt_.say("That is not a valid word. Please choose another word.");
      }
      if (result.ran_out) {
        prompt_.say("Ran out of letters");
        prompt_.say(fmt::format("Total score for this hand: {}", result.hand_total));
        return true;
      }
      show_hand(series.hand());
    }
  }

  void show_hand(const wh::Hand& hand) {
    prompt_.say(fmt::format("Current hand: {}", wh::hand_text(hand)));
  }

  static bool any_substitutable(const wh::Hand& hand) {
    for (Letter l : hand.letters()) {
      if (wh::can_substitute(hand, l)) return true;
    }
    return false;
  }

  std::optional<Letter> ask_letter(const wh::Hand& hand) {
    return prompt_.ask<Letter>(
        "Which letter would you like to replace: ",
        [&hand](std::string_view answer, std::string& error) -> std::optional<Letter> {
          if (answer == "*") {
            error = "The wildcard cannot be replaced; choose a letter of your hand.";
            return std::nullopt;
          }
          const auto tiles = wh::parse_tiles(answer);
          if (!tiles || tiles->size() != 1) {
            error = "Please enter one letter of your hand.";
            return std::nullopt;
          }
          if (!wh::can_substitute(hand, tiles->front())) {
            error = fmt::format("There is no '{}' in your hand.", answer);
            return std::nullopt;
          }
          return tiles->front();
        });
  }

  std::optional<WordAnswer> ask_word() {
    const std::string_view question =
        options_.hints ? "Please enter a word, '?' for a hint, or '!!' to indicate you are done: "
                       : "Please enter a word or '!!' to indicate you are done: ";
    const bool hints = options_.hints;
    return prompt_.ask<WordAnswer>(
        question,
        [hints](std::string_view answer, std::string& error) -> std::optional<WordAnswer> {
          if (answer == "!!") return WordAnswer{EndHand{}};
          if (hints && answer == "?") return WordAnswer{AskHint{}};
          if (answer.empty()) {
            error = "Please enter a word, or '!!' to finish the hand.";
            return std::nullopt;
          }
          auto tiles = wh::parse_tiles(answer);
          if (!tiles) {
            error = "A word is letters, with * for the wildcard; nothing else.";
            return std::nullopt;
          }
          return WordAnswer{std::move(*tiles)};
        });
  }

  void hint(const wh::Hand& hand) {
    const Lexicon& lexicon = context_.lexicon();
    const auto best = wh::best_word(lexicon, hand);
    if (!best) {
      prompt_.say("Hint: no word can be made from this hand; enter '!!' to finish it.");
      return;
    }
    prompt_.say(fmt::format("Hint: the best word is {}.", play_text(*best)));
    if (const auto solution = try_solve(lexicon, hand)) {
      prompt_.say(
          fmt::format("Hint: the best plan from here scores {}.", plan_text(solution->plan)));
    }
  }

  /// The player's score beside the optimum for the hand as play began.
  void summarise_hand(const wh::Series& series) {
    const auto solution = try_solve(context_.lexicon(), series.start());
    if (!solution) {
      prompt_.say("Best possible for this hand: not computed (the hand is too large).");
      return;
    }
    prompt_.say(fmt::format("Best possible for this hand: {}", plan_text(solution->plan)));
    if (solution->plan_with_discards.total > solution->plan.total) {
      prompt_.say(fmt::format("Best possible with discards (invalid entries): {}",
                              plan_text(solution->plan_with_discards)));
    }
  }

  /// Ends the session: a hand in play counts what it scored so far.
  int finish(wh::Series* series) {
    if (series != nullptr) {
      if (series->phase() == wh::Phase::kPlaying) {
        series->end_hand();
        prompt_.say(fmt::format("Total score for this hand: {}", series->hand_total()));
      }
      prompt_.say(fmt::format("Total score over all hands: {}", series->total()));
    }
    return kExitOk;
  }

  Context& context_;
  PlayOptions options_;
  Prompt prompt_;
};

// --- Tools.

std::vector<Letter> parse_word_argument(const std::string& text) {
  auto tiles = wh::parse_tiles(text);
  if (!tiles || tiles->empty()) {
    throw UsageError(fmt::format("invalid word '{}': use letters, with * for the wildcard", text));
  }
  return std::move(*tiles);
}

wh::Hand parse_hand_argument(const std::string& text) {
  auto hand = wh::Hand::parse(text);
  if (!hand || hand->empty()) {
    throw UsageError(fmt::format(
        "invalid hand '{}': use letters, with * for the wildcard (e.g. aciprt*)", text));
  }
  if (hand->size() > kMaxHandSize) {
    throw UsageError(fmt::format("invalid hand '{}': at most {} tiles", text, kMaxHandSize));
  }
  return *hand;
}

int run_score(Context& context, const std::string& text, std::int64_t hand_size) {
  const std::vector<Letter> word = parse_word_argument(text);
  if (static_cast<std::int64_t>(word.size()) > hand_size) {
    throw UsageError(fmt::format("'{}' has {} letters, more than a hand of {}; pass --hand-size",
                                 text, word.size(), hand_size));
  }
  const int score = wh::word_score(word, static_cast<int>(hand_size));
  if (context.options().json) {
    print_json(context.out(),
               {{"word", wh::tiles_text(word)}, {"hand_size", hand_size}, {"score", score}});
  } else {
    context.out() << score << '\n';
  }
  return kExitOk;
}

int run_check(Context& context, const std::string& text, const std::string& hand_text) {
  const std::vector<Letter> word = parse_word_argument(text);
  const wh::Hand hand = parse_hand_argument(hand_text);
  const Lexicon& lexicon = context.lexicon();
  const wh::Turn turn = wh::score_play(lexicon, hand, word);
  const auto spells = turn.valid ? wh::resolve_wildcards(lexicon, word) : std::nullopt;
  if (context.options().json) {
    print_json(context.out(), {{"word", wh::tiles_text(word)},
                               {"hand", hand_token(hand)},
                               {"valid", turn.valid},
                               {"spells", spells ? Json(wh::tiles_text(*spells)) : Json(nullptr)},
                               {"score", turn.score},
                               {"hand_after", hand_token(turn.hand_after)}});
    return kExitOk;
  }
  std::ostream& out = context.out();
  out << "valid: " << yes_no(turn.valid) << '\n';
  if (spells) out << "spells: " << wh::tiles_text(*spells) << '\n';
  out << "score: " << turn.score << '\n';
  out << "hand after: " << wh::hand_text(turn.hand_after) << '\n';
  return kExitOk;
}

int run_solve(Context& context, const std::string& hand_text) {
  const wh::Hand hand = parse_hand_argument(hand_text);
  const auto solution = try_solve(context.lexicon(), hand);
  if (!solution) {
    throw UsageError(fmt::format("hand '{}' is too large to solve exactly", hand_text));
  }
  if (context.options().json) {
    print_json(context.out(), {{"hand", hand_token(hand)},
                               {"best_word", solution->best_word ? play_json(*solution->best_word)
                                                                 : Json(nullptr)},
                               {"plan", plan_json(solution->plan)},
                               {"plan_with_discards", plan_json(solution->plan_with_discards)}});
    return kExitOk;
  }
  std::ostream& out = context.out();
  out << "hand: " << wh::hand_text(hand) << '\n';
  out << "best word: "
      << (solution->best_word ? play_text(*solution->best_word) : std::string("none")) << '\n';
  const auto print_plan = [&out](std::string_view title, const wh::Plan& plan) {
    out << title << ": " << plan.total << " points\n";
    for (const wh::Play& play : plan.plays) out << "  " << play_text(play) << '\n';
  };
  print_plan("optimal plan", solution->plan);
  print_plan("optimal plan with discards", solution->plan_with_discards);
  return kExitOk;
}

CLI::Option* add_hand_size(CLI::App& command, std::int64_t& hand_size) {
  return add_number_option(
      command, "--hand-size",
      [&hand_size](std::uint64_t n) {
        if (n < 1 || n > static_cast<std::uint64_t>(kMaxHandSize)) {
          throw CLI::ValidationError("--hand-size",
                                     fmt::format("must be from 1 to {}", kMaxHandSize));
        }
        hand_size = static_cast<std::int64_t>(n);
      },
      fmt::format("Letters in a hand, 1..{} (default: {})", kMaxHandSize, wh::kDefaultHandSize));
}

}  // namespace

void define_hand_command(CLI::App& command, Context& context) {
  auto options = std::make_shared<PlayOptions>();
  add_number_option(
      command, "--hands",
      [options](std::uint64_t n) {
        if (n < 1 || n > static_cast<std::uint64_t>(kMaxHands)) {
          throw CLI::ValidationError("--hands", fmt::format("must be from 1 to {}", kMaxHands));
        }
        options->hands = static_cast<std::int64_t>(n);
      },
      "Hands in the series (default: asked)");
  add_hand_size(command, options->hand_size);
  command.add_flag("--hints", options->hints,
                   "Allow '?' at the word prompt to see the best word and plan");
  command.footer(
      "Plays a series of hands: make words from your letters; '*' stands for any vowel and\n"
      "scores 0. A word scores (sum of letter values) x max(7L - 3(n - L), 1), L its length and\n"
      "n the letters in hand. Invalid words score 0 but still use up their letters. Once per\n"
      "series you may substitute a letter before a hand, and once replay a hand (the better\n"
      "score counts). After each hand, the best possible score and plan are shown.\n"
      "Global options (--seed N, --lexicon PATH) may also come after the command.");

  struct ToolArgs {
    std::string word;
    std::string hand;
    std::int64_t hand_size = wh::kDefaultHandSize;
  };
  auto args = std::make_shared<ToolArgs>();

  CLI::App* score = add_game_tool(command, context, "score", "Score a word for a hand of N letters",
                                  "Prints the score (validity is not checked; see 'check').\n"
                                  "JSON: {\"word\", \"hand_size\", \"score\"}.");
  score->add_option("WORD", args->word, "The word, * for a wildcard (quote it)")->required();
  add_hand_size(*score, args->hand_size);
  score->callback([&context, args] {
    context.set_action(
        [&context, args] { return run_score(context, args->word, args->hand_size); });
  });

  CLI::App* check = add_game_tool(
      command, context, "check", "Check a word against a hand; show the hand after playing it",
      "Prints whether the word is valid, the word it spells, its score and the hand left\n"
      "(an invalid word still uses up the letters it names).\n"
      "JSON: {\"word\", \"hand\", \"valid\", \"spells\", \"score\", \"hand_after\"}.");
  check->add_option("WORD", args->word, "The word, * for a wildcard (quote it)")->required();
  check->add_option("--hand", args->hand, "The hand's letters, e.g. 'cows*z'")->required();
  check->callback([&context, args] {
    context.set_action([&context, args] { return run_check(context, args->word, args->hand); });
  });

  CLI::App* solve = add_game_tool(
      command, context, "solve", "Best word and the exact optimal plan for a hand",
      "Prints the best single word, the optimal plan of valid words, and the optimal plan\n"
      "when invalid entries may be used to discard letters (they score 0 but shrink the hand).\n"
      "JSON: {\"hand\", \"best_word\", \"plan\", \"plan_with_discards\"}; a plan is\n"
      "{\"total\", \"plays\": [{\"typed\", \"word\", \"score\", \"discard\"}]}.");
  solve->add_option("LETTERS", args->hand, "The hand, e.g. 'aciprt*' (quote the *)")->required();
  solve->callback([&context, args] {
    context.set_action([&context, args] { return run_solve(context, args->hand); });
  });

  command.callback([&context, options] {
    if (context.action()) return;  // a tool was chosen
    context.set_action([&context, options] { return HandGame(context, *options).run(); });
  });
}

}  // namespace wg::cli
