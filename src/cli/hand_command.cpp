#include "cli/hand_command.h"

#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "app/hand_codec.h"
#include "cli/app.h"
#include "cli/define_command.h"
#include "cli/game_recorder.h"
#include "cli/output.h"
#include "cli/prompt.h"
#include "games/hand/hand.h"
#include "games/hand/session.h"
#include "games/hand/solver.h"

namespace wg::cli {

namespace {

namespace wh = wg::hand;

constexpr std::string_view kRule = "----------";

std::string quoted(std::span<const Letter> tiles) {
  return fmt::format("\"{}\"", wh::tiles_text(tiles));
}

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
  return fmt::format("{}: {}", count_of(plan.total, "point"), plays);
}

// --- The game: a parser and renderer over wh::Session.

/// The options of the game: the session's config, and whether to ask for the number of hands.
struct PlayOptions {
  wh::Config config;
  bool ask_hands = true;
};

/// The terminal's player.
constexpr Seat kPlayer = 0;

using Events = std::vector<wh::Event>;

/// What the terminal says when the session refuses an answer: the prompts can meet only these.
std::string refusal_text(Refusal reason, std::string_view answer) {
  switch (reason) {
    case Refusal::kNotAllowed:
      return "The wildcard cannot be replaced; choose a letter of your hand.";
    case Refusal::kNotHeld:
      return fmt::format("There is no '{}' in your hand.", answer);
    case Refusal::kMalformed:
      return "Please enter a word, or '!!' to finish the hand.";
    default:
      return fmt::format("Not now ({}).", to_string(reason));
  }
}

class HandGame {
 public:
  HandGame(Context& context, const PlayOptions& options)
      : context_(context),
        options_(options),
        prompt_(context.in(), context.out(), !context.interactive()) {}

  int run() {
    const std::uint64_t seed = context_.seed();
    prompt_.say(wrap(
        fmt::format("Word game, seed {} (play the same hands again with --seed {}).", seed, seed),
        context_.columns()));
    wh::Config config = options_.config;
    if (options_.ask_hands) {
      const auto answer = prompt_.integer("Enter total number of hands: ", 1, wh::kMaxHands);
      if (!answer) return kExitOk;
      config.hands = static_cast<int>(*answer);
    }
    wh::Session session(context_.shared_lexicon(), config, seed);
    GameRecorder recorder(context_);
    play(session, recorder);
    return kExitOk;
  }

  /// Goes on with a saved series (`wordgames resume`) where it was left.
  int resume(ResumedGame& resumed) {
    wh::Session& session = resumed.typed<app::HandCodec>();
    options_.config = session.config();
    prompt_.say(resumed.fresh
                    ? fmt::format("Word game, seed {}.", session.seed())
                    : fmt::format("Word game, seed {}: resumed at hand {} of {}.", session.seed(),
                                  session.view(kPlayer).hand + 1, session.config().hands));
    GameRecorder recorder(context_, resumed);
    play(session, recorder);
    return kExitOk;
  }

 private:
  /// Plays the series to its end; at the end of input the series is given up.
  void play(wh::Session& session, GameRecorder& recorder) {
    while (!session.finished()) {
      const std::optional<Events> events = ask(session);
      for (const wh::Event& event : events ? *events : session.apply(wh::GiveUp{})) {
        std::visit([this](const auto& e) { render(e); }, event);
        if (const auto* finished = std::get_if<wh::Finished>(&event)) {
          recorder.record<app::HandCodec>(session, *finished);
        }
      }
      recorder.save<app::HandCodec>(session);
    }
  }

  /// Asks what the session waits for until it accepts an answer; nullopt at end of input.
  std::optional<Events> ask(wh::Session& session) {
    const wh::View view = session.view(kPlayer);
    switch (view.status) {
      case wh::Status::kSubstitutionOffered: {
        show_hand(view);
        const auto wants = prompt_.yes_no("Would you like to substitute a letter? ");
        if (!wants) return std::nullopt;
        if (!*wants) return session.apply(wh::DeclineSubstitution{});
        return ask_until_accepted(session,
                                  "Which letter would you like to replace: ", parse_letter);
      }
      case wh::Status::kPlaying:
        show_hand(view);
        return ask_until_accepted(
            session,
            options_.config.hints
                ? "Please enter a word, '?' for a hint, or '!!' to indicate you are done: "
                : "Please enter a word or '!!' to indicate you are done: ",
            [this](std::string_view answer, std::string& error) {
              return parse_word(answer, error);
            });
      case wh::Status::kReplayOffered: {
        const auto replay = prompt_.yes_no("Would you like to replay the hand? ");
        if (!replay) return std::nullopt;
        return *replay ? session.apply(wh::Replay{}) : session.apply(wh::DeclineReplay{});
      }
      case wh::Status::kFinished:
        break;
    }
    return Events{};  // finished: nothing to ask
  }

  using Parse = std::function<std::optional<wh::Command>(std::string_view, std::string&)>;

