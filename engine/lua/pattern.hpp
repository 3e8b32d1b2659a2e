#pragma once

// Lua 5.1 patterns (string.find, match, gmatch, gsub) for the sandbox: the same language and
// results as LuaJIT's matcher, but every step of the search is counted, so that a pattern that
// backtracks for hours is stopped by the script's step budget instead of hanging the engine.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace hl {

// A malformed pattern or capture use; what() is LuaJIT's wording ("unfinished capture").
class PatternError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Thrown when a search used up the steps it was given.
class PatternStepsExhausted : public std::exception {
  public:
    // A fixed description.
    const char* what() const noexcept override { return "pattern search ran out of steps"; }
};

// One search state: a subject, a pattern and the captures of the current match.
class PatternMatcher {
  public:
    // At most this many captures, as in Lua.
    static constexpr int kMaxCaptures = 32;
    // Capture length marking a position capture `()`.
    static constexpr std::ptrdiff_t kPosition = -2;
    // Capture length marking a capture not closed yet.
    static constexpr std::ptrdiff_t kUnfinished = -1;

    // A search in subject; steps is how many matcher steps the caller may still spend, counted
    // down (PatternStepsExhausted when they run out).
    PatternMatcher(std::string_view subject, std::int64_t& steps);

    // Tries to match pattern p (NUL-terminated: its first NUL ends it, as in LuaJIT) at subject
    // offset `at`; returns the end offset of the match, or -1. Clears the captures first.
    std::ptrdiff_t match_at(std::size_t at, const char* p);
    // Number of captures of the last match.
    int captures() const { return level_; }
    // Start offset of capture i.
    std::size_t capture_start(int i) const { return static_cast<std::size_t>(cap_[i].start); }
    // Length of capture i, or kPosition / kUnfinished.
    std::ptrdiff_t capture_length(int i) const { return cap_[i].len; }

  private:
    struct Capture {
        std::ptrdiff_t start = 0;
        std::ptrdiff_t len = 0;
    };
    std::ptrdiff_t match(std::ptrdiff_t s, const char* p);
    std::ptrdiff_t max_expand(std::ptrdiff_t s, const char* p, const char* ep);
    std::ptrdiff_t min_expand(std::ptrdiff_t s, const char* p, const char* ep);
    std::ptrdiff_t balance(std::ptrdiff_t s, const char* p);
    std::ptrdiff_t back_reference(std::ptrdiff_t s, int which);
    const char* item_end(const char* p) const;
    bool single(std::ptrdiff_t s, const char* p, const char* ep) const;
    int open_capture() const;
    void tick();

    std::string_view src_;
    std::int64_t& steps_;
    int depth_ = 0;
    int level_ = 0;
    Capture cap_[kMaxCaptures];
};

// True if pattern text (up to its first NUL) has none of the characters that make it a pattern
// rather than plain text, so that string.find may search it as text.
bool pattern_is_plain(const char* pattern);

}  // namespace hl
