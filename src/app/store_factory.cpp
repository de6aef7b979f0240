#include "app/store_factory.h"

#include "app/sqlite_store.h"

namespace wg::app {

std::unique_ptr<GameStore> open_store(const std::filesystem::path& data_dir) {
  return std::make_unique<SqliteStore>(data_dir / "wordgames.db");
}

}  // namespace wg::app
