#pragma once
/// Evil Hangman in JSON: its session's commands, events and views, and its registry entry
/// (app/registry.h).

#include "app/registry.h"

namespace wg::app {

/// The registry's entry for Evil Hangman.
GameEntry evil_hangman_game();

}  // namespace wg::app
