#pragma once
/// The store's schema in PostgreSQL: the tables and indexes of the SQLite store
/// (sqlite_store.h) in PostgreSQL's types, at the same schema version (kStoreSchemaVersion), so
/// that one store port reads and writes the same things in either database.
///
/// Rules, as the SQLite store's: migrations by version, applied when the store opens, all in
/// one transaction (PostgreSQL's DDL is transactional: a failed migration leaves the database
/// as it was); two programs opening one database at once migrate it once (an advisory lock
/// taken in the transaction); a database of a newer wordgames, or one whose schema holds
/// tables of something else, is refused with a StoreError and left untouched.
///
/// The tables live in the connection's current schema (the first of its search_path,
/// "public" by default). The version is kept in the table wordgames_schema, one row.
///
/// Types: SQLite's INTEGER columns are BIGINT (a seed keeps the unsigned 64-bit seed's bits as
/// a signed BIGINT, as in SQLite), its 0/1 flags BOOLEAN, its row ids identities that are
/// never given twice; JSON (configs, commands, results, saved games) and logs are kept as TEXT,
/// byte for byte as the codecs write them; a player's name is unique without regard to ASCII
/// case, as SQLite's COLLATE NOCASE makes it.

#include "app/postgres_connection.h"

namespace wg::app {

/// The schema version of the database: 0 for one that holds no table yet, else the version
/// its wordgames_schema row records. Throws StoreError for a database whose schema holds
/// tables but is not a wordgames store.
int postgres_schema_version(PostgresConnection& connection);

/// Brings the database up to kStoreSchemaVersion, one migration per version it lacks, in one
/// transaction; does nothing to one already there. Throws StoreError, leaving the database as
/// it was, when it is of a newer wordgames, not a wordgames store, or a migration fails.
void migrate_postgres_schema(PostgresConnection& connection);

}  // namespace wg::app
