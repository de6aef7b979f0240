#pragma once
/// Position hangman's dictionaries over HTTP (docs/API.md, "Hangman dictionaries"): what the
/// game would make of an uploaded text or of an Open Library work, its statistics and the rule
/// it breaks, and the default dictionary's statistics. The app layer decides all of it
/// (app/hangman_dictionary_source.h, app/hangman_open_library.h, the same code as the terminal's);
/// the browser shows it and creates its session with the words as config.words.
///
/// Open Library fetches block (up to the client's timeouts), so they run on a worker thread of
/// this class's own, never on the server's I/O threads; the answer is sent from there.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "app/hangman_open_library.h"
#include "app/json.h"
#include "games/hangman/dictionary.h"
#include "lexicon/lexicon.h"
#include "server/http_server.h"

namespace wg::server {

struct DictionaryOptions {
  /// False: the Open Library route answers 503 "offline" without trying (serve --offline, a
  /// machine with no network, a classroom that must not reach out).
  bool fetch_open_library = true;
  app::OpenLibraryOptions open_library = app::open_library_options();
  /// Fetches waiting for the worker beyond the one it runs: more are refused (503 busy).
  std::size_t max_waiting_fetches = 8;
};

class Dictionaries {
 public:
  Dictionaries(std::shared_ptr<const Lexicon> lexicon, DictionaryOptions options = {});
  /// Waits for the fetch in progress, if any (bounded by the client's timeouts); drops those
  /// still waiting, answering them 503.
  ~Dictionaries();
  Dictionaries(const Dictionaries&) = delete;
  Dictionaries& operator=(const Dictionaries&) = delete;

  /// True for the paths answered here: /api/hangman/dictionaries and below.
  static bool owns(std::string_view path);
  /// True for the path whose body is a whole text to make a dictionary of (a book's worth of
  /// words), read with the larger upload limit.
  static bool takes_upload(std::string_view path);

  /// Answers a request for one of those paths, at once or later from the worker. The caller has
  /// checked the request's origin.
  void handle(const HttpRequest& request, Respond respond);

 private:
  HttpResponse answer_now(const HttpRequest& request);
  void fetch(const HttpRequest& request, Respond respond);
  HttpResponse fetched(const std::string& work) const;
  void run_worker();
  /// The default dictionary's statistics, computed once.
  const app::Json& default_stats();

  std::shared_ptr<const Lexicon> lexicon_;
  DictionaryOptions options_;
  std::once_flag default_once_;
  app::Json default_stats_;

  std::mutex mutex_;  ///< guards the queue and stopping_
  std::condition_variable wake_;
  struct Fetch {
    std::string work;
    Respond respond;
  };
  std::deque<Fetch> queue_;
  bool stopping_ = false;
  std::thread worker_;  ///< started at the first fetch
};

}  // namespace wg::server
