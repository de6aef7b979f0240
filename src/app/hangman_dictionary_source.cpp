#include "app/hangman_dictionary_source.h"

#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

#include <fmt/format.h>

#include "core/text.h"
#include "lexicon/word_list.h"

namespace wg::app {

std::string words_text_of(const std::string& document, std::string_view source) {
  if (!trim(document).starts_with('{')) return document;
  const std::variant<Json, std::string> json = parse_json(document);
  // Not JSON after all (or too deeply nested to read as a document): text with a brace.
  if (!std::holds_alternative<Json>(json) || !std::get<Json>(json).is_object()) return document;
  const Json& parsed = std::get<Json>(json);
  const auto description = parsed.find("description");
  if (description != parsed.end()) {
    if (description->is_string()) return description->get<std::string>();
    const auto value = description->is_object() ? description->find("value") : description->end();
    if (description->is_object() && value != description->end() && value->is_string()) {
      return value->get<std::string>();
    }
  }
  throw DocumentError(fmt::format(
      "{}: a JSON document with no \"description\" text: its keys are not words to play with",
      source));
}

DictionaryDraft draft_dictionary(const std::string& document, std::string_view source) {
  check_text_encoding(document, source);
  DictionaryDraft draft;
  draft.words = hangman::extract_words(words_text_of(document, source), &draft.skipped);
  std::vector<std::size_t> counts;
  for (const std::string& word : draft.words) {
    if (counts.size() <= word.size()) counts.resize(word.size() + 1);
    ++counts[word.size()];
  }
  draft.stats = hangman::stats_of(counts);
  try {
    hangman::check_rules(counts);
  } catch (const hangman::DictionaryError& error) {
    draft.rule = error.rule();
    draft.problem = error.what();
  }
  return draft;
}

hangman::Dictionary dictionary_from_document(const std::string& document, std::string_view source) {
  check_text_encoding(document, source);
  return hangman::Dictionary::from_text(words_text_of(document, source), source);
}

hangman::Dictionary dictionary_from_file(const std::filesystem::path& path) {
  // read_file and from_text throw LexiconError naming the path: missing, empty, binary, UTF-16.
  const std::string text = read_file(path);
  try {
    return dictionary_from_document(text, path.string());
  } catch (const hangman::DictionaryError& error) {
    throw std::runtime_error(fmt::format("{}: {}", path.string(), error.what()));
  }
}

Json stats_json(const hangman::DictionaryStats& s) {
  auto fraction = [&](std::size_t part) {
    return s.words ? static_cast<double>(part) / static_cast<double>(s.words) : 0.0;
  };
  return {{"words", s.words},
          {"six", s.six},
          {"seven_to_nine", s.seven_to_nine},
          {"ten_plus", s.ten_plus},
          {"nine_plus", s.long_words},
          {"share_six", fraction(s.six)},
          {"share_seven_to_nine", fraction(s.seven_to_nine)},
          {"share_ten_plus", fraction(s.ten_plus)},
          {"shortest", s.shortest},
          {"longest", s.longest}};
}

// --- Saved dictionaries.

bool valid_dictionary_name(std::string_view name) {
  return valid_name(name) && name != kDefaultDictionaryName;
}

std::vector<std::string> saved_dictionary_names(Store& store) {
  std::vector<std::string> names = store.word_list_names();
  std::erase_if(names, [](const std::string& name) { return !valid_dictionary_name(name); });
  return names;
}

bool has_saved_dictionary(Store& store, std::string_view name) {
  return valid_dictionary_name(name) && store.has_word_list(name);
}

void save_dictionary(Store& store, std::string_view name, const hangman::Dictionary& dictionary) {
  if (!valid_dictionary_name(name)) {
    throw std::invalid_argument(fmt::format("'{}' is not a valid dictionary name", name));
  }
  store.save_word_list(name, dictionary.words_upper());
}

hangman::Dictionary load_dictionary(Store& store, std::string_view name) {
  if (!has_saved_dictionary(store, name)) {
    throw StoreError(fmt::format("no saved dictionary '{}'", name));
  }
  const std::string location = store.word_list_location(name);
  const std::string text = store.load_word_list(name);
  try {
    return hangman::Dictionary::from_text(text, location);
  } catch (const hangman::DictionaryError& error) {
    throw StoreError(fmt::format("{}: {}", location, error.what()));
  } catch (const LexiconError& error) {  // binary or UTF-16: names the location already
    throw StoreError(error.what());
  }
}

}  // namespace wg::app
