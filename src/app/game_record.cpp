#include "app/game_record.h"

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "app/auction_codec.h"
#include "core/text.h"

namespace wg::app {

Outcome outcome_of(const hand::Finished& finished) { return {finished.total, !finished.given_up}; }

Outcome outcome_of(const boggle::Finished& finished) {
  return {finished.score, finished.score > 0};
}

Outcome outcome_of(const evil_hangman::Finished& finished) {
  return {finished.won ? 1 : 0, finished.won};
}

Outcome outcome_of(const hangman::Finished& finished) {
  return {finished.points, finished.player_won};
}

Json game_details(const hand::Session&, const hand::Finished& finished) {
  Json hands = Json::array();
  for (const hand::HandRecord& record : finished.records) {
    hands.push_back(
        {{"score", record.counted()}, {"best", record.best ? Json(*record.best) : Json(nullptr)}});
  }
  return {{"hands", std::move(hands)}};
}

Json game_details(const boggle::Session&, const boggle::Finished& finished) {
  return {{"found", finished.found.size()},
          {"words", finished.all_words.size()},
          {"score", finished.score},
          {"total_score", finished.total_score}};
}

Json game_details(const evil_hangman::Session&, const evil_hangman::Finished& finished) {
  return {{"length", finished.length}, {"misses", finished.misses}, {"won", finished.won}};
}

Json game_details(const hangman::Session& session, const hangman::Finished& finished) {
  return {{"length", finished.word.size()},
          {"misses", finished.misses},
          {"won", finished.player_won},
          {"points", finished.points},
          {"dictionary_words", session.config().words.size()}};
}

namespace {

/// `name` as a valid player name: control characters dropped, cut to 40 bytes (at a character
/// boundary), spaces trimmed; empty when nothing is left.
std::string player_name_of(std::string_view name) {
  std::string cleaned;
  for (const char c : name) {
    if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f) cleaned += c;
  }
  constexpr std::size_t kMaxBytes = 40;
  if (cleaned.size() > kMaxBytes) {
    std::size_t cut = kMaxBytes;
    while (cut > 0 && (static_cast<unsigned char>(cleaned[cut]) & 0xC0) == 0x80) --cut;
    cleaned.resize(cut);
  }
  const std::size_t first = cleaned.find_first_not_of(' ');
  if (first == std::string::npos) return {};
  const std::size_t last = cleaned.find_last_not_of(' ');
  cleaned = cleaned.substr(first, last - first + 1);
  return valid_player_name(cleaned) ? cleaned : std::string();
}

}  // namespace

std::vector<GamePlayer> auction_players(const auction::Finished& finished,
                                        std::optional<int> person_seat, std::string_view person) {
  std::vector<std::string> names;
  for (std::size_t seat = 0; seat < finished.players.size(); ++seat) {
    std::string name = person_seat && static_cast<std::size_t>(*person_seat) == seat
                           ? std::string(person)
                           : player_name_of(finished.players[seat]);
    names.push_back(name.empty() ? fmt::format("seat {}", seat + 1) : std::move(name));
  }
  const auto same = [](const std::string& a, const std::string& b) {
    return lower_ascii(a) == lower_ascii(b);
  };
  std::vector<GamePlayer> players;
  for (std::size_t seat = 0; seat < names.size(); ++seat) {
    std::string name = names[seat];
    const bool shared = std::count_if(names.begin(), names.end(), [&](const std::string& other) {
                          return same(other, name);
                        }) > 1;
    const bool is_person = person_seat && static_cast<std::size_t>(*person_seat) == seat;
    if (shared && !is_person) {
      const std::string suffix = fmt::format(" (seat {})", seat + 1);
      name = player_name_of(name.substr(0, 40 - suffix.size())) + suffix;
    }
    const bool won = std::find(finished.winners.begin(), finished.winners.end(),
                               static_cast<int>(seat)) != finished.winners.end();
    players.push_back(
        {std::move(name), seat < finished.points.size() ? finished.points[seat] : 0, won});
  }
  return players;
}

FinishedGame auction_tournament_game_record(const auction::Config& seated,
                                            const auction::Finished& finished, std::string log) {
  FinishedGame game;
  game.game = std::string(AuctionCodec::kGame);
  game.players = auction_players(finished);
  game.config = AuctionCodec::config_to_json(seated);
  game.seed = finished.seed;
  game.result = AuctionCodec::event_to_json(auction::Event{finished});
  game.log = std::move(log);
  return game;
}

}  // namespace wg::app
