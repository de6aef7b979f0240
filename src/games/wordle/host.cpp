#include "games/wordle/host.h"

#include <algorithm>
#include <array>
#include <numeric>

#include "core/enum_names.h"
#include "games/wordle/guesser.h"

namespace wg::wordle {

namespace {
constexpr Named<HostKind> kHostNames[] = {{HostKind::kLargest, "largest"},
                                          {HostKind::kLookahead, "lookahead"},
                                          {HostKind::kFair, "fair"}};
}  // namespace

std::string_view to_string(HostKind host) { return name_of(kHostNames, host); }

std::optional<HostKind> parse_host(std::string_view name) { return value_named(kHostNames, name); }

std::span<const HostKind> all_hosts() {
  static constexpr std::array kAll = {HostKind::kLargest, HostKind::kLookahead, HostKind::kFair};
  return kAll;
}

std::vector<Family> partition(const WordBank& words, std::span<const WordId> answers,
                              std::span<const Letter> guess) {
  std::vector<std::vector<WordId>> by_pattern(pattern_count(words.length()));
  for (WordId id : answers) by_pattern[feedback(guess, words.word(id))].push_back(id);
  std::vector<Family> families;
  for (std::size_t p = 0; p < by_pattern.size(); ++p) {
    if (!by_pattern[p].empty()) {
      families.push_back(Family{static_cast<Pattern>(p), std::move(by_pattern[p])});
    }
  }
  return families;
}

bool larger_family(const Family& a, const Family& b, std::size_t length) {
  if (a.words.size() != b.words.size()) return a.words.size() > b.words.size();
  const int ga = greens(a.pattern, length);
  const int gb = greens(b.pattern, length);
  if (ga != gb) return ga < gb;
  const int ya = yellows(a.pattern, length);
  const int yb = yellows(b.pattern, length);
  if (ya != yb) return ya < yb;
  return a.pattern < b.pattern;
}

namespace {

std::vector<std::size_t> largest_order(std::span<const Family> families, std::size_t length) {
  std::vector<std::size_t> order(families.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return larger_family(families[a], families[b], length);
  });
  return order;
}

}  // namespace

std::size_t largest_family(std::span<const Family> families, std::size_t length) {
  return largest_order(families, length).front();
}

long family_hardness(const WordBank& words, const Family& family, const LookaheadLimits& limits) {
  if (family.pattern == all_green(words.length())) return -1;
  const Advice reply =
      best_guess(words, family.words, GuesserLimits{limits.scored, limits.answers});
  return static_cast<long>(reply.worst);
}

std::size_t lookahead_family(const WordBank& words, std::span<const Family> families,
                             const LookaheadLimits& limits) {
  const std::vector<std::size_t> order = largest_order(families, words.length());
  std::size_t chosen = order.front();
  long hardest = -2;
  for (std::size_t k = 0; k < order.size() && k < std::max<std::size_t>(limits.families, 1); ++k) {
    const long hardness = family_hardness(words, families[order[k]], limits);
    if (hardness > hardest) {
      hardest = hardness;
      chosen = order[k];
    }
  }
  return chosen;
}

}  // namespace wg::wordle
