#include "app/challenge.h"

#include <algorithm>
#include <cstddef>
#include <exception>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <boost/archive/iterators/base64_from_binary.hpp>
#include <boost/archive/iterators/binary_from_base64.hpp>
#include <boost/archive/iterators/transform_width.hpp>
#include <boost/crc.hpp>

#include "core/play.h"

namespace wg::app {

namespace {

/// The longest code decoded: far beyond any code encode_challenge writes.
constexpr std::size_t kMaxCodeLength = 2048;
constexpr std::size_t kChecksumBytes = 4;

std::uint32_t checksum_of(const std::vector<std::uint8_t>& bytes, std::size_t size) {
  boost::crc_32_type crc;
  crc.process_bytes(bytes.data(), size);
  return crc.checksum();
}

std::string base64url_encode(const std::vector<std::uint8_t>& bytes) {
  using Encoder = boost::archive::iterators::base64_from_binary<
      boost::archive::iterators::transform_width<std::vector<std::uint8_t>::const_iterator, 6, 8>>;
  std::string text(Encoder(bytes.begin()), Encoder(bytes.end()));
  for (char& c : text) c = c == '+' ? '-' : c == '/' ? '_' : c;
  return text;
}

/// Nullopt for text that is not base64url without padding.
std::optional<std::vector<std::uint8_t>> base64url_decode(std::string text) {
  if (text.size() % 4 == 1) return std::nullopt;  // no whole byte in its last character
  for (char& c : text) {
    const bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (c == '-') {
      c = '+';
    } else if (c == '_') {
      c = '/';
    } else if (!plain) {
      return std::nullopt;
    }
  }
  using Decoder = boost::archive::iterators::transform_width<
      boost::archive::iterators::binary_from_base64<std::string::const_iterator>, 8, 6>;
  const std::size_t size = text.size() * 6 / 8;
  std::vector<std::uint8_t> bytes;
  bytes.reserve(size);
  for (Decoder it(text.begin()); bytes.size() < size; ++it) {
    bytes.push_back(static_cast<std::uint8_t>(*it));
  }
  // One code per payload: the unused bits of the last character are zero.
  std::string canonical = base64url_encode(bytes);
  for (char& c : canonical) c = c == '-' ? '+' : c == '_' ? '/' : c;
  if (canonical != text) return std::nullopt;
  return bytes;
}

/// True for a list of strings anywhere in `value`: a word list of the player's own.
bool holds_words(const Json& value) {
  if (value.is_array()) {
    return std::any_of(value.begin(), value.end(),
                       [](const Json& item) { return item.is_string() || holds_words(item); });
  }
  if (value.is_object()) {
    return std::any_of(value.begin(), value.end(),
                       [](const Json& item) { return holds_words(item); });
  }
  return false;
}

/// `config` without the fields that hold their defaults (the game's config schema says them).
Json without_defaults(const GameEntry& entry, const Json& config) {
  if (!config.is_object()) return config;
  Json schema;
  try {
    schema = entry.config_schema();
  } catch (const std::exception&) {
    return config;
  }
  const Json properties =
      schema.is_object() ? schema.value("properties", Json::object()) : Json::object();
  Json compact = Json::object();
  for (const auto& [field, value] : config.items()) {
    const auto property = properties.find(field);
    if (property != properties.end() && property->is_object()) {
      const auto fallback = property->find("default");
      if (fallback != property->end() && *fallback == value) continue;
    }
    compact[field] = value;
  }
  return compact;
}

}  // namespace

std::string encode_challenge(const Challenge& challenge) {
  const GameEntry* entry = find_game(challenge.game);
  if (entry == nullptr) throw ChallengeError(fmt::format("no game '{}'", challenge.game));
  if (holds_words(challenge.config)) {
    throw ChallengeError(
        "a game on a word list of one's own makes no challenge: the code would carry its words");
  }
  const Json payload = Json::array({entry->name, without_defaults(*entry, challenge.config),
                                    challenge.seed, challenge.name, challenge.result});
  std::vector<std::uint8_t> bytes = {kChallengeVersion};
  Json::to_msgpack(payload, bytes);
  const std::uint32_t checksum = checksum_of(bytes, bytes.size());
  for (int shift = 24; shift >= 0; shift -= 8) {
    bytes.push_back(static_cast<std::uint8_t>(checksum >> shift));
  }
  return base64url_encode(bytes);
}

Challenge decode_challenge(std::string_view code) {
  // A code printed over several lines comes back with its breaks: spaces and '\\' dropped.
  std::string joined;
  for (const char c : code.substr(0, kMaxCodeLength + 1)) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\\') joined += c;
  }
  if (joined.empty()) throw ChallengeError("an empty challenge code");
  if (code.size() > kMaxCodeLength) throw ChallengeError("too long for a challenge code");
  const std::optional<std::vector<std::uint8_t>> bytes = base64url_decode(joined);
  if (!bytes) {
    throw ChallengeError(
        "not a challenge code: a code is letters, digits, '-' and '_' (was it copied whole?)");
  }
  if (bytes->size() < 1 + kChecksumBytes + 1) {
    throw ChallengeError("this challenge code is cut short (was it copied whole?)");
  }
  const std::size_t body = bytes->size() - kChecksumBytes;
  std::uint32_t carried = 0;
  for (std::size_t i = body; i < bytes->size(); ++i) carried = (carried << 8) | (*bytes)[i];
  if (carried != checksum_of(*bytes, body)) {
    throw ChallengeError(
        "this challenge code does not check out: it was altered or cut short (was it copied "
        "whole?)");
  }
  if ((*bytes)[0] != kChallengeVersion) {
    throw ChallengeError(
        fmt::format("a challenge code of version {}; this program reads version {}", (*bytes)[0],
                    kChallengeVersion));
  }
  Json payload;
  try {
    payload = Json::from_msgpack(bytes->begin() + 1, bytes->begin() + static_cast<long>(body));
  } catch (const Json::exception&) {
    throw ChallengeError("this challenge code holds no challenge");
  }
  if (!payload.is_array() || payload.size() != 5 || !payload[0].is_string() ||
      !payload[1].is_object() || !payload[2].is_number_unsigned() || !payload[3].is_string() ||
      !payload[4].is_string()) {
    throw ChallengeError("this challenge code holds no challenge");
  }
  Challenge challenge;
  const std::optional<std::string> game = payload[0].get<std::string>();
  const GameEntry* entry = find_game(*game);
  if (entry == nullptr) {
    throw ChallengeError(
        fmt::format("a challenge to a game this program does not know ('{}')", *game));
  }
  challenge.game = std::string(entry->name);
  challenge.config = payload[1];
  challenge.seed = payload[2].get<std::uint64_t>();
  challenge.name = payload[3].get<std::string>();
  challenge.result = payload[4].get<std::string>();
  return challenge;
}

std::optional<Challenge> challenge_of(const GameEntry& entry, const FinishedGame& game, Seat seat,
                                      std::string_view name) {
  if (!entry.share || holds_words(game.config)) return std::nullopt;
  const ShareText share = entry.share(game, seat);
  if (share.game != 0) return std::nullopt;
  return Challenge{std::string(entry.name),
                   without_defaults(entry, share.config.is_null() ? game.config : share.config),
                   game.seed, std::string(name), share.result};
}

std::unique_ptr<GameSession> open_challenge(const Challenge& challenge,
                                            std::shared_ptr<const Lexicon> lexicon) {
  const GameEntry* entry = find_game(challenge.game);
  if (entry == nullptr) {
    throw ChallengeError(
        fmt::format("a challenge to a game this program does not know ('{}')", challenge.game));
  }
  try {
    return entry->open(challenge.config, challenge.seed, std::move(lexicon));
  } catch (const ConfigError& error) {
    throw ChallengeError(
        fmt::format("this challenge's game cannot be played here: {}", error.what()));
  }
}

}  // namespace wg::app
