#include "core/play.h"

#include "core/enum_names.h"
#include "core/rng.h"

namespace wg {

ConfigError::ConfigError(std::string field, const std::string& problem)
    : std::invalid_argument(problem), field_(std::move(field)) {}

std::uint64_t game_seed(std::uint64_t session_seed, std::uint64_t index) {
  return Rng(session_seed).fork(index).next();
}

namespace {

constexpr Named<Refusal> kRefusalNames[] = {
    {Refusal::kWrongPhase, "wrong_phase"},  {Refusal::kMalformed, "malformed"},
    {Refusal::kRepeated, "repeated"},       {Refusal::kNotHeld, "not_held"},
    {Refusal::kNotAWord, "not_a_word"},     {Refusal::kTooShort, "too_short"},
    {Refusal::kOutOfRange, "out_of_range"}, {Refusal::kTooLate, "too_late"},
    {Refusal::kNotAllowed, "not_allowed"},  {Refusal::kNotAwaited, "not_awaited"}};

constexpr Named<Secrets> kSecretsNames[] = {{Secrets::kCommon, "common"}, {Secrets::kAll, "all"}};
constexpr Secrets kAllSecrets[] = {Secrets::kCommon, Secrets::kAll};

}  // namespace

std::string_view to_string(Refusal refusal) { return name_of(kRefusalNames, refusal); }

std::string_view to_string(Secrets secrets) { return name_of(kSecretsNames, secrets); }

std::span<const Secrets> all_secrets() { return kAllSecrets; }

std::optional<Secrets> parse_secrets(std::string_view name) {
  return value_named(kSecretsNames, name);
}

}  // namespace wg
