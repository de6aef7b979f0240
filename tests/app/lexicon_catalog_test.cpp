#include "app/lexicon_catalog.h"

#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace wg::app {
namespace {

TEST(LexiconCatalog, OffersTheBuiltInListFirst) {
  LexiconCatalog catalog;
  ASSERT_FALSE(catalog.entries().empty());
  EXPECT_EQ(catalog.entries().front().name, "enable");
  EXPECT_EQ(catalog.default_name(), "enable");
  const auto enable = catalog.get("enable");
  ASSERT_NE(enable, nullptr);
  EXPECT_EQ(enable->lexicon->size(), 172823u);
  EXPECT_EQ(enable->info.format, LexiconFormat::kBuiltIn);
  EXPECT_EQ(&*enable->lexicon, &default_lexicon());
}

TEST(LexiconCatalog, LoadsAListOnceAndSharesIt) {
  const auto path = std::filesystem::temp_directory_path() / "wg_catalog_test_words.txt";
  std::ofstream(path) << "cat\ndog\nemu\n";
  LexiconCatalog catalog;
  catalog.add_file("pets", "three words", path);
  EXPECT_THROW(catalog.add_file("pets", "again", path), std::invalid_argument);
  const auto first = catalog.get("pets");
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->lexicon->size(), 3u);
  EXPECT_EQ(first->info.format, LexiconFormat::kWordList);
  EXPECT_EQ(catalog.get("pets"), first);
  EXPECT_EQ(catalog.get("nothing"), nullptr);
  std::filesystem::remove(path);
}

TEST(LexiconCatalog, AMissingFileIsAnErrorEachTime) {
  LexiconCatalog catalog;
  catalog.add_file("gone", "", "/nonexistent/words.txt");
  EXPECT_THROW(catalog.get("gone"), LexiconError);
  EXPECT_THROW(catalog.get("gone"), LexiconError);
}

TEST(LexiconCatalog, ThreadsGetTheSameLexicon) {
  LexiconCatalog catalog;
  std::vector<std::shared_ptr<const LoadedLexicon>> got(4);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < got.size(); ++i) {
    threads.emplace_back([&, i] { got[i] = catalog.get("enable"); });
  }
  for (auto& t : threads) t.join();
  for (const auto& g : got) EXPECT_EQ(g, got.front());
}

}  // namespace
}  // namespace wg::app
