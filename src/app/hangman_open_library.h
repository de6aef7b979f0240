#pragma once
/// Open Library (openlibrary.org) as a source of hangman dictionaries, as the original
/// assignment had it: a work's JSON document (https://openlibrary.org/works/OL45804W.json),
/// whose "description" is the text the words are taken from (dictionary_source.h).
///
/// The client is libcurl, blocking: call it from a thread that may wait (the terminal, a server
/// worker), never from a server's I/O threads. It is bounded (a connect and a total timeout, a
/// size cap) and says plainly what went wrong, offline above all. The base URL can be pointed
/// at a stand-in server (WG_OPENLIBRARY_URL), so that tests never need the network.

#include <chrono>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

#include "app/hangman_dictionary_source.h"

namespace wg::app {

/// Why a fetch failed.
enum class OpenLibraryFailure {
  kBadWorkId,    ///< not OL<digits>W: nothing was fetched
  kUnreachable,  ///< no connection, DNS, TLS or timeout: offline, or the site is down
  kNotFound,     ///< the site has no such work (404)
  kBadAnswer,    ///< another HTTP status, or a document too large
};

class OpenLibraryError : public std::runtime_error {
 public:
  OpenLibraryError(OpenLibraryFailure failure, const std::string& message)
      : std::runtime_error(message), failure_(failure) {}
  OpenLibraryFailure failure() const { return failure_; }

 private:
  OpenLibraryFailure failure_;
};

struct OpenLibraryOptions {
  /// Scheme and host (and port) the work paths are appended to, no trailing slash.
  std::string base_url = "https://openlibrary.org";
  std::chrono::seconds connect_timeout{10};
  std::chrono::seconds total_timeout{20};  ///< the whole fetch, however slow the site
  std::size_t max_bytes = 4 << 20;         ///< larger documents are refused (kBadAnswer)
};

/// The default options, with base_url taken from the environment variable WG_OPENLIBRARY_URL
/// when it is set and not empty (tests point it at a stand-in server on loopback).
OpenLibraryOptions open_library_options();

/// True for an Open Library work ID: "OL", 1 to 12 digits, "W" (OL45804W). Editions (OL..M)
/// and authors (OL..A) are not works.
bool valid_work_id(std::string_view id);

/// The message refusing an ID that is not a work's, for every front end.
std::string work_id_refusal(std::string_view id);

/// The work's JSON document, as the site sent it. Throws OpenLibraryError: kBadWorkId before
/// any connection; kUnreachable "could not reach openlibrary.org: <why>"; kNotFound "Open
/// Library has no work OL..W"; kBadAnswer for another status or a document over max_bytes.
std::string fetch_work(std::string_view work_id, const OpenLibraryOptions& options);

/// fetch_work, refusing (kBadAnswer) an answer that is not JSON: an error page read as text
/// would make a dictionary of its markup.
std::string fetch_work_document(std::string_view work_id, const OpenLibraryOptions& options);

/// "Open Library work OL45804W": the source named in messages about a fetched document.
std::string work_source(std::string_view work_id);

/// fetch_work_document, then draft_dictionary: what the game would make of the work's description.
/// Throws OpenLibraryError, DocumentError (a work with no description).
DictionaryDraft draft_from_work(std::string_view work_id, const OpenLibraryOptions& options);

/// The dictionary of the work's description, as dictionary_from_file makes one of a file:
/// throws OpenLibraryError, DocumentError, or std::runtime_error "Open Library work OL..W:
/// <the broken rule>".
hangman::Dictionary dictionary_from_work(std::string_view work_id,
                                         const OpenLibraryOptions& options);

}  // namespace wg::app
