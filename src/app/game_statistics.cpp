#include "app/game_statistics.h"

#include <fmt/format.h>

#include "core/text.h"

namespace wg::app {

Json statistics_lines_json(const std::vector<StatisticsLine>& lines) {
  Json json = Json::array();
  for (const StatisticsLine& line : lines) {
    Json figures = Json::array();
    for (const StatisticsFigure& figure : line.figures) {
      figures.push_back({{"label", figure.label},
                         {"value", figure.value},
                         {"unit", figure.unit},
                         {"note", figure.note}});
    }
    json.push_back({{"title", line.title}, {"figures", std::move(figures)}});
  }
  return json;
}

std::optional<std::int64_t> detail_integer(const Json& details, std::string_view key) {
  if (!details.is_object()) return std::nullopt;
  const auto found = details.find(key);
  if (found == details.end()) return std::nullopt;
  if (found->is_boolean()) return found->get<bool>() ? 1 : 0;
  if (found->is_number_integer()) return found->get<std::int64_t>();
  return std::nullopt;
}

Json share_of(std::int64_t a, std::int64_t b) {
  return b == 0 ? Json(nullptr) : Json(static_cast<double>(a) / static_cast<double>(b));
}

std::int64_t counter(const Counters& counters, std::string_view name) {
  const auto found = counters.find(name);
  return found == counters.end() ? 0 : found->second;
}

Json counter_rows(const Counters& counters, std::string_view group, const char* key,
                  std::initializer_list<const char*> figures) {
  // "group.N.figure": N a number of up to 9 digits.
  std::map<std::int64_t, std::map<std::string, std::int64_t, std::less<>>> by_number;
  const std::string prefix = fmt::format("{}.", group);
  for (auto it = counters.lower_bound(prefix);
       it != counters.end() && std::string_view(it->first).starts_with(prefix); ++it) {
    const std::string_view rest = std::string_view(it->first).substr(prefix.size());
    const std::size_t dot = rest.find('.');
    if (dot == 0 || dot == std::string_view::npos || dot > 9) continue;
    std::int64_t number = 0;
    bool digits = true;
    for (const char c : rest.substr(0, dot)) {
      digits = digits && c >= '0' && c <= '9';
      number = number * 10 + (c - '0');
    }
    if (digits) by_number[number][std::string(rest.substr(dot + 1))] = it->second;
  }
  Json rows = Json::array();
  for (const auto& [number, values] : by_number) {
    Json row = {{key, number}};
    for (const char* name : figures) {
      const auto found = values.find(name);
      row[name] = found == values.end() ? std::int64_t{0} : found->second;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

std::int64_t row_integer(const Json& row, const char* name) {
  const auto found = row.find(name);
  return found != row.end() && found->is_number_integer() ? found->get<std::int64_t>() : 0;
}

void add_length_counters(std::vector<std::pair<std::string, std::int64_t>>& counters,
                         const Json& details) {
  const std::optional<std::int64_t> length = detail_integer(details, "length");
  if (!length || *length < 1 || *length > 64) return;
  const std::string prefix = fmt::format("length.{}.", *length);
  counters.emplace_back(prefix + "games", 1);
  if (const auto won = detail_integer(details, "won")) counters.emplace_back(prefix + "wins", *won);
  if (const auto misses = detail_integer(details, "misses")) {
    counters.emplace_back(prefix + "misses", *misses);
  }
}

Json misses_by_length(const Counters& counters) {
  Json rows = counter_rows(counters, "length", "length", {"games", "wins", "misses"});
  for (Json& row : rows) {
    row["mean_misses"] = share_of(row_integer(row, "misses"), row_integer(row, "games"));
  }
  return rows;
}

std::vector<StatisticsLine> misses_by_length_lines(const Json& rows) {
  if (!rows.is_array() || rows.empty()) return {};
  StatisticsLine line{"Misses by word length", {}};
  for (const Json& row : rows) {
    line.figures.push_back({fmt::format("{} letters", row_integer(row, "length")),
                            row.value("mean_misses", Json()), "misses",
                            count_of(row_integer(row, "games"), "game")});
  }
  return {std::move(line)};
}

}  // namespace wg::app
