#include "server/hangman_dictionaries.h"

#include <utility>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "app/hangman_dictionary_source.h"
#include "lexicon/word_list.h"
#include "server/responses.h"

namespace wg::server {

using app::Json;

namespace {

constexpr std::string_view kBase = "/api/hangman/dictionaries";

HttpResponse wrong_method(const HttpRequest& request, std::string_view allowed) {
  HttpResponse response =
      error(405, "method_not_allowed", fmt::format("{} takes {}", request.path, allowed));
  response.headers.emplace_back("Allow", std::string(allowed));
  return response;
}

std::string_view rule_name(hangman::DictionaryRule rule) {
  switch (rule) {
    case hangman::DictionaryRule::kTooFewWords:
      return "too_few_words";
    case hangman::DictionaryRule::kWordTooShort:
      return "word_too_short";
    case hangman::DictionaryRule::kTooFewLongWords:
      return "too_few_long_words";
  }
  return "";
}

/// {source, words, skipped, stats, playable, rule, problem}: the draft as the browser shows it.
Json draft_json(const app::DictionaryDraft& draft, std::string_view source) {
  return {{"source", source},
          {"words", draft.words},
          {"skipped", draft.skipped},
          {"stats", app::stats_json(draft.stats)},
          {"playable", draft.playable()},
          {"rule", draft.rule ? Json(rule_name(*draft.rule)) : Json(nullptr)},
          {"problem", draft.rule ? Json(draft.problem) : Json(nullptr)}};
}

/// The body as a JSON object with one string field `key` and nothing else, or the refusal.
std::variant<std::string, HttpResponse> one_text_field(const HttpRequest& request,
                                                       std::string_view key,
                                                       std::string_view example) {
  const std::variant<Json, std::string> parsed = app::parse_json(request.body);
  if (const std::string* problem = std::get_if<std::string>(&parsed)) {
    return error(400, "bad_json", fmt::format("the body is {}", *problem));
  }
  const Json& body = std::get<Json>(parsed);
  if (!body.is_object() || body.size() != 1 || !body.contains(key) || !body[key].is_string()) {
    return error(400, "bad_request", fmt::format("the body is {}", example));
  }
  return body[key].get<std::string>();
}

}  // namespace

Dictionaries::Dictionaries(std::shared_ptr<const Lexicon> lexicon, DictionaryOptions options)
    : lexicon_(std::move(lexicon)), options_(std::move(options)) {}

Dictionaries::~Dictionaries() {
  std::deque<Fetch> dropped;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    dropped.swap(queue_);
  }
  wake_.notify_all();
  for (Fetch& fetch : dropped) {
    fetch.respond(error(503, "stopping", "the server is stopping; try again later"));
  }
  if (worker_.joinable()) worker_.join();
}

bool Dictionaries::owns(std::string_view path) {
  return path.starts_with(kBase) && (path.size() == kBase.size() || path[kBase.size()] == '/');
}

bool Dictionaries::takes_upload(std::string_view path) { return path == kBase; }

void Dictionaries::handle(const HttpRequest& request, Respond respond) {
  if (request.path == fmt::format("{}/open-library", kBase)) {
    if (request.method != "POST") {
      respond(wrong_method(request, "POST"));
      return;
    }
    fetch(request, std::move(respond));
    return;
  }
  HttpResponse response;
  try {
    response = answer_now(request);
  } catch (const std::exception& e) {
    response = error(500, "internal", fmt::format("the server failed: {}", e.what()));
  }
  respond(std::move(response));
}

const Json& Dictionaries::default_stats() {
  std::call_once(default_once_, [this] {
    try {
      const hangman::Dictionary dictionary = hangman::Dictionary::from_lexicon(*lexicon_);
      default_stats_ = {{"source", "default"},
                        {"stats", app::stats_json(dictionary.stats())},
                        {"playable", true},
                        {"rule", nullptr},
                        {"problem", nullptr}};
    } catch (const hangman::DictionaryError& problem) {
      default_stats_ = {{"source", "default"},
                        {"stats", nullptr},
                        {"playable", false},
                        {"rule", rule_name(problem.rule())},
                        {"problem", problem.what()}};
    }
  });
  return default_stats_;
}

