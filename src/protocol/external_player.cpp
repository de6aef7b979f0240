#include "protocol/external_player.h"

#include <optional>
#include <system_error>

#include <fmt/format.h>

#include "protocol/auction_protocol.h"
#include "protocol/bot_process.h"
#include "protocol/printable.h"

namespace wg::protocol {

namespace {

using std::chrono::milliseconds;

/// How long the host waits for a bot whose output has ended to exit, to say how it ended.
constexpr milliseconds kExitReportWait{250};
/// How long `quit` may take to be written to a healthy bot at the end.
constexpr milliseconds kQuitWriteTimeout{100};

/// The reply to one request, or why there is none.
struct Exchange {
  std::string reply;
  std::string fault;  ///< non-empty: no reply ("timed out after 1000 ms on 'bid 1 3 Q 80 100 -'")
};

class ExternalPlayer final : public auction::Player {
 public:
  ExternalPlayer(const std::string& command, const ExternalBotOptions& options)
      : command_(command), options_(options) {
    try {
      process_.emplace(command, options.stderr_path, options.limits, options.sandbox);
    } catch (const std::exception& e) {
      throw ExternalBotError(
          fmt::format("external bot '{}' could not be started: {}", command, e.what()));
    }
    const std::string hello = format_hello();
    const Exchange greeting = exchange(hello, options_.handshake_timeout);
    if (!greeting.fault.empty()) handshake_failed(greeting.fault);
    std::optional<std::string> name = parse_name(greeting.reply);
    if (!name) {
      handshake_failed(fmt::format("replied {} to '{}' (expected 'name NAME')",
                                   quote_line(greeting.reply), hello));
    }
    name_ = std::move(*name);
    const Exchange ready = exchange(std::string(kIsReady), options_.handshake_timeout);
    if (!ready.fault.empty()) handshake_failed(ready.fault);
    if (!parse_ready(ready.reply)) {
      handshake_failed(fmt::format("replied {} to '{}' (expected 'readyok')",
                                   quote_line(ready.reply), kIsReady));
    }
  }

  ~ExternalPlayer() override {
    if (failure_.empty()) {
      process_->write_line(kQuit, Clock::now() + kQuitWriteTimeout);
      process_->stop(BotProcess::kDefaultGrace);
    }
    // A failed bot was stopped when it failed; BotProcess's destructor reaps in any case.
  }

  std::string name() const override { return name_; }

  void new_game(const auction::GameInfo& info) override {
    seat_ = info.seat;
    notify(format_new_game(info));
  }

  void new_round(const auction::RoundInfo& info) override {
    round_ = info.round;
    notify(format_new_round(info));
  }

  auction::BidAnswer get_bid(const auction::BidRequest& request) override {
    auction::BidAnswer answer;
    if (unasked(answer.fault)) return answer;
    const std::string line = format_bid_request(request, seat_);
    const Exchange reply = exchange(line, options_.reply_timeout);
    if (!reply.fault.empty()) {
      answer.fault = fail(reply.fault);
    } else if (const std::optional<std::int64_t> amount = parse_bid(reply.reply)) {
      answer.amount = *amount;
    } else {
      answer.fault = fail(fmt::format("replied {} to '{}'", quote_line(reply.reply), line));
    }
    return answer;
  }

  void bid_result(const auction::AuctionHeld& auction) override { notify(format_result(auction)); }

  auction::WordAnswer get_word(std::span<const Letter> letters) override {
    auction::WordAnswer answer;
    if (unasked(answer.fault)) return answer;
    const std::string line = format_word_request(round_, letters);
    const Exchange reply = exchange(line, options_.reply_timeout);
    if (!reply.fault.empty()) {
      answer.fault = fail(reply.fault);
    } else if (std::optional<std::string> word = parse_word(reply.reply)) {
      answer.word = std::move(*word);
    } else {
      answer.fault = fail(fmt::format("replied {} to '{}'", quote_line(reply.reply), line));
    }
    return answer;
  }

  void scores_updated(const auction::RoundEnded& round) override { notify(format_scores(round)); }

  void game_over(const auction::Finished& ended) override { notify(format_game_over(ended)); }

