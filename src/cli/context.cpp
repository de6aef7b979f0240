#include "cli/context.h"

#include <chrono>
#include <random>
#include <utility>

namespace wg::cli {

Context::Context(std::istream& in, std::ostream& out, std::ostream& err, bool interactive,
                 std::ostream* live)
    : in_(in), out_(out), live_(live), err_(err), interactive_(interactive) {}

std::shared_ptr<const Lexicon> Context::shared_lexicon() {
  if (!lexicon_) {
    lexicon_ = options_.lexicon_path.empty() ? app::built_in_lexicon()
                                             : app::load_lexicon_file(options_.lexicon_path);
  }
  return lexicon_->lexicon;
}

const LexiconInfo& Context::lexicon_info() {
  shared_lexicon();
  return lexicon_->info;
}

std::uint64_t Context::seed() {
  if (options_.seed) return *options_.seed;
  if (!random_seed_) {
    std::random_device device;
    const auto ticks =
        static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
    random_seed_ = (static_cast<std::uint64_t>(device()) << 32 | device()) ^ ticks;
  }
  return *random_seed_;
}

}  // namespace wg::cli
