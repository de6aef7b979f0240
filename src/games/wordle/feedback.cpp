#include "games/wordle/feedback.h"

#include <array>

namespace wg::wordle {

Pattern feedback(std::span<const Letter> guess, std::span<const Letter> answer) {
  const std::size_t n = guess.size();
  std::array<std::uint8_t, 32> left{};  // the answer's copies of each letter not matched green
  std::array<std::uint8_t, kMaxLength> marks{};
  for (std::size_t i = 0; i < n; ++i) {
    if (guess[i] == answer[i]) {
      marks[i] = 2;
    } else {
      ++left[answer[i] & 31u];
    }
  }
  Pattern code = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (marks[i] == 0 && left[guess[i] & 31u] > 0) {
      marks[i] = 1;
      --left[guess[i] & 31u];
    }
    code = static_cast<Pattern>(code * 3 + marks[i]);
  }
  return code;
}

std::vector<Mark> marks_of(Pattern pattern, std::size_t length) {
  std::vector<Mark> marks(length);
  for (std::size_t i = length; i-- > 0;) {
    marks[i] = static_cast<Mark>(pattern % 3);
    pattern = static_cast<Pattern>(pattern / 3);
  }
  return marks;
}

Pattern pattern_of(std::span<const Mark> marks) {
  Pattern code = 0;
  for (Mark m : marks) code = static_cast<Pattern>(code * 3 + static_cast<int>(m));
  return code;
}

Pattern all_green(std::size_t length) { return static_cast<Pattern>(pattern_count(length) - 1); }

namespace {
int count_marks(Pattern pattern, std::size_t length, int mark) {
  int n = 0;
  for (std::size_t i = 0; i < length; ++i) {
    n += pattern % 3 == mark ? 1 : 0;
    pattern = static_cast<Pattern>(pattern / 3);
  }
  return n;
}
}  // namespace

int greens(Pattern pattern, std::size_t length) { return count_marks(pattern, length, 2); }
int yellows(Pattern pattern, std::size_t length) { return count_marks(pattern, length, 1); }

}  // namespace wg::wordle
