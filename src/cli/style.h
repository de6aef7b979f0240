#pragma once
/// Colour and live progress in the terminal: only for a person at a terminal, never in a pipe,
/// and no colour when NO_COLOR is set (https://no-color.org).

#include <chrono>
#include <iosfwd>
#include <mutex>
#include <string>
#include <string_view>

namespace wg::cli {

/// Whether to colour output: `terminal` (the output is a terminal) and NO_COLOR unset or empty.
bool colour_wanted(bool terminal);

/// What a coloured piece of text means.
enum class Tone { kHit, kMiss, kCurrent, kEmphasis };

/// `text` in the tone's colour (green hits, red misses, yellow for what is current, bold
/// emphasis) when `colour`; the text alone otherwise.
std::string paint(std::string_view text, Tone tone, bool colour);

/// A line that shows long work going on: a spinner, a label and the fraction done, redrawn in
/// place at most ten times a second, and erased when the work ends. Draws nothing unless
/// `enabled` (the stream is a terminal). update() may be called from the working thread.
class ProgressLine {
 public:
  ProgressLine(std::ostream& out, bool enabled, std::string label);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  /// Work done, 0 to 1 (a negative fraction: unknown, the spinner only).
  void update(double fraction);

 private:
  std::ostream& out_;
  bool enabled_;
  std::string label_;
  std::mutex mutex_;
  std::chrono::steady_clock::time_point last_{};
  int turn_ = 0;
  bool drawn_ = false;
};

}  // namespace wg::cli
