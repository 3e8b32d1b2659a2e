#include "lua/step_budget.hpp"

#include <algorithm>
#include <map>
#include <mutex>

#include <fmt/format.h>

namespace hl {

namespace {

constexpr std::string_view kHead = "local __hl_S = ...; local __hl_n = 0; return function(...) ";
// The check: the count is an upvalue that the host joins, in every script, to the one counter of
// its state (lua/host.cpp), so counting a step reads and writes an upvalue rather than a table
// slot; this runs on every call and loop iteration.
constexpr std::string_view kTick =
    " do __hl_n = __hl_n - 1 if __hl_n < 0 then __hl_S.stop() end end ";
constexpr std::string_view kTail = "\nend";

// True for bytes LuaJIT's lexer accepts in names (ASCII letters, digits, _ and bytes >= 0x80).
bool is_ident(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c >= 0x80;
}

bool is_digit(unsigned char c) {
    return c >= '0' && c <= '9';
}

// Reads Lua tokens the way LuaJIT's lexer does, far enough to find keywords and parentheses;
// strings, long strings, comments and numbers are skipped whole.
class Scanner {
  public:
    explicit Scanner(std::string_view s) : s_(s) {}

    // Kinds of token the instrumenter cares about.
    enum Kind { kEnd, kName, kOpenParen, kCloseParen, kOther };

    // Moves to the next token; its text is s_[start(), pos()).
    Kind next() {
        skip_space_and_comments();
        start_ = pos_;
        if (pos_ >= s_.size()) return kEnd;
        unsigned char c = s_[pos_];
        if (is_ident(c) && !is_digit(c)) {
            while (pos_ < s_.size() && is_ident(s_[pos_]))
                ++pos_;
            return kName;
        }
        if (is_digit(c) || (c == '.' && pos_ + 1 < s_.size() && is_digit(s_[pos_ + 1]))) {
            skip_number();
            return kOther;
        }
        if (c == '"' || c == '\'') {
            skip_quoted(c);
            return kOther;
        }
        if (c == '[') {
            int level = long_bracket_level();
            if (level >= 0) {
                skip_long(level);
                return kOther;
            }
        }
        for (std::string_view op : {"...", "..", "::", "==", "~=", "<=", ">="})
            if (s_.substr(pos_, op.size()) == op) {
                pos_ += op.size();
                return kOther;
            }
        ++pos_;
        if (c == '(') return kOpenParen;
        if (c == ')') return kCloseParen;
        return kOther;
    }

    std::size_t start() const { return start_; }
    std::size_t pos() const { return pos_; }
    // The line of the current token (1-based).
    int line() const { return line_at(start_); }

  private:
    int line_at(std::size_t end) const {
        int line = 1;
        for (std::size_t i = 0; i < end && i < s_.size(); ++i) {
            if (s_[i] == '\n' || s_[i] == '\r') {
                if (i + 1 < end && (s_[i + 1] == '\n' || s_[i + 1] == '\r') && s_[i + 1] != s_[i])
                    ++i;
                ++line;
            }
        }
        return line;
    }

    void skip_space_and_comments() {
        while (pos_ < s_.size()) {
            unsigned char c = s_[pos_];
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
                ++pos_;
            } else if (c == '-' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '-') {
                pos_ += 2;
                if (pos_ < s_.size() && s_[pos_] == '[') {
                    int level = long_bracket_level();
                    if (level >= 0) {
                        skip_long(level);
                        continue;
                    }
                }
                while (pos_ < s_.size() && s_[pos_] != '\n' && s_[pos_] != '\r')
                    ++pos_;
            } else {
                return;
            }
        }
    }

    // At '[': the number of '=' of a long bracket `[==[`, or -1 if it is not one.
    int long_bracket_level() const {
        std::size_t i = pos_ + 1;
        int level = 0;
        while (i < s_.size() && s_[i] == '=') {
            ++i;
            ++level;
        }
        return i < s_.size() && s_[i] == '[' ? level : -1;
    }

