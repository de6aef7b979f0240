// The config decoders (each game's codec, through the registry's GameEntry::open): any JSON value
// (after the first line, which names the game: fuzz_support.h's game_input) opens a session of
// that game or is refused with ConfigError, and the config a session saves opens again, to the
// same config.

#include <memory>

#include "app/registry.h"
#include "core/play.h"
#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using wg::app::Json;
  using wg::fuzz::require;
  static const auto lexicon = wg::fuzz::fuzz_lexicon();
  const auto input = wg::fuzz::game_input(data, size);
  if (!input) return 0;
  const wg::app::GameEntry& game = *input->game;
  const Json config = Json::parse(input->rest, nullptr, false);
  if (config.is_discarded()) return 0;
  std::unique_ptr<wg::app::GameSession> session;
  try {
    session = game.open(config, 1, lexicon);
  } catch (const wg::ConfigError&) {
    return 0;
  }
  const Json saved = session->saved();
  require(saved.contains("config"), "a saved game has its config");
  const auto again = game.open(saved["config"], 1, lexicon);
  require(again->saved()["config"] == saved["config"], "the saved config opens to itself");
  return 0;
}
