#include "cli/context.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <iostream>
#include <random>
#include <utility>

#include <fmt/format.h>

#include "app/postgres_connection.h"
#include "app/store_factory.h"
#include "app/user_data.h"
#include "cli/output.h"
#include "cli/prompt.h"
#include "core/text.h"

namespace wg::cli {

Context::Context(std::istream& in, std::ostream& out, std::ostream& err, bool interactive,
                 std::ostream* live)
    : in_(in),
      out_(out),
      live_(live),
      err_(err),
      interactive_(interactive),
      columns_(interactive && &out == &std::cout ? std::max<std::size_t>(terminal_columns(), 40)
                                                 : kColumns) {}

std::shared_ptr<const Lexicon> Context::shared_lexicon() {
  if (!lexicon_) {
    lexicon_ = options_.lexicon_path.empty() ? app::built_in_lexicon()
                                             : app::load_lexicon_file(options_.lexicon_path);
  }
  return lexicon_->lexicon;
}

const LexiconInfo& Context::lexicon_info() {
  shared_lexicon();
  return lexicon_->info;
}

std::uint64_t Context::seed() {
  if (options_.seed) return *options_.seed;
  if (!random_seed_) {
    std::random_device device;
    const auto ticks =
        static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
    random_seed_ = (static_cast<std::uint64_t>(device()) << 32 | device()) ^ ticks;
  }
  return *random_seed_;
}

std::filesystem::path Context::data_dir() const {
  if (!options_.data_dir.empty()) return options_.data_dir;
  try {
    return app::user_data_dir();
  } catch (const std::exception& error) {
    throw app::StoreError(error.what());
  }
}

app::GameStore& Context::required_game_store() {
  if (app::GameStore* store = game_store_or_problem()) return *store;
  throw app::StoreError(store_problem_);
}

app::GameStore* Context::game_store() {
  app::GameStore* store = game_store_or_problem();
  if (store == nullptr) warn_not_saving(store_problem_);
  return store;
}

app::GameStore* Context::game_store_or_problem() {
  if (store_opened_) return game_store_.get();
  store_opened_ = true;
  try {
    game_store_ = open_game_store();
    if (game_store_->read_only()) {
      print_warning(err_, fmt::format("{} is read-only (so is its folder): your games and "
                                      "statistics are shown, but no new game is kept",
                                      game_store_->location()));
    }
    // The files an older wordgames kept in a data directory join the database of that
    // directory, once; a PostgreSQL store has no directory.
    if (app::is_postgres_url(options_.store)) return game_store_.get();
    const std::filesystem::path dir =
        options_.store.empty() ? data_dir() : std::filesystem::path(options_.store);
    const app::ImportReport report = game_store_->import_file_store(dir);
    for (const std::string& problem : report.problems) {
      print_warning(err_, problem);
    }
    if (!report.already_done && report.history_records + report.word_lists + report.games != 0) {
      print_message(
          err_,
          fmt::format("imported {} of a history, {} and {} from {}",
                      count_of(static_cast<long long>(report.history_records), "game"),
                      count_of(static_cast<long long>(report.word_lists), "word list"),
                      count_of(static_cast<long long>(report.games), "saved game"), dir.string()));
    }
  } catch (const std::exception& error) {
    game_store_.reset();
    store_problem_ = error.what();
  }
  return game_store_.get();
}

std::unique_ptr<app::GameStore> Context::open_game_store() const {
  if (!options_.store.empty()) return app::open_store_at(options_.store);
  return app::open_store(data_dir());
}

void Context::warn_not_saving(std::string_view problem) {
  if (warned_) return;
  warned_ = true;
  print_warning(err_, fmt::format("cannot save games: {}; playing on without saving", problem));
}

app::Store& Context::store() {
  if (app::GameStore* store = game_store()) return *store;
  if (!file_store_) {
    file_store_ = options_.data_dir.empty() ? std::make_unique<app::FileStore>()
                                            : std::make_unique<app::FileStore>(options_.data_dir);
  }
  return *file_store_;
}

const std::string& Context::player_name() {
  if (player_) return *player_;
  app::GameStore* store = game_store();
  std::string name = options_.player;
  try {
    if (name.empty() && store != nullptr) {
      // A name stored by an older wordgames or another program may break the rule: never
      // play under it again.
      const std::optional<app::Player> last = store->last_player();
      if (last && wg::valid_player_name(last->name)) name = last->name;
    }
    if (name.empty() && store != nullptr && interactive_) name = ask_player_name();
    if (name.empty()) name = kDefaultPlayerName;
    if (store != nullptr) name = store->set_last_player(name).name;
  } catch (const std::exception& error) {
    warn_not_saving(error.what());
    if (name.empty()) name = kDefaultPlayerName;
  }
  player_ = name;
  return *player_;
}

std::string Context::ask_player_name() {
  Prompt prompt(in_, out_, !interactive_);
  const std::optional<std::string> name = prompt.ask<std::string>(
      "Your name: ", [](std::string_view answer, std::string& error) -> std::optional<std::string> {
        if (wg::valid_player_name(answer)) return std::string(answer);
        error = "A name is 1 to 40 bytes of text, without control characters.";
        return std::nullopt;
      });
  in_.clear();
  return name.value_or(std::string());
}

std::int64_t Context::record(const app::FinishedGame& game, std::int64_t unfinished_id) {
  app::GameStore* store = game_store();
  if (store == nullptr) return 0;
  try {
    return store->record_finished_game(game, unfinished_id);
  } catch (const std::exception& error) {
    warn_not_saving(error.what());
    return 0;
  }
}

std::int64_t Context::save_unfinished(const app::UnfinishedGame& game) {
  app::GameStore* store = game_store();
  if (store == nullptr) return 0;
  try {
    try {
      return store->save_unfinished(game);
    } catch (const app::StoreError&) {
      if (game.id == 0) throw;
      app::UnfinishedGame anew = game;  // its row is gone: save it as a new one
      anew.id = 0;
      return store->save_unfinished(anew);
    }
  } catch (const std::exception& error) {
    warn_not_saving(error.what());
    return 0;
  }
}

void Context::delete_unfinished(std::int64_t id) {
  app::GameStore* store = game_store();
  if (store == nullptr) return;
  try {
    store->delete_unfinished(id);
  } catch (const std::exception& error) {
    warn_not_saving(error.what());
  }
}

namespace {

/// `text` as one word of a shell command line: quoted unless it is plain.
std::string shell_word(std::string_view text) {
  const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) ||
           std::string_view("-_./=:,+@").find(c) != std::string_view::npos;
  });
  if (plain) return std::string(text);
  std::string quoted = "'";
  for (const char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace

std::string Context::resume_command(std::int64_t id) const {
  std::string command = "wordgames";
  if (!options_.data_dir.empty()) command += " --data " + shell_word(options_.data_dir);
  if (!options_.store.empty()) command += " --store " + shell_word(options_.store);
  if (!options_.player.empty()) command += " --player " + shell_word(options_.player);
  if (!options_.lexicon_path.empty()) command += " --lexicon " + shell_word(options_.lexicon_path);
  return command + fmt::format(" resume {}", id);
}

std::int64_t Context::now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace wg::cli
