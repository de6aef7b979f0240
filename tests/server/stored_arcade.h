#pragma once
/// The fixture of the API tests that need the store: an arcade over a SQLite store in a
/// temporary folder, on a test clock, called as the HTTP server calls it (handler_calls.h), and
/// restarted on the same file as a killed server would be.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>

#include "app/lexicon_catalog.h"
#include "app/store_factory.h"
#include "server/arcade.h"
#include "server/test_time.h"
#include "support/temp_dir.h"

namespace wg::server::test {

class StoredArcadeTest : public ::testing::Test {
 protected:
  /// `folder`: the temporary folder's name, one per test file.
  explicit StoredArcadeTest(std::string folder) : dir_(std::move(folder)) {}

  wg::test::TempDir dir_;
  TestTime time_;
  /// The options of every arcade made here (make() sets the store): a test that changes them
  /// makes the arcade again, or restarts it.
  ArcadeOptions options_;
  std::shared_ptr<app::GameStore> store_ = open_store();
  std::unique_ptr<Arcade> arcade_ = make(store_);

  std::shared_ptr<app::GameStore> open_store() { return app::open_store(dir_.path()); }
  /// An arcade with options_ over `store` (null: none, as `serve --no-store`).
  std::unique_ptr<Arcade> make(std::shared_ptr<app::GameStore> store) {
    ArcadeOptions options = options_;
    options.store = std::move(store);
    return std::make_unique<Arcade>(app::built_in_lexicon().lexicon, options, time_.clock());
  }
  /// The server stopped (killed: nothing is kept but what the store wrote) and started again
  /// on the same database file.
  void restart() {
    arcade_.reset();
    store_.reset();
    store_ = open_store();
    arcade_ = make(store_);
  }
};

}  // namespace wg::server::test
