#include "cli/gallows.h"

#include <algorithm>

namespace wg::cli {

namespace {

constexpr int kFramePieces = 4;
constexpr int kFigurePieces = kGallowsPieces - kFramePieces;

/// ceil(a / b) for a >= 0, b > 0.
int ceil_div(long long a, long long b) { return static_cast<int>((a + b - 1) / b); }

}  // namespace

int gallows_pieces(int misses, int allowed) {
  allowed = std::max(allowed, 1);
  misses = std::clamp(misses, 0, allowed);
  if (allowed <= kFigurePieces)
    return kFramePieces + ceil_div(1LL * misses * kFigurePieces, allowed);
  if (allowed <= kGallowsPieces) return kGallowsPieces - (allowed - misses);
  return ceil_div(1LL * misses * kGallowsPieces, allowed);
}

std::vector<std::string> gallows_lines(int pieces) {
  const auto has = [pieces](int piece) { return pieces > piece; };
  // Pieces: 0 base, 1 post, 2 beam, 3 rope, 4 head, 5 body, 6 left arm, 7 right arm,
  // 8 left leg, 9 right leg.
  std::vector<std::string> lines(7);
  lines[0] = has(2) ? "  +----+" : (has(1) ? "  +" : "");
  lines[1] = std::string(has(1) ? "  |" : "   ") + (has(3) ? "    |" : "");
  lines[2] = std::string(has(1) ? "  |" : "   ") + (has(4) ? "    O" : "");
  lines[3] = std::string(has(1) ? "  |" : "   ") + (has(6) ? "   /" : "    ") +
             (has(5) ? "|" : (has(6) ? " " : "")) + (has(7) ? "\\" : "");
  lines[4] = std::string(has(1) ? "  |" : "   ") + (has(5) ? "    |" : "");
  lines[5] =
      std::string(has(1) ? "  |" : "   ") + (has(8) ? "   /" : "    ") + (has(9) ? " \\" : "");
  lines[6] = has(0) ? "==+=====" : "";
  for (std::string& line : lines) {
    while (!line.empty() && line.back() == ' ') line.pop_back();
  }
  return lines;
}

}  // namespace wg::cli
