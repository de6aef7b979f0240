#pragma once
/// Where a hangman dictionary's words come from: a text (a book, an article) or a JSON document
/// such as an Open Library work (its "description" is the text). One reader for every front
/// end, so that the terminal, the server and the browser make the same dictionary of the same
/// document and refuse it with the same words.

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "app/json.h"
#include "app/store.h"
#include "games/hangman/dictionary.h"

namespace wg::app {

/// A document that has no text to take words from (a JSON object without a "description").
class DocumentError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The text to take words from in `document`: the document itself, or, when it is a JSON
/// object, its "description" (a string, or an object whose "value" is one, as Open Library
/// writes it). A JSON object's keys (author, created, revision...) are not words of a text, so
/// an object without a description throws DocumentError ("SOURCE: a JSON document with no
/// \"description\" text..."). A text that merely starts with a brace is text.
std::string words_text_of(const std::string& document, std::string_view source);

/// What the game would make of a document, playable or not: its words (extract_words of the
/// text), their statistics, and the rule they break, if any. Throws wg::LexiconError for what
/// is not 8-bit text (binary, UTF-16) and DocumentError as words_text_of does.
struct DictionaryDraft {
  std::vector<std::string> words;  ///< upper case, sorted, each once
  /// The words left out whole for a letter outside A-Z (extract_words), as written.
  std::vector<std::string> skipped;
  hangman::DictionaryStats stats;
  std::optional<hangman::DictionaryRule> rule;  ///< the broken rule; nullopt when playable
  std::string problem;                          ///< the rule's message ("only 12 words; ...")
  bool playable() const { return !rule.has_value(); }
};
DictionaryDraft draft_dictionary(const std::string& document, std::string_view source);

/// The dictionary of a document. Throws wg::LexiconError, DocumentError, or
/// hangman::DictionaryError for a broken rule (its message without the source: a front end says
/// where the document came from).
hangman::Dictionary dictionary_from_document(const std::string& document, std::string_view source);

/// The dictionary of a file (read_file, then dictionary_from_document). Throws wg::LexiconError
/// naming the path (missing, empty, binary), DocumentError, or std::runtime_error
/// "PATH: <the broken rule>".
hangman::Dictionary dictionary_from_file(const std::filesystem::path& path);

// --- Saved dictionaries: the store's word lists (app/store.h), read with the dictionary's
// rules.

/// The name of the dictionary made from the lexicon in use: never a saved one.
inline constexpr std::string_view kDefaultDictionaryName = "default";
/// A saved dictionary's name: valid_name (store.h), and not kDefaultDictionaryName.
bool valid_dictionary_name(std::string_view name);
/// The saved dictionaries of `store`: its word lists whose names valid_dictionary_name takes,
/// sorted.
std::vector<std::string> saved_dictionary_names(Store& store);
bool has_saved_dictionary(Store& store, std::string_view name);
/// Saves the dictionary's words as the word list `name`, replacing any of that name. Throws
/// std::invalid_argument for an invalid name, StoreError when it cannot be written.
void save_dictionary(Store& store, std::string_view name, const hangman::Dictionary& dictionary);
/// The saved dictionary `name`. Throws StoreError naming it and where it is kept when it is
/// missing, unreadable, or breaks a rule (a file edited by hand).
hangman::Dictionary load_dictionary(Store& store, std::string_view name);

/// The statistics as JSON, one shape for `hangman dictionary stats --json` and the server:
/// {words, six, seven_to_nine, ten_plus, nine_plus, share_six, share_seven_to_nine,
/// share_ten_plus, shortest, longest}, the shares from 0 to 1 (0 for no words).
Json stats_json(const hangman::DictionaryStats& stats);

}  // namespace wg::app
