#include "cli/define_command.h"

#include <cctype>
#include <memory>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "app/definitions.h"
#include "cli/app.h"
#include "cli/output.h"

namespace wg::cli {

namespace {

/// "played (as play)" or "dog".
std::string heading(const app::Definition& d) {
  std::string text = d.word;
  for (std::size_t i = 0; i < d.base_forms.size(); ++i) {
    text += (i == 0 ? " (as " : ", ") + d.base_forms[i];
  }
  if (!d.base_forms.empty()) text += ")";
  return text;
}

/// One sense in a line: "noun: a member of the genus Canis ... (\"the dog barked all night\");
/// also: domestic dog, Canis familiaris". `with_form`: the form it was found under leads.
std::string sense_text(const app::Sense& sense, bool with_form) {
  std::string text = with_form ? fmt::format("{}, {}: ", sense.form, sense.part_of_speech)
                               : fmt::format("{}: ", sense.part_of_speech);
  text += sense.gloss;
  if (!sense.examples.empty()) {
    std::string examples;
    for (const std::string& example : sense.examples) {
      examples += (examples.empty() ? "\"" : "; \"") + example + "\"";
    }
    text += " (" + examples + ")";
  }
  if (!sense.synonyms.empty()) {
    std::string synonyms;
    for (const std::string& synonym : sense.synonyms) {
      synonyms += (synonyms.empty() ? "" : ", ") + synonym;
    }
    text += "; also: " + synonyms;
  }
  return text;
}

int run_define(Context& context, const std::string& word) {
  const app::Definition d = app::define(word);  // bad input: std::invalid_argument, exit 2
  if (d.status == app::DefinitionStatus::not_installed) {
    throw std::runtime_error(std::string(app::kDefinitionsNotInstalled));
  }
  std::ostream& out = context.out();
  if (context.options().json) {
    print_json(out, app::definition_json(d));
    return kExitOk;
  }
  if (d.status == app::DefinitionStatus::no_entry) {
    out << fmt::format("WordNet has no entry for '{}'.\n", d.word);
    return kExitOk;
  }
  out << wrap(fmt::format("{}, {}:", heading(d), count_of(d.senses.size(), "sense")),
              context.columns())
      << '\n';
  const bool with_form = !d.base_forms.empty();
  for (std::size_t i = 0; i < d.senses.size(); ++i) {
    const std::string number = fmt::format("{:>2}. ", i + 1);
    out << wrap(number + sense_text(d.senses[i], with_form), context.columns(),
                std::string(number.size(), ' '))
        << '\n';
  }
  return kExitOk;
}

}  // namespace

std::string secret_meaning(std::string_view word, std::size_t columns) {
  if (!app::definable(word)) return "";
  const app::Definition d = app::define(word);
  std::string upper(word);
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::string text;
  if (d.status == app::DefinitionStatus::not_installed) {
    text = fmt::format("(What {} means: {}.)", upper, app::kDefinitionsNotInstalled);
  } else if (d.status == app::DefinitionStatus::no_entry) {
    text = fmt::format("WordNet has no entry for {}.", upper);
  } else {
    const app::Sense& first = d.senses.front();
    text = fmt::format("{}{}, {}: {}", upper,
                       first.form == d.word ? std::string() : fmt::format(" (as {})", first.form),
                       first.part_of_speech, first.gloss);
  }
  return wrap(text, columns, "  ") + '\n';
}

void add_define_command(CLI::App& app, Context& context) {
  CLI::App* define = app.add_subcommand("define", "What a word means (WordNet 3.0)");
  define->group("Tools");
  auto word = std::make_shared<std::string>();
  define->add_option("word", *word, "The word (letters only; an inflected form is fine: PLAYED)")
      ->required();
  define->footer(
      "Senses come from WordNet 3.0 on this machine (Debian's wordnet-base), nouns first, the\n"
      "most frequent first. --json prints them as GET /api/definitions/WORD does.");
  on_run(*define, context, [&context, word] { return run_define(context, *word); });
}

}  // namespace wg::cli
