#include "cli/bot_options.h"

#include <chrono>
#include <cstdint>

#include <fmt/format.h>

#include "cli/app.h"

namespace wg::cli {

using std::chrono::milliseconds;

void add_bot_options(CLI::App& app, protocol::ExternalBotOptions& bots) {
  add_number_option(
      app, "--bot-timeout", 1, 600'000,
      [&bots](std::uint64_t n) { bots.reply_timeout = milliseconds(n); },
      fmt::format("Milliseconds an external bot has for each bid or word (default {})",
                  protocol::ExternalBotOptions{}.reply_timeout.count()));
  app.add_flag_callback(
      "--trusted-bots", [&bots] { bots.sandbox.enabled = false; },
      "Run external bots without the sandbox (bubblewrap), with this user's files, network and "
      "terminal session: only bots you trust");
  protocol::BotLimits& limits = bots.limits;
  struct LimitOption {
    const char* name;
    std::uint64_t max;
    std::uint64_t protocol::BotLimits::*field;
    const char* what;
  };
  static constexpr LimitOption kOptions[] = {
      {"--bot-cpu", 1'000'000, &protocol::BotLimits::cpu_seconds,
       "CPU seconds each process of an external bot may use"},
      {"--bot-memory", 1'048'576, &protocol::BotLimits::memory_mb,
       "MiB of address space for each process of an external bot"},
      {"--bot-processes", 100'000, &protocol::BotLimits::processes,
       "Processes an external bot may start"},
      {"--bot-files", 1'000'000, &protocol::BotLimits::open_files,
       "Open files for each process of an external bot"},
      {"--bot-file-size", 1'048'576, &protocol::BotLimits::file_size_mb,
       "MiB of the largest file an external bot may write"},
      {"--bot-stderr", 1'048'576, &protocol::BotLimits::stderr_kb,
       "KiB of each external bot's stderr passed on, the rest discarded"},
  };
  const protocol::BotLimits defaults;
  for (const LimitOption& option : kOptions) {
    add_number_option(
        app, option.name, 0, option.max,
        [&limits, field = option.field](std::uint64_t n) { limits.*field = n; },
        fmt::format("{} (default {}; 0: no limit)", option.what, defaults.*option.field));
  }
}

}  // namespace wg::cli
