// The command decoders, every JSON command the API accepts (each game's codec,
// Codec::command_from_json): any JSON value (after the first line, which names the game:
// fuzz_support.h's game_input) decodes to a command of that game, or is refused with
// CodecError (which a session answers with a "rejected" event), never another exception. A command
// decoded encodes (command_to_json, what a saved game holds) to a document that decodes to the same
// command. Decoding alone, without a game to apply it to, runs fast enough for the campaign's ten
// million executions; the session target plays the commands.

#include <array>
#include <cstddef>
#include <string_view>

#include "app/game_codecs.h"
#include "app/registry.h"
#include "app/session_adapter.h"
#include "fuzz/fuzz_support.h"

namespace {

using wg::app::Json;
using wg::fuzz::require;

template <class Codec>
void decode(const Json& json) {
  typename Codec::Session::Command command;
  try {
    command = Codec::command_from_json(json);
  } catch (const wg::app::CodecError&) {
    return;
  }
  const Json encoded = Codec::command_to_json(command);
  require(encoded.is_object() && encoded.contains("command"), "a command encodes to an object");
  require(Codec::command_to_json(Codec::command_from_json(encoded)) == encoded,
          "a command encoded decodes to the same command");
}

struct Decoder {
  std::string_view game;
  void (*decode)(const Json&);
};

template <class Codec>
constexpr Decoder decoder() {
  return {Codec::kGame, &decode<Codec>};
}

// Every game's codec (app/game_codec_list.inc, from WG_GAMES), found by its game's name.
constexpr std::array kDecoders = {
#define WG_GAME_CODEC(Codec) decoder<wg::app::Codec>(),
#include "app/game_codec_list.inc"
#undef WG_GAME_CODEC
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto input = wg::fuzz::game_input(data, size);
  if (!input) return 0;
  const Json json = Json::parse(input->rest, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return 0;
  for (const Decoder& decoder : kDecoders) {
    if (decoder.game == input->game->name) decoder.decode(json);
  }
  return 0;
}