    void skip_long(int level) {
        pos_ += static_cast<std::size_t>(level) + 2;
        std::string close = "]" + std::string(static_cast<std::size_t>(level), '=') + "]";
        std::size_t end = s_.find(close, pos_);
        pos_ = end == std::string_view::npos ? s_.size() : end + close.size();
    }

    void skip_quoted(unsigned char quote) {
        ++pos_;
        while (pos_ < s_.size()) {
            unsigned char c = s_[pos_];
            if (c == quote) {
                ++pos_;
                return;
            }
            if (c == '\n' || c == '\r') return;  // unfinished string: LuaJIT refuses it
            if (c != '\\') {
                ++pos_;
                continue;
            }
            ++pos_;  // an escape: a line break, \z with the spaces after it, or one character
            if (pos_ >= s_.size()) return;
            unsigned char e = s_[pos_];
            if (e == '\n' || e == '\r') {
                ++pos_;
                if (pos_ < s_.size() && (s_[pos_] == '\n' || s_[pos_] == '\r') && s_[pos_] != e)
                    ++pos_;
            } else if (e == 'z') {
                ++pos_;
                while (pos_ < s_.size() &&
                       (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' ||
                        s_[pos_] == '\r' || s_[pos_] == '\v' || s_[pos_] == '\f'))
                    ++pos_;
            } else {
                ++pos_;
            }
        }
    }

    void skip_number() {
        char xp = 'e';
        if (s_[pos_] == '0' && pos_ + 1 < s_.size() && (s_[pos_ + 1] | 0x20) == 'x') xp = 'p';
        char prev = 0;
        while (pos_ < s_.size()) {
            unsigned char c = s_[pos_];
            if (is_ident(c) || c == '.' || ((c == '-' || c == '+') && (prev | 0x20) == xp)) {
                prev = static_cast<char>(c);
                ++pos_;
            } else {
                break;
            }
        }
    }

    std::string_view s_;
    std::size_t pos_ = 0;
    std::size_t start_ = 0;
};

bool is_keyword(std::string_view w) {
    static constexpr std::string_view kWords[] = {
        "and",      "break",  "do",   "else", "elseif", "end",  "false", "for",
        "function", "goto",   "if",   "in",   "local",  "nil",  "not",   "or",
        "repeat",   "return", "then", "true", "until",  "while"};
    for (std::string_view k : kWords)
        if (w == k) return true;
    return false;
}

// True if a token can end a statement (or the file starts, prev empty), so that a name after it
// starts the next statement. LuaJIT reads `goto` as a goto statement only there and before a
// name; elsewhere (`x = y + goto`, `t.goto`, `local goto = 1`) it is an ordinary name.
bool ends_statement(Scanner::Kind kind, std::string_view prev) {
    if (prev.empty() || kind == Scanner::kCloseParen) return true;
    if (kind == Scanner::kName) {
        if (!is_keyword(prev)) return true;
        for (std::string_view k :
             {"end", "do", "then", "else", "repeat", "break", "nil", "true", "false"})
            if (prev == k) return true;
        return false;
    }
    if (prev == ";" || prev == "]" || prev == "}" || prev == "..." || prev == "::") return true;
    char c = prev[0];
    // Numbers, quoted and long strings.
    return is_digit(static_cast<unsigned char>(c)) || c == '"' || c == '\'' ||
           (c == '.' && prev.size() > 1 && prev[1] != '.') || (c == '[' && prev.size() > 1);
}

}  // namespace

namespace {

std::optional<StepBudgetError> instrument_uncached(std::string_view source, std::string& out);

// Rewritten sources by source text: every Lua state of a process (one per report, check or
// test game) loads the same pack files, and rewriting them is most of the cost of loading.
struct RewriteCache {
    std::mutex mutex;
    std::map<std::string, std::pair<std::optional<StepBudgetError>, std::string>, std::less<>>
        entries;
    std::size_t bytes = 0;
};

RewriteCache& rewrite_cache() {
    static RewriteCache cache;
    return cache;
}

constexpr std::size_t kCacheBytes = 64u << 20;  // a pack's sources are well under a megabyte

}  // namespace

