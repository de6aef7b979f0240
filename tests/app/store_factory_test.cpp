// src/app/store_factory.h: which store a location opens. A PostgreSQL URL's store is tested
// against a server in postgres_store_test.cpp.

#include "app/store_factory.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "support/temp_dir.h"

namespace wg::app {
namespace {

TEST(StoreFactoryTest, ADataDirectoryOpensItsSqliteDatabase) {
  test::TempDir dir("wg-store-factory");
  const std::filesystem::path data = dir / "data";
  {
    const auto store = open_store_at(data.string());
    EXPECT_EQ(store->location(), (data / "wordgames.db").string());
    store->player("Ann");
  }
  EXPECT_TRUE(std::filesystem::is_regular_file(data / "wordgames.db"));
  // The same store as open_store(data_dir) opens.
  EXPECT_TRUE(open_store(data)->find_player("ann").has_value());
  // A location that only looks like a URL of another kind is a directory too.
  const std::string other = (dir / "sqlite:x").string();
  EXPECT_EQ(open_store_at(other)->location(), other + "/wordgames.db");
}

TEST(StoreFactoryTest, AnUnreachablePostgresUrlIsAStoreErrorWithoutItsPassword) {
  // Port 1 of this machine: refused at once, whether or not PostgreSQL is installed.
  for (const char* url : {"postgresql://ann:s3cr3t@127.0.0.1:1/wordgames",
                          "postgres://ann:s3cr3t@127.0.0.1:1/wordgames"}) {
    try {
      open_store_at(url);
      ADD_FAILURE() << url << " opened";
    } catch (const StoreError& error) {
      const std::string message = error.what();
      EXPECT_NE(message.find("127.0.0.1"), std::string::npos) << message;
      EXPECT_EQ(message.find("s3cr3t"), std::string::npos) << message;
    }
  }
}

}  // namespace
}  // namespace wg::app
