#pragma once
/// Where a front end's game store (game_store.h) comes from: the one place that names an
/// implementation, so that hosts hold only the port.

#include <filesystem>
#include <memory>
#include <string_view>

#include "app/game_store.h"

namespace wg::app {

/// Opens the game store of the data directory `data_dir` (the terminal's --data, else
/// user_data_dir()): the SQLite database data_dir/wordgames.db (SqliteStore), created with its
/// directory when missing. Each call opens a store of its own (its own connection). Throws
/// StoreError naming the file when it cannot be opened or created, is not a wordgames store, or
/// comes from a newer wordgames.
std::unique_ptr<GameStore> open_store(const std::filesystem::path& data_dir);

/// Opens the game store at `location` (what a front end's --store names): a PostgreSQL URL
/// (postgresql://... or postgres://..., is_postgres_url) opens that database (PostgresStore,
/// its schema made or brought up to date); anything else is a data directory, as
/// open_store(data_dir). Each call opens a store of its own. Throws StoreError naming the
/// store (never a password) when it cannot be opened, is not a wordgames store, or comes from
/// a newer wordgames. (Named apart from open_store so that a std::string or a path never
/// makes a call ambiguous.)
std::unique_ptr<GameStore> open_store_at(std::string_view location);

}  // namespace wg::app
