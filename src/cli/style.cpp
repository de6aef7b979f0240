#include "cli/style.h"

#include <cstdlib>
#include <ostream>

#include <fmt/format.h>

namespace wg::cli {

bool colour_wanted(bool terminal) {
  const char* no_colour = std::getenv("NO_COLOR");
  return terminal && (no_colour == nullptr || *no_colour == '\0');
}

std::string paint(std::string_view text, Tone tone, bool colour) {
  if (!colour) return std::string(text);
  std::string_view code;
  switch (tone) {
    case Tone::kHit:
      code = "32";
      break;
    case Tone::kMiss:
      code = "31";
      break;
    case Tone::kCurrent:
      code = "33";
      break;
    case Tone::kEmphasis:
      code = "1";
      break;
  }
  return fmt::format("\x1b[{}m{}\x1b[0m", code, text);
}

ProgressLine::ProgressLine(std::ostream& out, bool enabled, std::string label)
    : out_(out), enabled_(enabled), label_(std::move(label)) {}

ProgressLine::~ProgressLine() {
  if (drawn_) out_ << "\r\x1b[K" << std::flush;
}

void ProgressLine::update(double fraction) {
  if (!enabled_) return;
  const std::scoped_lock lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  constexpr std::string_view kSpinner = "|/-\\";
  const char spin = kSpinner[static_cast<std::size_t>(turn_++) % kSpinner.size()];
  if (fraction < 0) {
    out_ << fmt::format("\r\x1b[K{} {}", spin, label_) << std::flush;
  } else {
    out_ << fmt::format("\r\x1b[K{} {} {:3.0f}%", spin, label_, 100 * std::min(fraction, 1.0))
         << std::flush;
  }
  drawn_ = true;
}

}  // namespace wg::cli
