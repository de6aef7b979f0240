#include "games/boggle/board.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/text.h"

namespace wg::boggle {

namespace {

// A count with its noun, singular for one: "1 cell", "2 cells" ("1 die", "2 dice").
std::string count_of(std::size_t n, std::string_view noun, std::string_view plural) {
  return std::to_string(n) + " " + std::string(n == 1 ? noun : plural);
}

// The length of the UTF-8 sequence that starts at text[i] (1 for ASCII and for a byte that
// starts no valid sequence), so that a bad character is reported whole ('é', not a broken byte).
std::size_t char_length(std::string_view text, std::size_t i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  const std::size_t n = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF8 ? 4 : 1;
  if (i + n > text.size()) return 1;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 1;
  return n;
}

// How a bad cell is named in a message: one character as itself ('é', '3'), a byte that is not
// UTF-8 by its value, several characters in quotes.
std::string describe(std::string_view text) {
  if (text.size() == 1 && static_cast<unsigned char>(text[0]) >= 0x80) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    const auto byte = static_cast<unsigned char>(text[0]);
    return std::string("the byte 0x") + kHex[byte >> 4] + kHex[byte & 15] + " (not UTF-8)";
  }
  if (!text.empty() && char_length(text, 0) == text.size()) return "'" + std::string(text) + "'";
  return "\"" + std::string(text) + "\"";
}

// One cell as written: kBlockedCell, or letters; a cell in brackets ("[QU]") is its letters.
Tile tile_of(std::string_view text, const Alphabet& alphabet) {
  if (text.size() >= 2 && text.front() == '[' && text.back() == ']')
    text = text.substr(1, text.size() - 2);
  else if (!text.empty() && text.front() == '[')
    throw std::invalid_argument("'[' is never closed");
  if (text == std::string_view(&Board::kBlockedCell, 1)) return Tile{};
  if (text.empty()) throw std::invalid_argument("an empty cell ([])");
  auto tile = alphabet.parse_tile(text);
  if (!tile || tile->is_blank()) {
    // Name the first character that is not a letter, or the whole cell.
    for (std::size_t i = 0; i < text.size();) {
      const std::size_t n = char_length(text, i);
      const auto one = alphabet.parse_tile(text.substr(i, n));
      if (!one || one->is_blank()) {
        const std::string what = describe(text.substr(i, n));
        if (n == text.size()) throw std::invalid_argument(what + " is not a letter");
        throw std::invalid_argument("cell \"" + std::string(text) + "\": " + what +
                                    " is not a letter");
      }
      i += n;
    }
    throw std::invalid_argument("not a cell: " + describe(text));
  }
  return *tile;
}

// A die is written face by face: a capital letter and the lower-case letters after it are one
// face ("Qu", "Th"), and kBlockedCell is a blank face. Every die has six faces.
std::vector<Die> make_dice(std::initializer_list<std::string_view> dice) {
  const Alphabet& a = Alphabet::english();
  std::vector<Die> out;
  for (std::string_view die : dice) {
    Die d;
    for (char c : die) {
      if (c == Board::kBlockedCell) {
        d.push_back(Tile{});
      } else if (c >= 'A' && c <= 'Z') {
        d.push_back(Tile{{a.code(c)}});
      } else if (!d.empty() && !d.back().is_blank()) {
        d.back().letters.push_back(a.code(c));
      } else {
        throw std::logic_error("a face begins with a small letter: " + std::string(die));
      }
    }
    if (d.size() != 6) throw std::logic_error("a die without six faces: " + std::string(die));
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace

Board::Board()
    : Board(4, 4, [] {
        std::vector<Tile> cells;
        for (char c : std::string_view("EECAALEPHNBOQTTY"))
          cells.push_back(Tile{{Alphabet::english().code(c)}});
        return cells;
      }()) {}

Board::Board(int rows, int cols, std::vector<Tile> cells)
    : rows_(rows), cols_(cols), cells_(std::move(cells)) {
  if (rows < 1 || cols < 1)
    throw std::invalid_argument("a board needs at least one row and column");
  if (cells_.size() != static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols)) {
    throw std::invalid_argument(count_of(cells_.size(), "cell", "cells") +
                                (cells_.size() == 1 ? " does" : " do") + " not make a " +
                                std::to_string(rows) + "x" + std::to_string(cols) + " board");
  }
  for (const Tile& t : cells_)
    if (t.letters.size() > 1) single_letters_ = false;
  link();
}

void Board::set_cell(int index, Tile tile) {
  cells_.at(static_cast<std::size_t>(index)) = std::move(tile);
  single_letters_ = std::all_of(cells_.begin(), cells_.end(),
                                [](const Tile& t) { return t.letters.size() <= 1; });
}

void Board::link() {
  neighbors_.clear();
  neighbor_begin_.assign(1, 0);
  for (int r = 0; r < rows_; ++r) {
    for (int c = 0; c < cols_; ++c) {
      for (int dr = -1; dr <= 1; ++dr) {
        for (int dc = -1; dc <= 1; ++dc) {
          const int nr = r + dr, nc = c + dc;
          if ((dr || dc) && nr >= 0 && nr < rows_ && nc >= 0 && nc < cols_)
            neighbors_.push_back(nr * cols_ + nc);
        }
      }
      neighbor_begin_.push_back(neighbors_.size());
    }
  }
}

Board Board::from_cells(std::span<const std::string> cells, const Alphabet& alphabet) {
  int n = 0;
  while (static_cast<std::size_t>(n + 1) * static_cast<std::size_t>(n + 1) <= cells.size()) ++n;
  if (cells.empty() || static_cast<std::size_t>(n) * static_cast<std::size_t>(n) != cells.size()) {
    throw std::invalid_argument(count_of(cells.size(), "cell", "cells") +
                                ": not a perfect square (N x N)");
  }
  std::vector<Tile> tiles;
  tiles.reserve(cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (cells[i].empty()) throw std::invalid_argument("cell " + std::to_string(i) + " is empty");
    auto tile = alphabet.parse_tile(cells[i]);
    if (!tile || tile->is_blank()) {
      throw std::invalid_argument("cell " + std::to_string(i) + " (\"" + cells[i] +
                                  "\") is not letters");
    }
    tiles.push_back(std::move(*tile));
  }
  return Board(n, n, std::move(tiles));
}

Board Board::parse(std::string_view text, const Alphabet& alphabet) {
  const std::string_view whole = text;
  text = trim(text);
  if (text.empty()) throw std::invalid_argument("the board is empty");
  // Rows are named by line when the text has several lines (a board file), by number otherwise.
  const bool lines = text.find('\n') != std::string_view::npos;
  const bool slashes = text.find('/') != std::string_view::npos;
  std::size_t line = 1 + static_cast<std::size_t>(std::count(
                             whole.begin(), whole.begin() + (text.data() - whole.data()), '\n'));
  std::vector<std::vector<Tile>> rows;
  std::vector<std::size_t> row_lines;
  auto name = [&](std::size_t row) {
    const std::string number = "row " + std::to_string(row + 1);
    if (!lines) return number;
    const std::string at = "line " + std::to_string(row_lines[row]);
    return slashes ? at + " (" + number + ")" : at;
  };
  bool cells_separated = false;  // some row separates its cells with commas or spaces
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find_first_of("/\n", start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view row = text.substr(start, end - start);
    if (!row.empty() && row.back() == '\r') row.remove_suffix(1);
    row_lines.push_back(line);
    const std::string where = name(rows.size());
    std::vector<Tile> cells;
    try {
      if (row.find_first_of(", \t") != std::string_view::npos) {
        cells_separated = true;
        std::size_t i = 0;
        while (i < row.size()) {
          while (i < row.size() && (row[i] == ',' || row[i] == ' ' || row[i] == '\t')) ++i;
          std::size_t j = i;
          while (j < row.size() && row[j] != ',' && row[j] != ' ' && row[j] != '\t') ++j;
          if (j > i) cells.push_back(tile_of(row.substr(i, j - i), alphabet));
          i = j;
        }
      } else {
        for (std::size_t i = 0; i < row.size();) {
          std::size_t n = char_length(row, i);
          if (row[i] == '[') {
            const std::size_t close = row.find(']', i);
            if (close == std::string_view::npos) throw std::invalid_argument("'[' is never closed");
            n = close + 1 - i;
          }
          cells.push_back(tile_of(row.substr(i, n), alphabet));
          i += n;
        }
      }
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(where + ": " + e.what());
    }
    if (cells.empty()) throw std::invalid_argument(where + " is empty");
    if (!rows.empty() && cells.size() != rows.front().size()) {
      throw std::invalid_argument(where + " has " + count_of(cells.size(), "cell", "cells") + ", " +
                                  name(0) + " has " + std::to_string(rows.front().size()));
    }
    rows.push_back(std::move(cells));
    if (end == text.size()) break;
    if (text[end] == '\n') ++line;
    start = end + 1;
  }
  std::vector<Tile> all;
  for (auto& r : rows) std::move(r.begin(), r.end(), std::back_inserter(all));
  if (rows.size() == 1 && !cells_separated && all.size() > 1) {
    // No separator at all ("perslatgsineters"): a square number of cells is a square board,
    // as a person typing one means; any other count is refused rather than read as one row.
    const auto cells = static_cast<int>(all.size());
    int side = 1;
    while ((side + 1) * (side + 1) <= cells) ++side;
    if (side * side != cells) {
      throw std::invalid_argument(
          std::to_string(cells) +
          " cells in one row without separators: separate rows with '/' (EECA/ALEP/HNBO/QTTY), "
          "or the cells of a one-row board with commas (C,A,T); a square number of cells (4, 9, "
          "16, 25, 36...) without separators reads as a square board");
    }
    return Board(side, side, std::move(all));
  }
  return Board(static_cast<int>(rows.size()), static_cast<int>(rows.front().size()),
               std::move(all));
}

Board Board::roll(int rows, int cols, std::span<const Die> dice, Rng& rng) {
  if (static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols) != dice.size()) {
    throw std::invalid_argument(count_of(dice.size(), "die", "dice") +
                                (dice.size() == 1 ? " does" : " do") + " not fill a " +
                                std::to_string(rows) + "x" + std::to_string(cols) + " board");
  }
  std::vector<std::size_t> order(dice.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  rng.shuffle(order);
  std::vector<Tile> cells;
  cells.reserve(dice.size());
  for (std::size_t i : order) cells.push_back(dice[i][rng.below(dice[i].size())]);
  return Board(rows, cols, std::move(cells));
}

std::vector<TileCount> Board::letter_faces(const Alphabet& alphabet) {
  std::vector<TileCount> faces;
  for (TileCount face : alphabet.auction_bag()) {
    if (face.tile.letters == std::vector<Letter>{alphabet.code('q')})
      face.tile.letters.push_back(alphabet.code('u'));
    faces.push_back(std::move(face));
  }
  return faces;
}

Board Board::random_letters(int rows, int cols, Rng& rng, const Alphabet& alphabet) {
  const std::vector<TileCount> faces = letter_faces(alphabet);
  std::vector<std::uint64_t> weights;
  for (const TileCount& face : faces) weights.push_back(static_cast<std::uint64_t>(face.count));
  if (rows < 1 || cols < 1)
    throw std::invalid_argument("a board needs at least one row and column");
  std::vector<Tile> cells;
  cells.reserve(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols));
  for (int i = 0; i < rows * cols; ++i) cells.push_back(faces[rng.weighted(weights)].tile);
  return Board(rows, cols, std::move(cells));
}

std::span<const Die> Board::classic_dice() {
  static const std::vector<Die> dice =
      make_dice({"AAEEGN", "ABBJOO", "ACHOPS", "AFFKPS", "AOOTTW", "CIMOTU", "DEILRX", "DELRVY",
                 "DISTTY", "EEGHNW", "EEINSU", "EHRTVW", "EIOSST", "ELRTTY", "HIMNQuU", "HLNNRZ"});
  return dice;
}

std::span<const Die> Board::big_dice() {
  static const std::vector<Die> dice = make_dice(
      {"AAAFRS", "AAEEEE", "AAFIRS", "ADENNN", "AEEEEM", "AEEGMU", "AEGMNN", "AFIRSY", "BJKQuXZ",
       "CCNSTW", "CEIILT", "CEILPT", "CEIPST", "DDLNOR", "DDHNOT", "DHHLOR", "DHLNOR", "EIIITT",
       "EMOTTT", "ENSSSU", "FIPRSY", "GORRVW", "HIPRRY", "NOOTUW", "OOOTTU"});
  return dice;
}

std::span<const Die> Board::super_big_dice() {
  // As listed in rtvu/boggle_engine (resource/super_big_boggle.txt).
  static const std::vector<Die> dice = make_dice(
      {"AnErHeInQuTh", "JKQuWXZ", "AAAFRS", "AAEEEE", "AAEEOO", "AAFIRS", "ABDEIO", "ADENNN",
       "AEEEEM",       "AEEGMU",  "AEGMNN", "AEILMN", "AEINOU", "AFIRSY", "BBJKXZ", "CCENST",
       "CDDLNN",       "CEIITT",  "CEIPST", "CFGNUY", "DDHNOT", "DHHLOR", "DHHNOW", "DHLNOR",
       "EHILRS",       "EIILST",  "EILPST", "EIO###", "EMTTTO", "ENSSSU", "GORRVW", "HIRSTV",
       "HOPRST",       "IPRSYY",  "NOOTUW", "OOOTTU"});
  return dice;
}

std::string Board::text(const Alphabet& alphabet) const {
  std::size_t width = 1;
  for (const Tile& t : cells_) width = std::max(width, t.letters.size());
  std::string out;
  for (int r = 0; r < rows_; ++r) {
    for (int c = 0; c < cols_; ++c) {
      const Tile& t = cells_[static_cast<std::size_t>(r * cols_ + c)];
      std::string cell =
          t.is_blank() ? std::string(1, kBlockedCell) : alphabet.decode_upper(t.letters);
      if (c + 1 < cols_) cell.resize(width, ' ');
      out += cell;
      if (c + 1 < cols_) out += ' ';
    }
    out += '\n';
  }
  return out;
}

std::string Board::spec(const Alphabet& alphabet) const {
  // One row of several cells separates them with commas: without a separator, parse() would
  // read a square number of cells as a square board and refuse any other count.
  const bool one_row = rows_ == 1 && cols_ > 1;
  std::string out;
  for (int r = 0; r < rows_; ++r) {
    if (r > 0) out += '/';
    for (int c = 0; c < cols_; ++c) {
      const Tile& t = cells_[static_cast<std::size_t>(r * cols_ + c)];
      const std::string letters = alphabet.decode_upper(t.letters);
      if (one_row && c > 0) out += ',';
      if (t.is_blank())
        out += kBlockedCell;
      else
        out += t.letters.size() == 1 || one_row ? letters : "[" + letters + "]";
    }
  }
  return out;
}

}  // namespace wg::boggle
