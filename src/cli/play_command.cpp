#include "cli/play_command.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "app/challenge.h"
#include "app/registry.h"
#include "cli/app.h"
#include "cli/game_commands.h"  // generated: every game's cli/<id>_command.h
#include "cli/game_recorder.h"
#include "cli/output.h"

namespace wg::cli {

namespace {

/// A game's terminal entry for a session already opened (resume_<id>_game in
/// cli/<id>_command.h): a challenge's session, opened at its first game, goes on from there.
using PlayGame = int (*)(Context& context, ResumedGame& game);

PlayGame play_entry_of(std::string_view id) {
#define WG_GAME(game) \
  if (id == #game) return &resume_##game##_game;
#include "app/game_list.inc"
#undef WG_GAME
  return nullptr;
}

/// The seat of the terminal's player: the first person's seat of the record.
std::optional<Seat> person_seat(const app::FinishedGame& game) {
  for (std::size_t seat = 0; seat < game.players.size(); ++seat) {
    if (game.players[seat].bot.empty()) return static_cast<Seat>(seat);
  }
  return std::nullopt;
}

/// `command` then `code`, in lines of at most `columns` (at least 20): a code too long for
/// the first line goes on over the next, each line but the last ending in the shell's line
/// continuation (" \\"), so that the lines pasted together are the command.
std::string command_lines(std::string_view command, std::string_view code, std::size_t columns) {
  columns = std::max<std::size_t>(columns, 20);
  std::string lines(command);
  std::size_t room = columns > command.size() + 2 ? columns - command.size() - 2 : 0;
  while (code.size() > room + 2) {
    lines += std::string(code.substr(0, room)) + " \\\n  ";
    code.remove_prefix(room);
    room = columns - 4;
  }
  return lines + std::string(code) + '\n';
}

int play_code(Context& context, const std::string& code) {
  app::Challenge challenge = app::decode_challenge(code);
  const app::GameEntry& entry = *app::find_game(challenge.game);
  const PlayGame play = play_entry_of(entry.id);
  if (play == nullptr || !entry.resumable) {
    throw app::ChallengeError(
        fmt::format("a challenge to {} is not played in the terminal (its round is on a clock): "
                    "open #/challenge/CODE in the web arcade ('wordgames serve')",
                    entry.title));
  }
  ResumedGame game;
  game.session = app::open_challenge(challenge, context.shared_lexicon());
  game.started_ms = Context::now_ms();
  context.out() << wrap(fmt::format("{} challenges you to {}; their result: {}.", challenge.name,
                                    entry.title, challenge.result),
                        context.columns())
                << '\n';
  context.challenge() = std::move(challenge);
  return play(context, game);
}

}  // namespace

void print_share_lines(Context& context, const app::FinishedGame& game) {
  if (context.options().json) return;
  const app::GameEntry* entry = app::find_game(game.game);
  const std::optional<Seat> seat = person_seat(game);
  if (entry == nullptr || !entry->share || !seat) return;
  const app::ShareText share = entry->share(game, *seat);
  std::ostream& out = context.out();
  const std::string& name = game.players[static_cast<std::size_t>(*seat)].name;
  out << wrap("Share: " + share.headline, context.columns(), "  ") << '\n';
  std::optional<app::Challenge> answered = std::move(context.challenge());
  context.challenge().reset();
  if (answered && share.game == 0) {
    out << wrap(fmt::format("You: {} | {}: {}", share.result, answered->name, answered->result),
                context.columns(), "  ")
        << '\n';
    return;
  }
  const std::optional<app::Challenge> challenge = app::challenge_of(*entry, game, *seat, name);
  if (!challenge) return;
  try {
    out << command_lines("Challenge a friend: wordgames play ", app::encode_challenge(*challenge),
                         context.columns());
  } catch (const app::ChallengeError&) {
    // A game that makes no code (challenge_of's refusals): its share text says it all.
  }
}

void print_review_offer(Context& context, const app::FinishedGame& game, std::int64_t id) {
  if (context.options().json || id == 0) return;
  const app::GameEntry* entry = app::find_game(game.game);
  if (entry == nullptr || !entry->review) return;
  context.out() << wrap(fmt::format("What was best, and what each move cost: wordgames review {}",
                                    id),
                        context.columns(), "  ")
                << '\n';
}

void add_play_command(CLI::App& app, Context& context) {
  CLI::App* command =
      app.add_subcommand("play", "Play the game of a challenge code, against its result");
  auto code = std::make_shared<std::vector<std::string>>();
  command
      ->add_option("CODE", *code,
                   "The challenge code a game's end printed (its pieces, when it took several "
                   "lines)")
      ->required();
  command->footer(
      "A game's end prints its share text and, for the first game of a run, a challenge code.\n"
      "'wordgames play CODE' plays that same game (its config and seed) and, at its end, shows\n"
      "both results side by side. A code holds no word in clear text; an altered or cut code\n"
      "is refused.");
  on_run(*command, context, [&context, code]() -> int {
    std::string joined;
    for (const std::string& piece : *code) joined += piece;
    return play_code(context, joined);
  });
}

}  // namespace wg::cli