  /// Asks `question` until `parse` makes a command of the answer and the session accepts it.
  std::optional<Events> ask_until_accepted(wh::Session& session, std::string_view question,
                                           const Parse& parse) {
    return prompt_.ask<Events>(
        question, [&](std::string_view answer, std::string& error) -> std::optional<Events> {
          const std::optional<wh::Command> command = parse(answer, error);
          if (!command) return std::nullopt;
          Events events = session.apply(*command);
          if (const auto* refused = std::get_if<wh::Rejected>(&events.front())) {
            error = refusal_text(refused->reason, answer);
            return std::nullopt;
          }
          return events;
        });
  }

  static std::optional<wh::Command> parse_letter(std::string_view answer, std::string& error) {
    const auto tiles = wh::parse_tiles(answer);
    if (!tiles || tiles->size() != 1) {
      error = "Please enter one letter of your hand.";
      return std::nullopt;
    }
    return wh::Substitute{tiles->front()};
  }

  std::optional<wh::Command> parse_word(std::string_view answer, std::string& error) const {
    if (answer == "!!") return wh::EndHand{};
    if (options_.config.hints && answer == "?") return wh::Hint{};
    auto tiles = wh::parse_tiles(answer);
    if (!tiles) {
      error = "A word is letters, with * for the wildcard; nothing else.";
      return std::nullopt;
    }
    if (*tiles == wh::parse_tiles("help")) {  // in any case, as words are
      error = help();
      return std::nullopt;
    }
    return wh::PlayWord{std::move(*tiles)};
  }

  std::string help() const {
    return wrap(fmt::format("Enter a word made from your hand ('*' stands for any vowel and "
                            "scores 0); an invalid word scores 0 but still uses up its letters. "
                            "'!!' ends the hand{}; 'help' shows this.",
                            options_.config.hints ? ", '?' shows the best word and plan" : ""),
                context_.columns());
  }

  void show_hand(const wh::View& view) {
    prompt_.say(fmt::format("Current hand: {}", wh::hand_text(view.tiles)));
  }

  // Events the loop shows through the view (the hand before each prompt) need no words.
  void render(const wh::HandStarted&) {}
  void render(const wh::Substituted&) {}
  void render(const wh::SubstitutionDeclined&) {}
  void render(const wh::Rejected&) {}  // refused answers are asked again

  void render(const wh::WordPlayed& played) {
    if (played.valid) {
      prompt_.say(fmt::format("{} earned {}. Total: {}", quoted(played.word),
                              count_of(played.score, "point"),
                              count_of(played.hand_total, "point")));
    } else {
      prompt_.say("That is not a valid word. Please choose another word.");
    }
    if (played.ran_out) prompt_.say("Ran out of letters");
  }

  void render(const wh::HintGiven& hint) {
    if (!hint.best_word) {
      prompt_.say("Hint: no word can be made from this hand; enter '!!' to finish it.");
      return;
    }
    prompt_.say(fmt::format("Hint: the best word is {}.", play_text(*hint.best_word)));
    if (hint.plan_status == wh::PlanStatus::kSolved) {
      prompt_.say(
          wrap(fmt::format("Hint: the best plan from here scores {}.", plan_text(hint.plan)),
               context_.columns(), "  "));
    }
  }

  /// The player's score, then beside it the optimum for the hand as play began.
  void render(const wh::HandEnded& ended) {
    prompt_.say(fmt::format("Total score for this hand: {}", ended.score));
    if (!ended.optimum) return;  // given up: no summary
    const wh::Optimum& optimum = *ended.optimum;
    switch (optimum.status) {
      case wh::PlanStatus::kSolved:
        prompt_.say(wrap(fmt::format("Best possible for this hand: {}", plan_text(optimum.plan)),
                         context_.columns(), "  "));
        // At a terminal, what the best plan's words mean (a script reads the plan alone).
        if (context_.interactive()) {
          for (const wh::Play& play : optimum.plan.plays) {
            if (!play.word.empty()) {
              context_.out() << secret_meaning(wh::tiles_text(play.word), context_.columns());
            }
          }
        }
        if (optimum.plan_with_discards.total > optimum.plan.total) {
          prompt_.say(wrap(fmt::format("Best possible with discards (invalid entries): {}",
                                       plan_text(optimum.plan_with_discards)),
                           context_.columns(), "  "));
        }
        break;
      case wh::PlanStatus::kTooLarge:
        prompt_.say("Best possible for this hand: not computed (the hand is too large).");
        break;
      case wh::PlanStatus::kStopped:
        prompt_.say("Best possible for this hand: not computed (stopped).");
        break;
    }
    prompt_.say(kRule);
  }

  void render(const wh::Finished& finished) {
    prompt_.say(fmt::format("Total score over all hands: {}", finished.total));
  }