HttpResponse Dictionaries::answer_now(const HttpRequest& request) {
  const bool get = request.method == "GET" || request.method == "HEAD";
  if (request.path == fmt::format("{}/default", kBase)) {
    if (!get) return wrong_method(request, "GET");
    return json_response(200, default_stats());
  }
  if (request.path != kBase && request.path != fmt::format("{}/", kBase)) {
    return error(404, "not_found", fmt::format("nothing at {} {}", request.method, request.path));
  }
  if (request.method != "POST") return wrong_method(request, "POST");
  auto text = one_text_field(request, "text", "{\"text\": \"the text to take the words from\"}");
  if (auto* refused = std::get_if<HttpResponse>(&text)) return std::move(*refused);
  constexpr std::string_view kSource = "the text";
  try {
    return json_response(
        200, draft_json(app::draft_dictionary(std::get<std::string>(text), kSource), kSource));
  } catch (const LexiconError& problem) {  // binary, UTF-16
    return error(400, "bad_text", problem.what());
  } catch (const app::DocumentError& problem) {  // a JSON object with no description
    return error(400, "bad_text", problem.what());
  }
}

void Dictionaries::fetch(const HttpRequest& request, Respond respond) {
  auto work = one_text_field(request, "work", "{\"work\": \"OL45804W\"}");
  if (auto* refused = std::get_if<HttpResponse>(&work)) {
    respond(std::move(*refused));
    return;
  }
  std::string id = std::move(std::get<std::string>(work));
  if (!app::valid_work_id(id)) {
    respond(error(400, "bad_work_id", app::work_id_refusal(id)));
    return;
  }
  if (!options_.fetch_open_library) {
    respond(error(503, "offline",
                  "this server does not fetch from Open Library (it runs offline): upload a "
                  "text file instead"));
    return;
  }
  {
    std::unique_lock lock(mutex_);
    if (queue_.size() >= options_.max_waiting_fetches) {
      lock.unlock();
      respond(error(503, "busy", "too many Open Library fetches at once; try again shortly"));
      return;
    }
    queue_.push_back({std::move(id), std::move(respond)});
    if (!worker_.joinable()) worker_ = std::thread([this] { run_worker(); });
  }
  wake_.notify_one();
}

void Dictionaries::run_worker() {
  for (;;) {
    Fetch job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    HttpResponse response;
    try {
      response = fetched(job.work);
    } catch (const std::exception& e) {
      response = error(500, "internal", fmt::format("the server failed: {}", e.what()));
    }
    job.respond(std::move(response));
  }
}

HttpResponse Dictionaries::fetched(const std::string& work) const {
  const std::string source = app::work_source(work);
  try {
    Json reply = draft_json(app::draft_from_work(work, options_.open_library), source);
    reply["work"] = work;
    return json_response(200, reply);
  } catch (const app::OpenLibraryError& problem) {
    switch (problem.failure()) {
      case app::OpenLibraryFailure::kBadWorkId:
        return error(400, "bad_work_id", problem.what());
      case app::OpenLibraryFailure::kNotFound:
        return error(404, "unknown_work", problem.what());
      case app::OpenLibraryFailure::kUnreachable:
        return error(502, "unreachable", problem.what());
      case app::OpenLibraryFailure::kBadAnswer:
        break;
    }
    return error(502, "bad_answer", problem.what());
  } catch (const LexiconError& problem) {
    return error(502, "bad_answer", problem.what());
  } catch (const app::DocumentError& problem) {
    return error(422, "no_description", problem.what());
  }
}

}  // namespace wg::server
