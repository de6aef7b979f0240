#pragma once
/// The opening book: the planners' openings (planner.h, Opening) for the default word list,
/// computed ahead, so that no game and no review waits for them. At two levels of planning a
/// game's first guesses are by far its slowest (seconds on a long list); plan()'s cache starts
/// with these, and computes any other dictionary's as before.
///
/// opening_book.cpp is generated: the book's test (tests/games/hangman/opening_book_test.cpp)
/// checks the entries it can afford to recompute and that every length of the list has its
/// entries, and rewrites the whole file when run with WG_UPDATE_GOLDEN=1:
///   WG_UPDATE_GOLDEN=1 build/tests/games/hangman/hangman_test --gtest_filter='OpeningBook*'

#include <cstddef>
#include <cstdint>
#include <span>

#include "core/alphabet.h"
#include "games/hangman/planner.h"

namespace wg::hangman {

/// The opening of one dictionary (the words of one length, known by their hash, their length
/// and their number) for one goal and planner.
struct BookOpening {
  std::uint64_t words_hash = 0;
  std::size_t length = 0;
  std::size_t words = 0;
  Goal goal = Goal::kWin;
  std::size_t breadth = 0;
  int levels = 0;
  Opening opening;
};

/// The planners the book holds openings for: the shipped two-level planners (kPlanWin2 and
/// kPlanPoints2), each with its goal.
struct BookPlanner {
  Goal goal;
  PlanOptions options;
};
inline constexpr BookPlanner kBookPlanners[] = {{Goal::kWin, kPlanWin2},
                                                {Goal::kPoints, kPlanPoints2}};

/// Every opening of the book.
std::span<const BookOpening> opening_book();

/// The hash that names a dictionary's words of one length (FNV-1a over their letters, as
/// Dictionary::words_of_length lays them out).
std::uint64_t words_hash(std::span<const Letter> words);

}  // namespace wg::hangman
