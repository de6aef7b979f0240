#pragma once
/// What the fuzz targets share: the input as text, and a check that stops the run (abort, which
/// libFuzzer reports with the input) when a property that must hold does not.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace wg::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

/// Aborts with `what` when `condition` is false: a property of the parser was broken.
inline void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz property broken: %s\n", what);
  std::abort();
}

}  // namespace wg::fuzz