 private:
  /// Sends `request` and reads its reply, skipping comment lines, all within `timeout`.
  Exchange exchange(const std::string& request, milliseconds timeout) {
    // A line already waiting was written when no reply was due (say, two replies to one
    // request): taken for the reply to this request, it would put every later reply out of step.
    for (;;) {
      ReadResult stray = process_->read_line(Clock::now());
      if (stray.status == IoStatus::kTimeout) break;  // nothing waiting: in step
      if (stray.status == IoStatus::kOk && is_comment(stray.line)) continue;
      if (stray.status == IoStatus::kClosed) {
        return {{}, fmt::format("{} before reading '{}'{}", how_it_ended(), request, last_words())};
      }
      return {{},
              fmt::format("wrote {} when no reply was due (before '{}')",
                          stray.status == IoStatus::kOk ? quote_line(stray.line) : "a long line",
                          request)};
    }
    const auto deadline = Clock::now() + timeout;
    switch (process_->write_line(request, deadline)) {
      case IoStatus::kOk:
        break;
      case IoStatus::kTimeout:
        return {{},
                fmt::format("stopped reading its input (timed out after {} ms sending '{}')",
                            timeout.count(), request)};
      default:
        return {{}, fmt::format("{} before reading '{}'{}", how_it_ended(), request, last_words())};
    }
    for (;;) {
      ReadResult read = process_->read_line(deadline);
      switch (read.status) {
        case IoStatus::kOk:
          if (is_comment(read.line)) continue;
          if (printable(read.line) != read.line) {
            return {{},
                    fmt::format("replied {} to '{}' (not text: control characters or bytes that "
                                "are not UTF-8)",
                                quote_line(read.line), request)};
          }
          return {std::move(read.line), {}};
        case IoStatus::kTimeout:
          if (const std::optional<ExitStatus> status = process_->wait_exit(milliseconds::zero())) {
            // Its output is still open: held by a process it started.
            return {{},
                    fmt::format("{}, its output held open by a process it started, before "
                                "replying to '{}' (timed out after {} ms){}",
                                status->describe(), request, timeout.count(), last_words())};
          }
          return {{}, fmt::format("timed out after {} ms on '{}'", timeout.count(), request)};
        case IoStatus::kTooLong:
          return {{},
                  fmt::format("replied a line longer than {} bytes to '{}'",
                              BotProcess::kMaxLineLength, request)};
        case IoStatus::kClosed:
          return {
              {},
              fmt::format("{} before replying to '{}'{}", how_it_ended(), request, last_words())};
      }
    }
  }

  /// Sends a notification; a bot that cannot take it has failed (reported at the next request).
  void notify(const std::string& line) {
    if (!failure_.empty()) return;
    switch (process_->write_line(line, Clock::now() + options_.reply_timeout)) {
      case IoStatus::kOk:
        return;
      case IoStatus::kTimeout:
        fail(fmt::format("stopped reading its input (timed out after {} ms sending '{}')",
                         options_.reply_timeout.count(), line),
             false);
        return;
      default:
        fail(fmt::format("{} before reading '{}'{}", how_it_ended(), line, last_words()), false);
        return;
    }
  }

  /// Why a bot whose output or input has closed is gone: its exit status if it has exited.
  std::string how_it_ended() {
    const std::optional<ExitStatus> status = process_->wait_exit(kExitReportWait);
    if (!status) return "closed its output";
    std::string text = status->describe();
    // The shell's own statuses, for a command it could not run.
    if (status->exit_code == 127) text += " (command not found?)";
    if (status->exit_code == 126) text += " (command not executable?)";
    return text;
  }

  /// " (its stderr ends 'LINE')" with the last line the bot wrote to its stderr, or "".
  std::string last_words() const {
    std::string_view tail = process_->stderr_tail();
    while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r')) tail.remove_suffix(1);
    const std::size_t newline = tail.rfind('\n');
    if (newline != std::string_view::npos) tail.remove_prefix(newline + 1);
    if (tail.empty()) return {};
    return fmt::format(" (its stderr ends {})", quote_line(tail));
  }

  /// Records the first failure and ends the bot (it is not asked again). Returns the fault, for
  /// a request to answer with (`reported`); a notification leaves it for the next request.
  const std::string& fail(std::string fault, bool reported = true) {
    if (failure_.empty()) {
      failure_ = std::move(fault);
      failure_reported_ = reported;
      process_->stop(milliseconds::zero());
    }
    return failure_;
  }

  /// After a failure: sets `fault` and returns true. A failure found while notifying is
  /// reported as it was at the first request after it; later requests say the bot is not asked.
  bool unasked(std::string& fault) {
    if (failure_.empty()) return false;
    fault = failure_reported_ ? "not asked since it " + failure_ : failure_;
    failure_reported_ = true;
    return true;
  }

  /// A failure during the handshake: the bot is ended and the player is not made.
  [[noreturn]] void handshake_failed(const std::string& problem) {
    process_->stop(milliseconds::zero());
    throw ExternalBotError(fmt::format("external bot '{}' {}", command_, problem));
  }

  std::string command_;
  ExternalBotOptions options_;
  std::optional<BotProcess> process_;
  std::string name_;
  int seat_ = 0;
  int round_ = 0;
  std::string failure_;  ///< the first failure; empty while the bot behaves
  bool failure_reported_ = false;
};

}  // namespace

std::unique_ptr<auction::Player> start_external_player(const std::string& command,
                                                       const ExternalBotOptions& options) {
  return std::make_unique<ExternalPlayer>(command, options);
}

}  // namespace wg::protocol
