#include "cli/line_editor.h"

#include <histedit.h>
#include <langinfo.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <clocale>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <utility>

#include "cli/output.h"

namespace wg::cli {

namespace {

using Clock = std::chrono::steady_clock;

/// A byte that is not part of a UTF-8 character stands in the line as U+DC00 + the byte (a low
/// surrogate, which no keyboard types and UTF-8 never encodes), and is turned back into that
/// byte when the line is returned: the line keeps every byte typed.
constexpr wchar_t kByteBase = 0xDC00;
/// Encloses the parts of a prompt that take no columns (ANSI colour sequences) for libedit.
constexpr wchar_t kIgnore = 1;

bool is_byte_stand_in(wchar_t c) { return c >= kByteBase + 0x80 && c <= kByteBase + 0xFF; }

/// How many bytes a UTF-8 character starting with `lead` has; 0 if `lead` cannot start one.
std::size_t utf8_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 0;
}

/// True if `byte` may follow `lead` as the `index`th byte (from 1) of a character: refuses
/// overlong forms, surrogates and code points past U+10FFFF, as UTF-8 does.
bool continues(unsigned char lead, std::size_t index, unsigned char byte) {
  if (byte < 0x80 || byte > 0xBF) return false;
  if (index != 1) return true;
  if (lead == 0xE0) return byte >= 0xA0;
  if (lead == 0xED) return byte <= 0x9F;
  if (lead == 0xF0) return byte >= 0x90;
  if (lead == 0xF4) return byte <= 0x8F;
  return true;
}

void append_utf8(std::string& out, std::uint32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

/// The bytes that libedit's wide line stands for.
std::string bytes_of(const wchar_t* line, std::size_t size) {
  std::string bytes;
  for (std::size_t i = 0; i < size; ++i) {
    if (is_byte_stand_in(line[i])) {
      bytes += static_cast<char>(line[i] - kByteBase);
    } else {
      append_utf8(bytes, static_cast<std::uint32_t>(line[i]));
    }
  }
  return bytes;
}

/// `text` as libedit's wide prompt: UTF-8 decoded (a stray byte as its stand-in), and each ANSI
/// escape sequence enclosed in kIgnore.
std::wstring prompt_of(std::string_view text) {
  std::wstring wide;
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    if (lead == 0x1B && i + 1 < text.size() && text[i + 1] == '[') {
      std::size_t end = i + 2;
      while (end < text.size() && !std::isalpha(static_cast<unsigned char>(text[end]))) ++end;
      end = std::min(end + 1, text.size());
      wide += kIgnore;
      for (; i < end; ++i) wide += static_cast<wchar_t>(text[i]);
      wide += kIgnore;
      continue;
    }
    std::size_t length = utf8_length(lead);
    for (std::size_t k = 1; k < length; ++k) {
      if (i + k >= text.size() || !continues(lead, k, static_cast<unsigned char>(text[i + k]))) {
        length = 0;
        break;
      }
    }
    if (length == 0) {
      wide += static_cast<wchar_t>(kByteBase + lead);
      ++i;
      continue;
    }
    std::uint32_t c = length == 1 ? lead : lead & (0xFF >> (length + 1));
    for (std::size_t k = 1; k < length; ++k) {
      c = c << 6 | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    }
    wide += static_cast<wchar_t>(c);
    i += length;
  }
  return wide;
}

/// The columns a prompt takes: its characters outside kIgnore.
std::size_t prompt_width(const std::wstring& prompt) {
  std::size_t width = 0;
  bool ignoring = false;
  for (const wchar_t c : prompt) {
    if (c == kIgnore) {
      ignoring = !ignoring;
    } else if (!ignoring) {
      ++width;
    }
  }
  return width;
}

bool utf8_locale() {
  const char* codeset = nl_langinfo(CODESET);
  return codeset != nullptr && std::strcmp(codeset, "UTF-8") == 0;
}

/// libedit and the process's one terminal: made on first use, for the whole run, so that the
/// history is shared by every prompt.
class Editor {
 public:
  static Editor& instance() {
    static Editor editor;
    return editor;
  }

  Editor(const Editor&) = delete;
  Editor& operator=(const Editor&) = delete;

