#pragma once
/// Golden files: expected output kept in the repository, compared byte for byte. To re-record
/// after an intended change, run the tests with WG_UPDATE_GOLDEN=1, e.g.
///   WG_UPDATE_GOLDEN=1 ctest --test-dir build -R Golden
/// then review the diff with git before committing.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>

namespace wg::test {

/// Path of a golden file given relative to tests/ in the source tree.
inline std::filesystem::path golden_path(std::string_view relative) {
  return std::filesystem::path(WG_SOURCE_DIR) / "tests" / relative;
}

/// Compares `actual` with the golden file (relative to tests/), or rewrites the file when
/// WG_UPDATE_GOLDEN=1. The failure message names the file and the first differing line.
inline ::testing::AssertionResult matches_golden(std::string_view relative,
                                                 const std::string& actual) {
  const std::filesystem::path path = golden_path(relative);
  const char* update = std::getenv("WG_UPDATE_GOLDEN");
  if (update != nullptr && std::string_view(update) == "1") {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << actual;
    if (!out) return ::testing::AssertionFailure() << "cannot write " << path;
    return ::testing::AssertionSuccess();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return ::testing::AssertionFailure()
           << path << " is missing; record it with WG_UPDATE_GOLDEN=1";
  }
  const std::string expected((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
  if (expected == actual) return ::testing::AssertionSuccess();
  std::istringstream e(expected), a(actual);
  std::string el, al;
  for (int line = 1;; ++line) {
    const bool more_e = static_cast<bool>(std::getline(e, el));
    const bool more_a = static_cast<bool>(std::getline(a, al));
    if (!more_e && !more_a) break;
    if (!more_e || !more_a || el != al) {
      return ::testing::AssertionFailure()
             << path << " differs at line " << line << "\n  expected: " << (more_e ? el : "<end>")
             << "\n  actual:   " << (more_a ? al : "<end>")
             << "\n(re-record with WG_UPDATE_GOLDEN=1 if the change is intended)";
    }
  }
  return ::testing::AssertionFailure() << path << " differs (line endings or final newline)";
}

}  // namespace wg::test
