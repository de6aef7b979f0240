#include "app/definitions.h"

#include <algorithm>
#include <cctype>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>

#include <fmt/format.h>

#ifdef WG_HAVE_WORDNET
extern "C" {
#include <wn.h>
}
#endif

namespace wg::app {

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view status_name(DefinitionStatus status) {
  switch (status) {
    case DefinitionStatus::found:
      return "found";
    case DefinitionStatus::no_entry:
      return "no_entry";
    case DefinitionStatus::not_installed:
      return "not_installed";
  }
  return "no_entry";
}

#ifdef WG_HAVE_WORDNET

/// The one lock of the WordNet library's global state (open files, static buffers).
std::mutex& wordnet_mutex() {
  static std::mutex mutex;
  return mutex;
}

/// The library reports errors through this hook (by default on stderr): silence, since a
/// missing data folder is answered as not_installed.
int silent(char*) { return -1; }

/// Opens the data once; whether it opened. Called with wordnet_mutex() held.
bool wordnet_open() {
  static const bool open = [] {
    display_message = silent;
    return wninit() == 0;
  }();
  return open;
}

/// "noun", "verb", "adjective" or "adverb" for a synset's part of speech ('s': a satellite
/// adjective).
std::string part_name(const char* pos) {
  switch (pos != nullptr ? pos[0] : '\0') {
    case 'n':
      return "noun";
    case 'v':
      return "verb";
    case 'a':
    case 's':
      return "adjective";
    case 'r':
      return "adverb";
    default:
      return "";
  }
}

std::string trimmed(std::string_view text) {
  const auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && (space(text.front()) || text.front() == ';')) text.remove_prefix(1);
  while (!text.empty() && (space(text.back()) || text.back() == ';')) text.remove_suffix(1);
  return std::string(text);
}

/// Splits a synset's gloss, "(definition; \"example\"; \"example\")" or without the
/// parentheses, into the definition and its quoted examples.
void read_gloss(std::string_view defn, Sense& sense) {
  std::string_view text = defn;
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  if (text.starts_with('(')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\n')) text.remove_suffix(1);
  if (text.ends_with(')')) text.remove_suffix(1);
  const std::size_t quote = text.find('"');
  sense.gloss = trimmed(text.substr(0, std::min(quote, text.size())));
  std::size_t at = quote;
  while (at != std::string_view::npos && at < text.size()) {
    const std::size_t end = text.find('"', at + 1);
    if (end == std::string_view::npos) break;
    if (std::string example = trimmed(text.substr(at + 1, end - at - 1)); !example.empty()) {
      sense.examples.push_back(std::move(example));
    }
    at = text.find('"', end + 1);
  }
}

/// A synset's word as people write it: spaces for '_', an adjective's position marker ("(p)")
/// left out.
std::string word_text(std::string_view word) {
  if (const std::size_t paren = word.find('('); paren != std::string_view::npos && paren > 0) {
    word = word.substr(0, paren);
  }
  std::string text(word);
  std::replace(text.begin(), text.end(), '_', ' ');
  return text;
}

/// Adds the senses `form` has as part of speech `pos`, skipping synsets already in `seen`.
void add_senses(const std::string& form, int pos, std::set<std::pair<int, unsigned long>>& seen,
                std::vector<Sense>& senses) {
  std::string key = form;
  IndexPtr index = index_lookup(key.data(), pos);
  if (index == nullptr) return;
  for (int i = 0; i < index->off_cnt; ++i) {
    const unsigned long offset = index->offset[i];
    if (!seen.emplace(pos, offset).second) continue;
    SynsetPtr synset = read_synset(pos, static_cast<long>(offset), key.data());
    if (synset == nullptr) continue;
    Sense sense;
    sense.form = form;
    sense.part_of_speech = part_name(synset->pos);
    if (synset->defn != nullptr) read_gloss(synset->defn, sense);
    for (int w = 0; w < synset->wcount; ++w) {
      std::string synonym = word_text(synset->words[w]);
      if (lower(synonym) == lower(word_text(form))) continue;
      if (std::find(sense.synonyms.begin(), sense.synonyms.end(), synonym) ==
          sense.synonyms.end()) {
        sense.synonyms.push_back(std::move(synonym));
      }
    }
    free_synset(synset);
    senses.push_back(std::move(sense));
  }
  free_index(index);
}

#endif  // WG_HAVE_WORDNET

}  // namespace

bool definable(std::string_view word) {
  return !word.empty() && word.size() <= kMaxDefinedWordLength &&
         std::all_of(word.begin(), word.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); });
}

bool definitions_installed() {
#ifdef WG_HAVE_WORDNET
  std::lock_guard lock(wordnet_mutex());
  return wordnet_open();
#else
  return false;
#endif
}

Definition define(std::string_view word) {
  if (word.empty()) throw std::invalid_argument("no word to define");
  if (word.size() > kMaxDefinedWordLength) {
    throw std::invalid_argument(
        fmt::format("a word to define has at most {} letters", kMaxDefinedWordLength));
  }
  if (!definable(word)) {
    throw std::invalid_argument("a word to define has letters only (A to Z)");
  }
  Definition definition;
  definition.word = lower(word);
#ifdef WG_HAVE_WORDNET
  std::lock_guard lock(wordnet_mutex());
  if (!wordnet_open()) {
    definition.status = DefinitionStatus::not_installed;
    return definition;
  }
  std::set<std::pair<int, unsigned long>> seen;
  for (int pos = NOUN; pos <= ADV; ++pos) {
    std::vector<std::string> forms{definition.word};
    // morphstr walks the base forms of one word: the word first, then null for each next one.
    std::string asked = definition.word;
    for (char* base = morphstr(asked.data(), pos); base != nullptr; base = morphstr(nullptr, pos)) {
      std::string form(base);
      if (std::find(forms.begin(), forms.end(), form) == forms.end()) forms.push_back(form);
    }
    for (const std::string& form : forms) {
      const std::size_t before = definition.senses.size();
      add_senses(form, pos, seen, definition.senses);
      if (form != definition.word && definition.senses.size() > before &&
          std::find(definition.base_forms.begin(), definition.base_forms.end(), form) ==
              definition.base_forms.end()) {
        definition.base_forms.push_back(form);
      }
    }
  }
  definition.status =
      definition.senses.empty() ? DefinitionStatus::no_entry : DefinitionStatus::found;
#else
  definition.status = DefinitionStatus::not_installed;
#endif
  return definition;
}

Json definition_json(const Definition& definition) {
  Json senses = Json::array();
  for (const Sense& sense : definition.senses) {
    senses.push_back({{"form", sense.form},
                      {"part_of_speech", sense.part_of_speech},
                      {"gloss", sense.gloss},
                      {"examples", sense.examples},
                      {"synonyms", sense.synonyms}});
  }
  return {{"word", definition.word},
          {"status", status_name(definition.status)},
          {"installed", definition.status != DefinitionStatus::not_installed},
          {"found", definition.status == DefinitionStatus::found},
          {"base_forms", definition.base_forms},
          {"senses", std::move(senses)}};
}

}  // namespace wg::app
