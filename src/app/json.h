#pragma once
/// The JSON type of the app layer and the front ends (nlohmann-json). Keys keep their insertion
/// order, so documents read in a stable, logical order. JSON lives in src/app and the front
/// ends only: the games never see it (docs/ARCHITECTURE.md).

#include <nlohmann/json.hpp>

namespace wg::app {

using Json = nlohmann::ordered_json;

}  // namespace wg::app
