// Every JSON command the API accepts (app/game_session.h): a session of the game the first line
// names, with the seed after its name ("boggle 7", fuzz_support.h's game_input), opened with the
// config on the second line (a line that is not JSON: {}), then each further line applied as a
// command (a line that is not JSON goes as a JSON string). Bad input
// never throws: each command gives events, each an object naming its event, the views can be drawn
// after each, and the saved game restores to the same game (determinism).

#include <memory>
#include <string>
#include <string_view>

#include "app/registry.h"
#include "core/play.h"
#include "fuzz/fuzz_support.h"

namespace {

using wg::app::Json;

Json parse_line(std::string_view line) {
  Json json = Json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return Json(std::string(line));
  return json;
}

constexpr std::size_t kMaxCommands = 64;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using wg::fuzz::require;
  static const auto lexicon = wg::fuzz::fuzz_lexicon();
  const auto input = wg::fuzz::game_input(data, size);
  if (!input) return 0;
  const wg::app::GameEntry& game = *input->game;
  const std::uint64_t seed = input->number;
  std::string_view text = input->rest;

  auto next_line = [&text] {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    return line;
  };
  Json config = parse_line(next_line());
  if (!config.is_object()) config = Json::object();
  std::unique_ptr<wg::app::GameSession> session;
  try {
    session = game.open(config, seed, lexicon);
  } catch (const wg::ConfigError&) {
    return 0;
  }
  for (std::size_t i = 0; i < kMaxCommands && !text.empty(); ++i) {
    const std::vector<Json> events = session->apply(parse_line(next_line()));
    for (const Json& event : events) {
      require(event.is_object() && event.contains("event") && event["event"].is_string(),
              "an event is an object naming its event");
    }
    // The observer's view and the first seat's after each command; every seat's at the end
    // (drawing four seats after each command made inputs several times slower).
    (void)session->view(wg::kObserver);
    (void)session->view(0);
  }
  for (wg::Seat seat = wg::kObserver; seat < 4; ++seat) (void)session->view(seat);
  const Json saved = session->saved();
  const auto restored = wg::app::restore(saved, lexicon);
  require(restored->saved() == saved, "a restored game saves the same");
  require(restored->view(wg::kObserver) == session->view(wg::kObserver),
          "a restored game looks the same");
  require(restored->finished() == session->finished(), "a restored game ends the same");
  return 0;
}