  Context& context_;
  PlayOptions options_;
  Prompt prompt_;
};

// --- Tools.

/// A word from the command line; `allow_empty` for `score`, where the empty word scores 0.
std::vector<Letter> parse_word_argument(const std::string& text, bool allow_empty = false) {
  auto tiles = wh::parse_tiles(text);
  if (!tiles || (tiles->empty() && !allow_empty)) {
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
  if (hand->size() > wh::kMaxHandSize) {
    throw UsageError(fmt::format("invalid hand '{}': at most {} tiles", text, wh::kMaxHandSize));
  }
  return *hand;
}

int run_score(Context& context, const std::string& text, int hand_size) {
  const std::vector<Letter> word = parse_word_argument(text, /*allow_empty=*/true);
  if (static_cast<int>(word.size()) > hand_size) {
    throw UsageError(fmt::format("'{}' has {} letters, more than a hand of {}; pass --hand-size",
                                 text, word.size(), hand_size));
  }
  const int score = wh::word_score(word, hand_size);
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
                               {"hand", app::hand_json(hand)},
                               {"valid", turn.valid},
                               {"spells", spells ? Json(wh::tiles_text(*spells)) : Json(nullptr)},
                               {"score", turn.score},
                               {"hand_after", app::hand_json(turn.hand_after)}});
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
  const auto solution = wh::try_solve(context.lexicon(), hand);
  if (!solution) {
    throw UsageError(fmt::format("hand '{}' is too large to solve exactly", hand_text));
  }
  if (context.options().json) {
    print_json(
        context.out(),
        {{"hand", app::hand_json(hand)},
         {"best_word", solution->best_word ? app::play_json(*solution->best_word) : Json(nullptr)},
         {"plan", app::plan_json(solution->plan)},
         {"plan_with_discards", app::plan_json(solution->plan_with_discards)}});
    return kExitOk;
  }
  std::ostream& out = context.out();
  out << "hand: " << wh::hand_text(hand) << '\n';
  out << "best word: "
      << (solution->best_word ? play_text(*solution->best_word) : std::string("none")) << '\n';
  const auto print_plan = [&out](std::string_view title, const wh::Plan& plan) {
    out << title << ": " << count_of(plan.total, "point") << '\n';
    for (const wh::Play& play : plan.plays) out << "  " << play_text(play) << '\n';
  };
  print_plan("optimal plan", solution->plan);
  print_plan("optimal plan with discards", solution->plan_with_discards);
  return kExitOk;
}

CLI::Option* add_hand_size(CLI::App& command, int& hand_size) {
  return add_number_option(
      command, "--hand-size", 1, wh::kMaxHandSize,
      [&hand_size](std::uint64_t n) { hand_size = static_cast<int>(n); },
      fmt::format("Letters in a hand, 1..{} (default: {})", wh::kMaxHandSize,
                  wh::kDefaultHandSize));
}

}  // namespace

int resume_hand_game(Context& context, ResumedGame& game) {
  return HandGame(context, PlayOptions{}).resume(game);
}

void define_hand_command(CLI::App& command, Context& context) {
  auto options = std::make_shared<PlayOptions>();
  add_number_option(
      command, "--hands", 1, wh::kMaxHands,
      [options](std::uint64_t n) {
        options->config.hands = static_cast<int>(n);
        options->ask_hands = false;
      },
      "Hands in the series (default: asked)");
  add_hand_size(command, options->config.hand_size);
  command.add_flag("--hints", options->config.hints,
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
    int hand_size = wh::kDefaultHandSize;
  };
  auto args = std::make_shared<ToolArgs>();

  CLI::App* score = add_game_tool(command, context, "score", "Score a word for a hand of N letters",
                                  "Prints the score (validity is not checked; see 'check').\n"
                                  "JSON: {\"word\", \"hand_size\", \"score\"}.");
  score->add_option("WORD", args->word, "The word, * for a wildcard (quote it)")->required();
  add_hand_size(*score, args->hand_size);
  on_run(*score, context,
         [&context, args] { return run_score(context, args->word, args->hand_size); });

  CLI::App* check = add_game_tool(
      command, context, "check", "Check a word against a hand; show the hand after playing it",
      "Prints whether the word is valid, the word it spells, its score and the hand left\n"
      "(an invalid word still uses up the letters it names).\n"
      "JSON: {\"word\", \"hand\", \"valid\", \"spells\", \"score\", \"hand_after\"}.");
  check->add_option("WORD", args->word, "The word, * for a wildcard (quote it)")->required();
  check->add_option("--hand", args->hand, "The hand's letters, e.g. 'cows*z'")
      ->type_name("LETTERS")
      ->required();
  on_run(*check, context, [&context, args] { return run_check(context, args->word, args->hand); });

  CLI::App* solve = add_game_tool(
      command, context, "solve", "Best word and the exact optimal plan for a hand",
      "Prints the best single word, the optimal plan of valid words, and the optimal plan\n"
      "when invalid entries may be used to discard letters (they score 0 but shrink the hand).\n"
      "JSON: {\"hand\", \"best_word\", \"plan\", \"plan_with_discards\"}; a plan is\n"
      "{\"total\", \"plays\": [{\"typed\", \"word\", \"score\", \"discard\"}]}.");
  solve->add_option("LETTERS", args->hand, "The hand, e.g. 'aciprt*' (quote the *)")->required();
  on_run(*solve, context, [&context, args] { return run_solve(context, args->hand); });

  on_play(command, context, [&context, options] { return HandGame(context, *options).run(); });
}

}  // namespace wg::cli
