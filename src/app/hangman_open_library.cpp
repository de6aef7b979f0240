#include "app/hangman_open_library.h"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <memory>
#include <mutex>

#include <fmt/format.h>

namespace wg::app {

namespace {

/// The longest work number accepted: Open Library's are 8 digits today.
constexpr std::size_t kMaxWorkDigits = 12;

/// curl_global_init is not thread-safe: once, before the first handle.
void init_curl_once() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

struct Received {
  std::string body;
  std::size_t max_bytes = 0;
  bool too_large = false;
};

std::size_t on_data(char* data, std::size_t size, std::size_t count, void* user) {
  auto* received = static_cast<Received*>(user);
  const std::size_t bytes = size * count;
  if (received->body.size() + bytes > received->max_bytes) {
    received->too_large = true;
    return 0;  // stops the transfer (CURLE_WRITE_ERROR)
  }
  received->body.append(data, bytes);
  return bytes;
}

/// The host of a URL, for messages: "https://openlibrary.org" -> "openlibrary.org".
std::string host_of(std::string_view url) {
  const auto scheme = url.find("://");
  if (scheme != std::string_view::npos) url.remove_prefix(scheme + 3);
  return std::string(url.substr(0, std::min(url.find('/'), url.size())));
}

}  // namespace

OpenLibraryOptions open_library_options() {
  OpenLibraryOptions options;
  const char* base = std::getenv("WG_OPENLIBRARY_URL");
  if (base != nullptr && *base != '\0') {
    options.base_url = base;
    while (!options.base_url.empty() && options.base_url.back() == '/') options.base_url.pop_back();
  }
  return options;
}

bool valid_work_id(std::string_view id) {
  if (id.size() < 4 || id.size() > 3 + kMaxWorkDigits) return false;
  if (!id.starts_with("OL") || !id.ends_with('W')) return false;
  const std::string_view digits = id.substr(2, id.size() - 3);
  return std::all_of(digits.begin(), digits.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
}

std::string work_id_refusal(std::string_view id) {
  return fmt::format(
      "'{}' is not an Open Library work ID: it is OL, digits and W, such as OL45804W (the end of "
      "a work's address, openlibrary.org/works/OL45804W)",
      id);
}

std::string work_source(std::string_view work_id) {
  return fmt::format("Open Library work {}", work_id);
}

std::string fetch_work(std::string_view work_id, const OpenLibraryOptions& options) {
  if (!valid_work_id(work_id)) {
    throw OpenLibraryError(OpenLibraryFailure::kBadWorkId, work_id_refusal(work_id));
  }
  init_curl_once();
  const std::unique_ptr<CURL, void (*)(CURL*)> curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) throw OpenLibraryError(OpenLibraryFailure::kUnreachable, "libcurl failed to start");
  const std::string url = fmt::format("{}/works/{}.json", options.base_url, work_id);
  const std::string host = host_of(options.base_url);
  Received received;
  received.max_bytes = options.max_bytes;
  char problem[CURL_ERROR_SIZE] = "";
  CURL* handle = curl.get();
  curl_easy_setopt(handle, CURLOPT_URL, url.c_str());
  curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 1L);  // the site redirects renamed works
  // A redirect never downgrades HTTPS to plain HTTP.
  const bool secure = options.base_url.starts_with("https://");
  curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, secure ? "https" : "http,https");
  curl_easy_setopt(handle, CURLOPT_MAXREDIRS, 5L);
  curl_easy_setopt(handle, CURLOPT_CONNECTTIMEOUT,
                   static_cast<long>(options.connect_timeout.count()));
  curl_easy_setopt(handle, CURLOPT_TIMEOUT, static_cast<long>(options.total_timeout.count()));
  curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);  // threads: no SIGALRM for DNS timeouts
  curl_easy_setopt(handle, CURLOPT_USERAGENT, "wordgames (position hangman dictionaries)");
  curl_easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");  // whatever libcurl can decode
  curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, on_data);
  curl_easy_setopt(handle, CURLOPT_WRITEDATA, &received);
  curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, problem);
  const CURLcode code = curl_easy_perform(handle);
  if (received.too_large) {
    throw OpenLibraryError(
        OpenLibraryFailure::kBadAnswer,
        fmt::format("{} sent more than {} for {}: too large for a dictionary", host,
                    options.max_bytes >= (1 << 20) ? fmt::format("{} MB", options.max_bytes >> 20)
                                                   : fmt::format("{} bytes", options.max_bytes),
                    work_id));
  }
  if (code != CURLE_OK) {
    throw OpenLibraryError(OpenLibraryFailure::kUnreachable,
                           fmt::format("could not reach {}: {}", host,
                                       *problem != '\0' ? problem : curl_easy_strerror(code)));
  }
  long status = 0;
  curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status);
  if (status == 404) {
    throw OpenLibraryError(OpenLibraryFailure::kNotFound,
                           fmt::format("Open Library has no work {}", work_id));
  }
  if (status != 200) {
    throw OpenLibraryError(OpenLibraryFailure::kBadAnswer,
                           fmt::format("{} answered HTTP {} for {}", host, status, work_id));
  }
  return std::move(received.body);
}

std::string fetch_work_document(std::string_view work_id, const OpenLibraryOptions& options) {
  std::string document = fetch_work(work_id, options);
  if (!Json::accept(document)) {
    throw OpenLibraryError(OpenLibraryFailure::kBadAnswer,
                           fmt::format("{} did not answer with a JSON document for {}",
                                       host_of(options.base_url), work_id));
  }
  return document;
}

DictionaryDraft draft_from_work(std::string_view work_id, const OpenLibraryOptions& options) {
  return draft_dictionary(fetch_work_document(work_id, options), work_source(work_id));
}

hangman::Dictionary dictionary_from_work(std::string_view work_id,
                                         const OpenLibraryOptions& options) {
  const std::string source = work_source(work_id);
  const std::string document = fetch_work_document(work_id, options);
  try {
    return dictionary_from_document(document, source);
  } catch (const hangman::DictionaryError& error) {
    throw std::runtime_error(fmt::format("{}: {}", source, error.what()));
  }
}

}  // namespace wg::app