  /// One line: `question` as the prompt, or, with a clock, `clock(seconds left)` until
  /// `deadline`.
  TimedLine read(std::string_view question, std::optional<Clock::time_point> deadline,
                 const ClockPrompt* clock) {
    deadline_ = deadline;
    clock_ = clock;
    time_up_ = false;
    prompt_ = prompt_of(clock != nullptr ? (*clock)(seconds_left()) : std::string(question));
    // The terminal's own echo and line mode off before the prompt shows, not after: a key typed
    // as soon as the prompt appears would be echoed by the terminal, then again by libedit
    // (which on its own leaves line mode only when it first reads a key). el_wgets restores the
    // terminal's modes when it returns.
    el_wset(el_, EL_PREP_TERM, 1);
    int count = 0;
    const wchar_t* line = el_wgets(el_, &count);
    deadline_.reset();
    clock_ = nullptr;
    if (time_up_) return {TimedLine::Kind::kTimeUp, {}};
    if (line == nullptr || count <= 0) return {TimedLine::Kind::kEnd, {}};
    std::size_t size = static_cast<std::size_t>(count);
    while (size > 0 && (line[size - 1] == L'\n' || line[size - 1] == L'\r')) --size;
    const std::wstring entered(line, size);
    if (!entered.empty()) {
      HistEventW event;
      history_w(history_, &event, H_ENTER, entered.c_str());
    }
    return {TimedLine::Kind::kLine, bytes_of(entered.data(), entered.size())};
  }

 private:
  Editor() {
    // libedit decodes and shows the line in the C library's locale: the person's own when it is
    // UTF-8, else C.UTF-8. The bytes typed are decoded here (read_key), whatever the locale.
    if (std::setlocale(LC_CTYPE, "") == nullptr || !utf8_locale()) {
      std::setlocale(LC_CTYPE, "C.UTF-8");
    }
    el_ = el_init("wordgames", stdin, stdout, stderr);
    history_ = history_winit();
    HistEventW event;
    history_w(history_, &event, H_SETSIZE, 200);
    el_wset(el_, EL_EDITOR, L"emacs");
    el_wset(el_, EL_SIGNAL, 1);  // the terminal is restored on Ctrl-C, Ctrl-Z, a resize
    el_wset(el_, EL_HIST, history_w, history_);
    el_wset(el_, EL_PROMPT_ESC, &Editor::prompt, kIgnore);
    el_wset(el_, EL_CLIENTDATA, this);
    el_wset(el_, EL_GETCFN, &Editor::read_key);
    el_wset(el_, EL_ADDFN, L"wg-end-or-delete", L"End of input on an empty line, else delete",
            &Editor::end_or_delete);
    el_wset(el_, EL_BIND, L"^D", L"wg-end-or-delete", nullptr);
    el_source(el_, nullptr);  // the person's ~/.editrc, as every libedit program reads it
    const char* term = std::getenv("TERM");
    can_redraw_ = term != nullptr && *term != '\0' && std::strcmp(term, "dumb") != 0;
  }
  ~Editor() {
    el_end(el_);
    history_wend(history_);
  }

  static Editor& of(EditLine* el) {
    void* self = nullptr;
    el_wget(el, EL_CLIENTDATA, &self);
    return *static_cast<Editor*>(self);
  }

  static wchar_t* prompt(EditLine* el) { return of(el).prompt_.data(); }

  static int read_key(EditLine* el, wchar_t* key) { return of(el).next_key(*key); }

  /// Ctrl-D, as libedit's emacs binding has it (the end of input on an empty line, else the
  /// character under the cursor deleted), but drawing no "^D" at the end of input: the caller
  /// ends the prompt's line and says what the end of input does.
  static unsigned char end_or_delete(EditLine* el, int /*key*/) {
    const LineInfoW* line = el_wline(el);
    if (line->lastchar == line->buffer) return CC_EOF;
    if (line->cursor == line->lastchar) return CC_ERROR;  // nothing under the cursor: a beep
    el_cursor(el, 1);
    el_wdeletestr(el, 1);
    return CC_REFRESH;
  }

  std::chrono::seconds seconds_left() const {
    if (!deadline_) return std::chrono::seconds(0);
    return std::max(std::chrono::seconds(0),
                    std::chrono::ceil<std::chrono::seconds>(*deadline_ - Clock::now()));
  }

  enum class Read { kByte, kEnd, kError, kTimeUp };

