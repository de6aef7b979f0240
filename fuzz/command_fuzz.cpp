// The command decoders, every JSON command the API accepts (each game's codec,
// Codec::command_from_json): any JSON value decodes to a command of the game the first byte picks,
// or is refused with CodecError (which a session answers with a "rejected" event), never another
// exception. A command decoded encodes (command_to_json, what a saved game holds) to a document
// that decodes to the same command. Decoding alone, without a game to apply it to, runs fast
// enough for the campaign's ten million executions; the session target plays the commands.

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

// Every game's codec, in the registry's order (app/game_codec_list.inc, from WG_GAMES).
constexpr std::array kDecoders = {
#define WG_GAME_CODEC(Codec) decoder<wg::app::Codec>(),
#include "app/game_codec_list.inc"
#undef WG_GAME_CODEC
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool in_order = [] {
    const auto games = wg::app::games();
    for (std::size_t i = 0; i < kDecoders.size(); ++i) {
      require(games[i].name == kDecoders[i].game, "the decoders in the registry's order");
    }
    return true;
  }();
  (void)in_order;
  if (size < 1) return 0;
  const Decoder& decoder = kDecoders[data[0] % kDecoders.size()];
  const Json json = Json::parse(wg::fuzz::as_text(data + 1, size - 1), nullptr,
                                /*allow_exceptions=*/false);
  if (json.is_discarded()) return 0;
  decoder.decode(json);
  return 0;
}
