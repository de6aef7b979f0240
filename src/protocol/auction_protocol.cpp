#include "protocol/auction_protocol.h"

#include <charconv>
#include <vector>

#include <fmt/format.h>

#include "core/text.h"

namespace wg::protocol {

namespace {

/// A list of letters as one word of the protocol: uppercase, "-" when empty.
std::string letters_word(std::span<const Letter> letters, const Alphabet& alphabet) {
  return letters.empty() ? "-" : alphabet.decode_upper(letters);
}

std::string letter_word(Letter letter, const Alphabet& alphabet) {
  return std::string(1, alphabet.upper(letter));
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/// The line's words, split at runs of blanks.
std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> words;
  line = trim(line);
  while (!line.empty()) {
    std::size_t end = 0;
    while (end < line.size() && !is_blank(line[end])) ++end;
    words.push_back(line.substr(0, end));
    line = trim(line.substr(end));
  }
  return words;
}

/// The first word and the rest of the line after it, trimmed.
std::pair<std::string_view, std::string_view> first_word(std::string_view line) {
  line = trim(line);
  std::size_t end = 0;
  while (end < line.size() && !is_blank(line[end])) ++end;
  return {line.substr(0, end), trim(line.substr(end))};
}

}  // namespace

std::string format_hello() { return fmt::format("auction {}", kProtocolVersion); }

std::string format_new_game(const auction::GameInfo& info) {
  const auction::Rules& r = info.rules;
  return fmt::format("newgame {} {} {} {} {} {} {} {} {}", info.seat, r.players, r.rounds,
                     r.hidden_letters, r.rack_size, r.starting_points, r.bonus_length, r.bonus,
                     info.seed);
}

std::string format_new_round(const auction::RoundInfo& info, const Alphabet& alphabet) {
  return fmt::format("newround {} {} {}", info.round, letters_word(info.hidden, alphabet),
                     fmt::join(info.points, " "));
}

std::string format_bid_request(const auction::BidRequest& request, int seat,
                               const Alphabet& alphabet) {
  return fmt::format("bid {} {} {} {} {} {}", request.round, request.number,
                     letter_word(request.letter, alphabet), request.pool_left,
                     request.points[static_cast<std::size_t>(seat)],
                     letters_word(request.letters, alphabet));
}

std::string format_result(const auction::AuctionHeld& auction, const Alphabet& alphabet) {
  std::string line =
      fmt::format("result {} {} {} {} {}", auction.round, auction.number,
                  letter_word(auction.letter, alphabet), auction.winner, auction.price);
  for (const auction::BidEntry& bid : auction.bids) {
    line += ' ';
    line += bid.bidding ? std::to_string(bid.amount) : "-";
  }
  return line;
}

std::string format_word_request(int round, std::span<const Letter> letters,
                                const Alphabet& alphabet) {
  return fmt::format("word {} {}", round, letters_word(letters, alphabet));
}

std::string format_scores(const auction::RoundEnded& round) {
  return fmt::format("scores {} {}", round.round, fmt::join(round.points, " "));
}

std::string format_game_over(const auction::Finished& ended) {
  return fmt::format("gameover {}", fmt::join(ended.points, " "));
}

bool is_comment(std::string_view line) {
  const auto [keyword, rest] = first_word(line);
  return keyword.empty() || keyword == "info";
}

std::optional<std::string> parse_name(std::string_view line) {
  const auto [keyword, name] = first_word(line);
  if (keyword != "name" || name.empty() || name.size() > 64) return std::nullopt;
  for (const char c : name) {
    if (c < ' ' || c > '~') return std::nullopt;  // tabs and control characters too
  }
  return std::string(name);
}

bool parse_ready(std::string_view line) { return trim(line) == "readyok"; }

std::optional<std::int64_t> parse_bid(std::string_view line) {
  const std::vector<std::string_view> words = split(line);
  if (words.size() != 2 || words[0] != "bid") return std::nullopt;
  const std::string_view number = words[1];
  std::int64_t amount = 0;
  const char* end = number.data() + number.size();
  const auto [stop, error] = std::from_chars(number.data(), end, amount);
  if (error != std::errc() || stop != end) return std::nullopt;
  return amount;
}

std::optional<std::string> parse_word(std::string_view line) {
  const std::vector<std::string_view> words = split(line);
  if (words.size() != 2 || words[0] != "word") return std::nullopt;
  if (words[1] == "-") return std::string();
  return std::string(words[1]);
}

std::string quote_line(std::string_view line) {
  constexpr std::size_t kMaxShown = 60;
  std::string quoted = "'";
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (quoted.size() - 1 >= kMaxShown) {  // characters shown, escapes counted (\xff: 4)
      quoted += "...";
      break;
    }
    const auto c = static_cast<unsigned char>(line[i]);
    if (c < 0x20 || c >= 0x7F) {
      quoted += fmt::format("\\x{:02x}", c);
    } else {
      quoted += static_cast<char>(c);
    }
  }
  return quoted + "'";
}

}  // namespace wg::protocol