  /// One byte of standard input into `byte`, waiting no later than the deadline and redrawing
  /// the clock each second meanwhile.
  Read read_byte(unsigned char& byte) {
    for (;;) {
      int wait_ms = -1;
      if (deadline_) {
        const auto now = Clock::now();
        if (now >= *deadline_) return Read::kTimeUp;
        // Wake when the seconds shown (rounded up) change: at the next whole second left.
        const std::int64_t left =
            std::chrono::ceil<std::chrono::milliseconds>(*deadline_ - now).count();
        const std::int64_t to_tick = left % 1000 == 0 ? 1000 : left % 1000;
        wait_ms = static_cast<int>(std::clamp<std::int64_t>(to_tick, 1, 1000));
      }
      pollfd fd{STDIN_FILENO, POLLIN, 0};
      const int ready = ::poll(&fd, 1, wait_ms);
      if (ready == 0) {
        tick();
        continue;
      }
      if (ready < 0) {
        if (errno == EINTR) continue;
        return Read::kError;
      }
      const ssize_t n = ::read(STDIN_FILENO, &byte, 1);
      if (n == 1) return Read::kByte;
      if (n == 0) return Read::kEnd;
      if (errno != EINTR && errno != EAGAIN) return Read::kError;
    }
  }

  /// Redraws the prompt in place with the time left, when it keeps its width and the cursor is
  /// on its row; libedit draws the new prompt itself on its next redraw anyway.
  void tick() {
    if (clock_ == nullptr) return;
    std::wstring next = prompt_of((*clock_)(seconds_left()));
    if (next == prompt_) return;
    const bool same_width = prompt_width(next) == prompt_width(prompt_);
    prompt_ = std::move(next);
    if (!can_redraw_ || !same_width) return;
    const LineInfoW* line = el_wline(el_);
    const auto typed = static_cast<std::size_t>(line->lastchar - line->buffer);
    if (prompt_width(prompt_) + typed + 1 >= terminal_columns()) return;
    std::string text =
        "\x1b"
        "7\r";  // save the cursor, go to the start of the row
    for (const wchar_t c : prompt_) {
      if (c != kIgnore) append_utf8(text, static_cast<std::uint32_t>(c));
    }
    text +=
        "\x1b"
        "8";  // and back where the person types
    std::fflush(stdout);
    [[maybe_unused]] const ssize_t written = ::write(STDOUT_FILENO, text.data(), text.size());
  }

  /// The next character typed, for libedit: 1 with it in `key`, 0 at the end of input, -1 on an
  /// error or when the time is up (time_up_ then says which).
  int next_key(wchar_t& key) {
    auto fill = [this](std::size_t n) {
      while (pending_.size() < n) {
        unsigned char byte = 0;
        const Read read = read_byte(byte);
        if (read == Read::kTimeUp) time_up_ = true;
        if (read != Read::kByte) return read;
        pending_ += static_cast<char>(byte);
      }
      return Read::kByte;
    };
    const Read first = fill(1);
    if (first == Read::kEnd) return 0;
    if (first != Read::kByte) return -1;
    const auto lead = static_cast<unsigned char>(pending_[0]);
    const std::size_t length = utf8_length(lead);
    std::size_t taken = 1;
    std::uint32_t c = lead;
    if (length > 1) {
      c = lead & (0xFF >> (length + 1));
      for (std::size_t k = 1; k < length; ++k) {
        const Read more = fill(k + 1);
        if (more == Read::kTimeUp || more == Read::kError) return -1;
        if (more == Read::kEnd || !continues(lead, k, static_cast<unsigned char>(pending_[k]))) {
          c = kByteBase + lead;  // not UTF-8: the lead byte stands alone, the rest is read anew
          break;
        }
        c = c << 6 | (static_cast<unsigned char>(pending_[k]) & 0x3F);
        taken = k + 1;
      }
      if (taken != length) taken = 1;
    } else if (length == 0) {
      c = kByteBase + lead;
    }
    pending_.erase(0, taken);
    key = static_cast<wchar_t>(c);
    return 1;
  }

  EditLine* el_ = nullptr;
  HistoryW* history_ = nullptr;
  std::wstring prompt_;
  std::string pending_;  ///< bytes read and not yet made a character
  std::optional<Clock::time_point> deadline_;
  const ClockPrompt* clock_ = nullptr;
  bool time_up_ = false;
  bool can_redraw_ = false;
};

}  // namespace

bool stdio_is_terminal() { return isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1; }

std::optional<std::string> read_edited_line(std::string_view question) {
  TimedLine line = Editor::instance().read(question, std::nullopt, nullptr);
  if (line.kind != TimedLine::Kind::kLine) return std::nullopt;
  return std::move(line.text);
}

TimedLine read_edited_line_within(std::chrono::steady_clock::time_point deadline,
                                  const ClockPrompt& prompt) {
  return Editor::instance().read({}, deadline, &prompt);
}

}  // namespace wg::cli