std::optional<StepBudgetError> instrument_steps(std::string_view source, std::string& out) {
    RewriteCache& c = rewrite_cache();
    {
        std::lock_guard<std::mutex> lock(c.mutex);
        auto it = c.entries.find(source);
        if (it != c.entries.end()) {
            out = it->second.second;
            return it->second.first;
        }
    }
    std::optional<StepBudgetError> bad = instrument_uncached(source, out);
    std::lock_guard<std::mutex> lock(c.mutex);
    if (c.bytes + source.size() + out.size() <= kCacheBytes) {
        c.bytes += source.size() + out.size();
        c.entries.emplace(std::string(source), std::make_pair(bad, out));
    }
    return bad;
}

namespace {

std::optional<StepBudgetError> instrument_uncached(std::string_view source, std::string& out) {
    // LuaJIT skips a UTF-8 byte order mark and then a first line starting with '#' (a Unix
    // "#!" line); inside the wrapper they would be errors, so they go (the line break stays).
    if (source.substr(0, 3) == "\xEF\xBB\xBF") source.remove_prefix(3);
    if (!source.empty() && source[0] == '#')
        source.remove_prefix(std::min(source.size(), source.find_first_of("\r\n")));
    out.clear();
    out.reserve(source.size() + source.size() / 4 + kHead.size() + kTail.size());
    out += kHead;
    Scanner sc(source);
    std::size_t copied = 0;
    auto copy_to = [&](std::size_t end) {
        out.append(source.substr(copied, end - copied));
        copied = end;
    };
    // LuaJIT refuses a ';' that starts a block ("unexpected symbol"); a check put before it
    // would make it legal, so where the next token is ';' no check goes in and the counted
    // text fails to compile as the text as written does.
    auto before_semicolon = [&source](Scanner ahead) {
        return ahead.next() == Scanner::kOther && source.substr(ahead.start(), 1) == ";";
    };
    // After `function`: 1 until its '(' is seen, 2 inside the parameter list.
    int in_function_head = 0;
    Scanner::Kind prev_kind = Scanner::kEnd;
    std::string_view prev;  // the previous token's text
    for (Scanner::Kind k = sc.next(); k != Scanner::kEnd;
         prev_kind = k, prev = source.substr(sc.start(), sc.pos() - sc.start()), k = sc.next()) {
        if (k == Scanner::kName) {
            std::string_view name = source.substr(sc.start(), sc.pos() - sc.start());
            if (name.substr(0, kStepBudgetPrefix.size()) == kStepBudgetPrefix)
                return StepBudgetError{
                    sc.line(), fmt::format("the name '{}' is reserved: names starting with '{}' "
                                           "belong to the engine",
                                           name, kStepBudgetPrefix)};
            if ((name == "do" || name == "repeat") && !before_semicolon(sc)) {
                copy_to(sc.pos());
                out += kTick;
            } else if (name == "goto" && ends_statement(prev_kind, prev)) {
                Scanner ahead = sc;
                std::string_view label;
                if (ahead.next() == Scanner::kName)
                    label = source.substr(ahead.start(), ahead.pos() - ahead.start());
                if (!label.empty() && !is_keyword(label)) {
                    copy_to(sc.start());
                    out += kTick;
                }
            } else if (name == "function") {
                in_function_head = 1;
            }
        } else if (k == Scanner::kOpenParen && in_function_head == 1) {
            in_function_head = 2;
        } else if (k == Scanner::kCloseParen && in_function_head == 2) {
            if (!before_semicolon(sc)) {
                copy_to(sc.pos());
                out += kTick;
            }
            in_function_head = 0;
        }
    }
    copy_to(source.size());
    out += kTail;
    return std::nullopt;
}

}  // namespace

}  // namespace hl
