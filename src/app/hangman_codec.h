#pragma once
/// Position Hangman in JSON: its session's commands, events and views, and its registry entry
/// (app/registry.h).

#include "app/registry.h"

namespace wg::app {

/// The registry's entry for Position Hangman.
GameEntry hangman_game();

}  // namespace wg::app
