// app/hangman_open_library.h without the network: work IDs, the refusal of a bad one before any
// fetch, and the base URL from the environment. Fetches against a stand-in server are in
// tests/server/hangman_dictionaries_test.cpp.

#include "app/hangman_open_library.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace wg::app {
namespace {

TEST(OpenLibrary, WorkIdsAreOLDigitsW) {
  EXPECT_TRUE(valid_work_id("OL45804W"));
  EXPECT_TRUE(valid_work_id("OL1W"));
  EXPECT_TRUE(valid_work_id("OL123456789012W"));
  EXPECT_FALSE(valid_work_id("OL1234567890123W")) << "13 digits";
  EXPECT_FALSE(valid_work_id("OLW"));
  EXPECT_FALSE(valid_work_id("OL26412312M")) << "an edition, not a work";
  EXPECT_FALSE(valid_work_id("OL1A")) << "an author";
  EXPECT_FALSE(valid_work_id("ol45804w"));
  EXPECT_FALSE(valid_work_id("OL45804W.json"));
  EXPECT_FALSE(valid_work_id("OL4/../5W"));
  EXPECT_FALSE(valid_work_id("https://openlibrary.org/works/OL45804W"));
  EXPECT_FALSE(valid_work_id(""));
}

TEST(OpenLibrary, ABadIdIsRefusedBeforeAnyConnection) {
  OpenLibraryOptions options;
  options.base_url = "http://127.0.0.1:1";  // would fail as unreachable, were it tried
  try {
    fetch_work("OL1M", options);
    FAIL() << "an edition ID";
  } catch (const OpenLibraryError& error) {
    EXPECT_EQ(error.failure(), OpenLibraryFailure::kBadWorkId);
    EXPECT_EQ(std::string(error.what()), work_id_refusal("OL1M"));
  }
}

TEST(OpenLibrary, TheBaseUrlComesFromTheEnvironment) {
  ::unsetenv("WG_OPENLIBRARY_URL");
  EXPECT_EQ(open_library_options().base_url, "https://openlibrary.org");
  ::setenv("WG_OPENLIBRARY_URL", "http://127.0.0.1:8081/", 1);
  EXPECT_EQ(open_library_options().base_url, "http://127.0.0.1:8081");
  ::unsetenv("WG_OPENLIBRARY_URL");
  EXPECT_EQ(work_source("OL1W"), "Open Library work OL1W");
}

}  // namespace
}  // namespace wg::app
