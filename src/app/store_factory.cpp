#include "app/store_factory.h"

#include "app/postgres_connection.h"
#include "app/postgres_store.h"
#include "app/sqlite_store.h"

namespace wg::app {

std::unique_ptr<GameStore> open_store(const std::filesystem::path& data_dir) {
  return std::make_unique<SqliteStore>(data_dir / "wordgames.db");
}

std::unique_ptr<GameStore> open_store_at(std::string_view location) {
  if (is_postgres_url(location)) return std::make_unique<PostgresStore>(location);
  return open_store(std::filesystem::path(location));
}

}  // namespace wg::app
