#pragma once
/// What words mean: the senses WordNet 3.0 gives a word (Debian's wordnet-base data, read by its
/// C library from wordnet-dev), for the front ends to show at the end of a game and for `wordgames
/// define`. Read from local files only: nothing goes to the network.
///
/// An inflected word is looked up by its base forms too, as WordNet's morphology finds them
/// (PLAYED: play; GEESE: goose), so the word a player typed finds its senses. A build without the
/// library, or a machine without the data (WNSEARCHDIR, else /usr/share/wordnet), answers
/// DefinitionStatus::not_installed: definitions are an extra, never a reason to fail.
///
/// The C library keeps global state and is not reentrant: every call here takes one lock, so any
/// thread may call define().

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "app/json.h"

namespace wg::app {

/// The longest word define() looks up, in letters (WordNet's longest single words are shorter).
inline constexpr std::size_t kMaxDefinedWordLength = 40;

/// One meaning of a word: a WordNet synset as the word's form reaches it.
struct Sense {
  std::string form;            ///< the form it was found under: the word, or a base form of it
  std::string part_of_speech;  ///< "noun", "verb", "adjective" or "adverb"
  std::string gloss;           ///< the definition, without its examples
  std::vector<std::string> examples;  ///< the gloss's quoted examples of use, quotes removed
  std::vector<std::string>
      synonyms;  ///< the synset's other words (spaces for '_'), `form` left out
};

enum class DefinitionStatus {
  found,          ///< senses has at least one sense
  no_entry,       ///< WordNet has no entry for the word nor for a base form of it
  not_installed,  ///< no WordNet here (not built with it, or its data is missing)
};

struct Definition {
  std::string word;  ///< the word asked, lower case
  DefinitionStatus status = DefinitionStatus::no_entry;
  /// The base forms morphology found that differ from `word` (PLAYED: "play"), in the order
  /// their senses come; empty when the word is its own base form or has no entry.
  std::vector<std::string> base_forms;
  /// Nouns first, then verbs, adjectives and adverbs; within each, WordNet's order (the most
  /// frequent sense first), the word's own senses before those of its base forms.
  std::vector<Sense> senses;
};

/// Whether define() can find senses here: built with WordNet and its data readable.
bool definitions_installed();

/// The message for a front end to show when definitions are not installed.
inline constexpr std::string_view kDefinitionsNotInstalled =
    "definitions are not installed (WordNet 3.0: Debian's wordnet-base and wordnet-dev)";

/// Whether `word` is something define() takes: 1 to kMaxDefinedWordLength ASCII letters.
bool definable(std::string_view word);

/// The senses of `word` (any case). Throws std::invalid_argument, saying why, when `word` is not
/// definable(): letters only, at most kMaxDefinedWordLength of them.
Definition define(std::string_view word);

/// The definition as JSON: {"word", "installed", "found", "base_forms", "senses": [{"form",
/// "part_of_speech", "gloss", "examples", "synonyms"}]}, the shape of GET /api/definitions/WORD
/// and `wordgames define --json` (docs/API.md).
Json definition_json(const Definition& definition);

}  // namespace wg::app
