// Hangman's dictionaries over HTTP (src/server/dictionaries.h), through the Arcade's Handler: an
// uploaded text, the default dictionary, and Open Library works fetched from a stand-in server
// on loopback (tests/server/open_library_stand_in.h), never the network.

#include "server/hangman_dictionaries.h"

#include <gtest/gtest.h>

#include <future>
#include <memory>
#include <string>
#include <utility>

#include "app/lexicon_catalog.h"
#include "server/arcade.h"
#include "server/handler_calls.h"
#include "server/hangman_routes.h"
#include "server/open_library_stand_in.h"

namespace wg::server {
namespace {

using app::Json;

/// 20 words, 16 of 6 letters and 4 of 9 (exactly the 20 % the rules ask), in running text.
constexpr std::string_view kSmallText =
    "A story: banana, bandit; basket (battle) beaver-beetle bottle butter! Cannon castle cattle "
    "cotton. Damsel dinner falcon forest; absolutes breakfast chocolate dandelion.\n"
    "Short words are left out: cat, dog, the, four, fifth.\n";

class HangmanDictionaries : public ::testing::Test {
 protected:
  test::OpenLibraryStandIn stand_in_;
  ArcadeOptions options_;
  DictionaryOptions dictionaries_ = [this] {  ///< the routes' limits and Open Library
    DictionaryOptions options;
    options.open_library.base_url = stand_in_.url();
    return options;
  }();
  std::unique_ptr<Arcade> arcade_ = make_arcade();

  /// An arcade with the options and dictionary options as they are now.
  std::unique_ptr<Arcade> make_arcade() {
    options_.game_routes = {hangman_routes(dictionaries_)};
    return std::make_unique<Arcade>(app::built_in_lexicon().lexicon, options_);
  }

