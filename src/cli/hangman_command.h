#pragma once
/// `wordgames hangman`: position hangman in the terminal, and its tools.
///
///   hangman [--dictionary NAME|FILE] [--mode easy|hard]   play (then a menu between games)
///   hangman dictionary create NAME FILE [--replace]        extract words from any text, check
///                                                          the rules, save under NAME
///   hangman dictionary list                                saved dictionaries (and "default")
///   hangman dictionary stats [NAME]                        word count and shares by length
///   hangman history                                        the last 5 games
///   hangman autoplay --player advisor|safe|naive --games N seeded games, win rate, mean points
///
/// The tools take --json. The game itself prints the seed it uses, so `--seed N` replays it.
/// The game is a parser and a renderer over hangman::Session (games/hangman/session.h): it
/// turns answers into commands and prints events and views. Saved dictionaries and the history
/// go through the app's Store port (app/store.h), kept in files by app::FileStore.

#include <CLI/CLI.hpp>

#include "cli/context.h"

namespace wg::cli {

struct ResumedGame;

/// Defines the `hangman` subcommand (its options, subcommands and actions): the `define` of
/// the game's entry in the menu table.
void define_hangman_command(CLI::App& command, Context& context);

/// Goes on with a resumed game (`wordgames resume`) on its saved dictionary, then the menu
/// between games as the game command shows it.
int resume_hangman_game(Context& context, ResumedGame& game);

}  // namespace wg::cli
