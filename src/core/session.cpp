#include "core/session.h"

#include "core/rng.h"

namespace wg {

ConfigError::ConfigError(std::string field, const std::string& problem)
    : std::invalid_argument(problem), field_(std::move(field)) {}

std::uint64_t game_seed(std::uint64_t session_seed, std::uint64_t index) {
  return Rng(session_seed).fork(index).next();
}

std::string_view to_string(Refusal refusal) {
  switch (refusal) {
    case Refusal::kWrongPhase:
      return "wrong_phase";
    case Refusal::kMalformed:
      return "malformed";
    case Refusal::kRepeated:
      return "repeated";
    case Refusal::kNotHeld:
      return "not_held";
    case Refusal::kNotAWord:
      return "not_a_word";
    case Refusal::kTooShort:
      return "too_short";
    case Refusal::kOutOfRange:
      return "out_of_range";
    case Refusal::kTooLate:
      return "too_late";
    case Refusal::kNotAllowed:
      return "not_allowed";
    case Refusal::kNotAwaited:
      return "not_awaited";
  }
  return "unknown";
}

std::string_view to_string(Secrets secrets) { return secrets == Secrets::kAll ? "all" : "common"; }

std::span<const Secrets> all_secrets() {
  static constexpr Secrets kAll[] = {Secrets::kCommon, Secrets::kAll};
  return kAll;
}

std::optional<Secrets> parse_secrets(std::string_view name) {
  if (name == "common") return Secrets::kCommon;
  if (name == "all") return Secrets::kAll;
  return std::nullopt;
}

}  // namespace wg