  /// The answer, whenever it comes (the Open Library route answers from a worker thread).
  HttpResponse request(std::string method, std::string path, std::string body = "",
                       std::string origin = "") {
    return test::handle(*arcade_, test::handler_request(std::move(method), std::move(path),
                                                        std::move(body), std::move(origin)));
  }
  Json post(const std::string& path, const Json& body, int status) {
    const HttpResponse r = request("POST", path, body.dump());
    EXPECT_EQ(r.status, status) << r.body;
    return Json::parse(r.body);
  }
  Json text(std::string_view text, int status = 200) {
    return post("/api/hangman/dictionaries", {{"text", text}}, status);
  }
  Json work(std::string_view id, int status = 200) {
    return post("/api/hangman/dictionaries/open-library", {{"work", id}}, status);
  }
};

std::string work_document(std::string_view description) {
  return Json{{"key", "/works/OL1W"},
              {"title", "A Story"},
              {"description", {{"type", "/type/text"}, {"value", description}}},
              {"revision", 3}}
      .dump();
}

TEST_F(HangmanDictionaries, AnUploadedTextGivesTheWordsTheStatisticsAndNoBrokenRule) {
  const Json reply = text(kSmallText);
  EXPECT_EQ(reply["playable"], true);
  EXPECT_EQ(reply["rule"], nullptr);
  EXPECT_EQ(reply["problem"], nullptr);
  EXPECT_EQ(reply["words"].size(), 20u);
  EXPECT_EQ(reply["words"][0], "ABSOLUTES");
  EXPECT_EQ(reply["stats"]["words"], 20);
  EXPECT_EQ(reply["stats"]["six"], 16);
  EXPECT_EQ(reply["stats"]["seven_to_nine"], 4);
  EXPECT_EQ(reply["stats"]["ten_plus"], 0);
  EXPECT_EQ(reply["stats"]["nine_plus"], 4);
  EXPECT_DOUBLE_EQ(reply["stats"]["share_six"].get<double>(), 0.8);
}

TEST_F(HangmanDictionaries, ATextIsAnUploadABooksWorthOfWords) {
  EXPECT_TRUE(arcade_->takes_upload("/api/hangman/dictionaries"));
  EXPECT_FALSE(arcade_->takes_upload("/api/hangman/dictionaries/open-library"));
  std::string book;
  while (book.size() < 200 * 1024) book += kSmallText;  // over the 64 KiB of other requests
  const Json reply = text(book);
  EXPECT_EQ(reply["playable"], true);
  EXPECT_EQ(reply["words"].size(), 20u);
}

TEST_F(HangmanDictionaries, ATextThatBreaksARuleIsDescribedWithTheRule) {
  Json reply = text("only three longer words: elephant, giraffe, kangaroo");
  EXPECT_EQ(reply["playable"], false);
  EXPECT_EQ(reply["rule"], "too_few_words");
  EXPECT_EQ(reply["problem"], "only 4 words; a dictionary needs at least 20");
  EXPECT_EQ(reply["stats"]["words"], 4);
  std::string short_ones;
  for (int i = 0; i < 25; ++i)
    short_ones += "abcdef" + std::string(1, static_cast<char>('a' + i)) + " ";
  reply = text(short_ones);
  EXPECT_EQ(reply["rule"], "too_few_long_words");
  EXPECT_EQ(reply["problem"].get<std::string>().substr(0, 43),
            "only 0 of 25 words have 9 or more letters; ");
  reply = text("");
  EXPECT_EQ(reply["rule"], "too_few_words");
}

TEST_F(HangmanDictionaries, WhatIsNotTextOrNotARequestIsRefusedWithAJsonError) {
  Json reply = text(std::string("abc\0def", 7), 400);
  EXPECT_EQ(reply["code"], "bad_text");
  EXPECT_EQ(reply["error"].get<std::string>().rfind("the text: ", 0), 0u) << reply;
  reply = text(R"({"title": "no description"})", 400);
  EXPECT_EQ(reply["code"], "bad_text");
  EXPECT_NE(reply["error"].get<std::string>().find("no \"description\""), std::string::npos);
  // A saved Open Library document uploaded as a file: its description is the text.
  EXPECT_EQ(text(work_document(kSmallText))["words"].size(), 20u);
  EXPECT_EQ(post("/api/hangman/dictionaries", {{"words", {"BANANA"}}}, 400)["code"], "bad_request");
  EXPECT_EQ(post("/api/hangman/dictionaries", {{"text", 7}}, 400)["code"], "bad_request");
  HttpResponse r = request("POST", "/api/hangman/dictionaries", "{not json");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(Json::parse(r.body)["code"], "bad_json");
  r = request("GET", "/api/hangman/dictionaries");
  EXPECT_EQ(r.status, 405);
  r = request("GET", "/api/hangman/dictionaries/nothing");
  EXPECT_EQ(r.status, 404);
  EXPECT_EQ(Json::parse(r.body)["code"], "not_found");
  r = request("POST", "/api/hangman/dictionaries", Json{{"text", kSmallText}}.dump(),
              "https://elsewhere.example");
  EXPECT_EQ(r.status, 403) << "another site's page may not use the server";
}

TEST_F(HangmanDictionaries, TheDefaultDictionarysStatistics) {
  const HttpResponse r = request("GET", "/api/hangman/dictionaries/default");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json reply = Json::parse(r.body);
  const hangman::DictionaryStats expected =
      hangman::Dictionary::from_lexicon(*app::built_in_lexicon().lexicon).stats();
  EXPECT_EQ(reply["source"], "default");
  EXPECT_EQ(reply["playable"], true);
  EXPECT_EQ(reply["stats"]["words"], expected.words);
  EXPECT_EQ(reply["stats"]["ten_plus"], expected.ten_plus);
  EXPECT_EQ(request("POST", "/api/hangman/dictionaries/default", "{}").status, 405);
}

TEST_F(HangmanDictionaries, AnOpenLibraryWorkIsFetchedAndReadUnderTheSameRules) {
  stand_in_.add_work("OL1W", work_document(kSmallText));
  Json reply = work("OL1W");
  EXPECT_EQ(reply["work"], "OL1W");
  EXPECT_EQ(reply["source"], "Open Library work OL1W");
  EXPECT_EQ(reply["playable"], true);
  EXPECT_EQ(reply["words"].size(), 20u);
  stand_in_.add_work("OL2W", Json{{"description", "elephant giraffe kangaroo"}}.dump());
  reply = work("OL2W");
  EXPECT_EQ(reply["playable"], false);
  EXPECT_EQ(reply["problem"], "only 3 words; a dictionary needs at least 20");
  // The words make a session as the terminal's would.
  const Json session =
      post("/api/sessions",
           {{"game", "hangman"}, {"seed", 1}, {"config", {{"words", work("OL1W")["words"]}}}}, 201);
  EXPECT_EQ(session["view"]["status"], "playing");
}

TEST_F(HangmanDictionaries, OpenLibraryFailuresAreClearJsonErrors) {
  EXPECT_EQ(work("OL1M", 400)["code"], "bad_work_id");
  EXPECT_EQ(work("https://openlibrary.org/works/OL1W", 400)["code"], "bad_work_id");
  EXPECT_EQ(work("OLW", 400)["code"], "bad_work_id");
  EXPECT_EQ(stand_in_.requests(), 0) << "a bad ID is refused before any fetch";
  Json reply = work("OL404W", 404);
  EXPECT_EQ(reply["code"], "unknown_work");
  EXPECT_EQ(reply["error"], "Open Library has no work OL404W");
  stand_in_.add_work("OL3W", Json{{"title", "no description"}}.dump());
  EXPECT_EQ(work("OL3W", 422)["code"], "no_description");
  stand_in_.add_work("OL4W", "<html>maintenance</html>");
  EXPECT_EQ(work("OL4W", 502)["code"], "bad_answer");
  stand_in_.add_work("OL5W", "{}", 500);
  EXPECT_EQ(work("OL5W", 502)["error"],
            stand_in_.url().substr(7) + " answered HTTP 500 for OL5W");  // host:port, no scheme
  EXPECT_EQ(post("/api/hangman/dictionaries/open-library", {{"id", "OL1W"}}, 400)["code"],
            "bad_request");
  EXPECT_EQ(request("GET", "/api/hangman/dictionaries/open-library").status, 405);
}

TEST_F(HangmanDictionaries, AnUnreachableSiteOrAnOfflineServerSaysSo) {
  dictionaries_.open_library.base_url = "http://127.0.0.1:1";  // nothing listens there
  arcade_ = make_arcade();
  Json reply = work("OL1W", 502);
  EXPECT_EQ(reply["code"], "unreachable");
  EXPECT_EQ(reply["error"].get<std::string>().rfind("could not reach 127.0.0.1:1: ", 0), 0u)
      << reply;
  options_.offline = true;
  arcade_ = make_arcade();
  reply = work("OL1W", 503);
  EXPECT_EQ(reply["code"], "offline");
}

TEST_F(HangmanDictionaries, FetchesWaitForOneWorkerInABoundedQueue) {
  dictionaries_.max_waiting_fetches = 1;
  arcade_ = make_arcade();
  stand_in_.add_work("OL1W", work_document(kSmallText));
  stand_in_.hold();
  auto send = [this] {
    HttpRequest request;
    request.method = "POST";
    request.path = request.target = "/api/hangman/dictionaries/open-library";
    request.body = Json{{"work", "OL1W"}}.dump();
    request.host = "127.0.0.1:8080";
    auto answer = std::make_shared<std::promise<HttpResponse>>();
    std::future<HttpResponse> future = answer->get_future();
    arcade_->handle(std::move(request), [answer](HttpResponse r) { answer->set_value(r); });
    return future;
  };
  std::future<HttpResponse> first = send();  // the worker takes it and waits on the site
  stand_in_.wait_for_requests(1);
  std::future<HttpResponse> second = send();  // waits in the queue (1 place)
  const HttpResponse third = send().get();    // refused at once: handle() never blocks
  EXPECT_EQ(third.status, 503) << third.body;
  EXPECT_EQ(Json::parse(third.body)["code"], "busy");
  stand_in_.release();
  EXPECT_EQ(first.get().status, 200);
  EXPECT_EQ(second.get().status, 200);
  EXPECT_EQ(stand_in_.requests(), 2);
}

TEST_F(HangmanDictionaries, ADocumentOverTheSizeCapIsRefused) {
  dictionaries_.open_library.max_bytes = 1000;
  arcade_ = make_arcade();
  stand_in_.add_work("OL6W", work_document(std::string(5000, 'a')));
  const Json reply = work("OL6W", 502);
  EXPECT_EQ(reply["code"], "bad_answer");
  EXPECT_NE(reply["error"].get<std::string>().find("too large"), std::string::npos) << reply;
}

}  // namespace
}  // namespace wg::server
