#include "lua/pattern.hpp"

#include <cstring>

namespace hl {

namespace {

// Deepest nesting of the matcher's recursion (captures, optional and repeated items), as in
// LuaJIT: deeper patterns are refused as too complex.
constexpr int kMaxDepth = 200;

bool in(unsigned char c, unsigned char lo, unsigned char hi) {
    return c >= lo && c <= hi;
}

// ASCII character classes, as LuaJIT's matcher has them (bytes >= 128 belong to none).
bool class_member(unsigned char c, unsigned char cls) {
    bool alpha = in(c, 'a', 'z') || in(c, 'A', 'Z');
    bool digit = in(c, '0', '9');
    bool yes = false;
    switch (cls | 0x20) {
        case 'a':
            yes = alpha;
            break;
        case 'c':
            yes = c < 32 || c == 127;
            break;
        case 'd':
            yes = digit;
            break;
        case 'g':
            yes = in(c, 33, 126);
            break;
        case 'l':
            yes = in(c, 'a', 'z');
            break;
        case 'p':
            yes = in(c, 33, 126) && !alpha && !digit;
            break;
        case 's':
            yes = c == ' ' || in(c, 9, 13);
            break;
        case 'u':
            yes = in(c, 'A', 'Z');
            break;
        case 'w':
            yes = alpha || digit;
            break;
        case 'x':
            yes = digit || in(c, 'a', 'f') || in(c, 'A', 'F');
            break;
        case 'z':
            yes = c == 0;
            break;
        default:
            return cls == c;  // an escaped character stands for itself
    }
    return in(cls, 'A', 'Z') ? !yes : yes;
}

// Whether c is in the set [...] that starts at p ('[') and ends at last (its ']').
bool set_member(unsigned char c, const char* p, const char* last) {
    bool member = true;
    if (p[1] == '^') {
        member = false;
        ++p;
    }
    while (++p < last) {
        if (*p == '%') {
            ++p;
            if (class_member(c, static_cast<unsigned char>(*p))) return member;
        } else if (p[1] == '-' && p + 2 < last) {
            unsigned char lo = static_cast<unsigned char>(*p);
            p += 2;
            if (lo <= c && c <= static_cast<unsigned char>(*p)) return member;
        } else if (static_cast<unsigned char>(*p) == c) {
            return member;
        }
    }
    return !member;
}

// Counts the recursion of one match() call; refuses patterns nested too deeply.
class DepthGuard {
  public:
    explicit DepthGuard(int& depth) : depth_(depth) {
        if (++depth_ > kMaxDepth) {
            --depth_;
            throw PatternError("pattern too complex");
        }
    }
    ~DepthGuard() { --depth_; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;

  private:
    int& depth_;
};

}  // namespace

bool pattern_is_plain(const char* pattern) {
    return std::strpbrk(pattern, "^$*+?.([%-") == nullptr;
}

PatternMatcher::PatternMatcher(std::string_view subject, std::int64_t& steps)
    : src_(subject), steps_(steps) {}

void PatternMatcher::tick() {
    if (--steps_ < 0) throw PatternStepsExhausted();
}

std::ptrdiff_t PatternMatcher::match_at(std::size_t at, const char* p) {
    level_ = 0;
    depth_ = 0;
    return match(static_cast<std::ptrdiff_t>(at), p);
}

// The end of the single-character item at p: past its escape or its closing ']'.
const char* PatternMatcher::item_end(const char* p) const {
    char c = *p++;
    if (c == '%') {
        if (*p == '\0') throw PatternError("malformed pattern (ends with '%')");
        return p + 1;
    }
    if (c == '[') {
        if (*p == '^') ++p;
        // The first character of a set is itself even if it is ']' ("[]]" is a set of one).
        do {
            if (*p == '\0') throw PatternError("malformed pattern (missing ']')");
            char d = *p++;
            if (d == '%' && *p != '\0') ++p;
        } while (*p != ']');
        return p + 1;
    }
    return p;
}

bool PatternMatcher::single(std::ptrdiff_t s, const char* p, const char* ep) const {
    if (s >= static_cast<std::ptrdiff_t>(src_.size())) return false;
    unsigned char c = static_cast<unsigned char>(src_[static_cast<std::size_t>(s)]);
    switch (*p) {
        case '.':
            return true;
        case '%':
            return class_member(c, static_cast<unsigned char>(p[1]));
        case '[':
            return set_member(c, p, ep - 1);
        default:
            return static_cast<unsigned char>(*p) == c;
    }
}

int PatternMatcher::open_capture() const {
    for (int i = level_ - 1; i >= 0; --i)
        if (cap_[i].len == kUnfinished) return i;
    throw PatternError("invalid pattern capture");
}

std::ptrdiff_t PatternMatcher::balance(std::ptrdiff_t s, const char* p) {
    if (p[0] == '\0' || p[1] == '\0') throw PatternError("unbalanced pattern");
    const auto end = static_cast<std::ptrdiff_t>(src_.size());
    if (s >= end || src_[static_cast<std::size_t>(s)] != p[0]) return -1;
    int open = 1;
    while (++s < end) {
        tick();
        char c = src_[static_cast<std::size_t>(s)];
        if (c == p[1]) {
            if (--open == 0) return s + 1;
        } else if (c == p[0]) {
            ++open;
        }
    }
    return -1;
}

std::ptrdiff_t PatternMatcher::back_reference(std::ptrdiff_t s, int which) {
    int i = which - '1';
    if (i < 0 || i >= level_ || cap_[i].len == kUnfinished)
        throw PatternError("invalid capture index");
    std::ptrdiff_t len = cap_[i].len;
    if (len < 0) return -1;  // a position capture never matches text
    if (static_cast<std::ptrdiff_t>(src_.size()) - s < len) return -1;
    steps_ -= len / 64;
    tick();
    if (std::memcmp(src_.data() + cap_[i].start, src_.data() + s, static_cast<std::size_t>(len)) !=
        0)
        return -1;
    return s + len;
}

std::ptrdiff_t PatternMatcher::max_expand(std::ptrdiff_t s, const char* p, const char* ep) {
    std::ptrdiff_t n = 0;
    while (single(s + n, p, ep)) {
        tick();
        ++n;
    }
    for (; n >= 0; --n) {
        std::ptrdiff_t r = match(s + n, ep + 1);
        if (r >= 0) return r;
    }
    return -1;
}

std::ptrdiff_t PatternMatcher::min_expand(std::ptrdiff_t s, const char* p, const char* ep) {
    for (;;) {
        std::ptrdiff_t r = match(s, ep + 1);
        if (r >= 0) return r;
        if (!single(s, p, ep)) return -1;
        ++s;
    }
}

std::ptrdiff_t PatternMatcher::match(std::ptrdiff_t s, const char* p) {
    DepthGuard guard(depth_);
    const auto end = static_cast<std::ptrdiff_t>(src_.size());
    for (;;) {
        tick();
        switch (*p) {
            case '\0':
                return s;
            case '(': {
                bool position = p[1] == ')';
                if (level_ >= kMaxCaptures) throw PatternError("too many captures");
                cap_[level_].start = s;
                cap_[level_].len = position ? kPosition : kUnfinished;
                ++level_;
                std::ptrdiff_t r = match(s, p + (position ? 2 : 1));
                if (r < 0) --level_;
                return r;
            }
            case ')': {
                int i = open_capture();
                cap_[i].len = s - cap_[i].start;
                std::ptrdiff_t r = match(s, p + 1);
                if (r < 0) cap_[i].len = kUnfinished;
                return r;
            }
            case '$':
                if (p[1] == '\0') return s == end ? s : -1;
                break;
            case '%':
                if (p[1] == 'b') {
                    s = balance(s, p + 2);
                    if (s < 0) return -1;
                    p += 4;
                    continue;
                }
                if (p[1] == 'f') {
                    p += 2;
                    if (*p != '[') throw PatternError("missing '[' after '%f' in pattern");
                    const char* ep = item_end(p);
                    // Before the subject and at its end the neighbour is '\0'.
                    auto at = [&](std::ptrdiff_t i) {
                        return i < 0 || i >= end
                                   ? static_cast<unsigned char>(0)
                                   : static_cast<unsigned char>(src_[static_cast<std::size_t>(i)]);
                    };
                    if (set_member(at(s - 1), p, ep - 1) || !set_member(at(s), p, ep - 1))
                        return -1;
                    p = ep;
                    continue;
                }
                if (p[1] >= '0' && p[1] <= '9') {
                    s = back_reference(s, p[1]);
                    if (s < 0) return -1;
                    p += 2;
                    continue;
                }
                break;
            default:
                break;
        }
        // A single-character item, maybe followed by a repetition.
        const char* ep = item_end(p);
        bool here = single(s, p, ep);
        switch (*ep) {
            case '?': {
                if (here) {
                    std::ptrdiff_t r = match(s + 1, ep + 1);
                    if (r >= 0) return r;
                }
                p = ep + 1;
                continue;
            }
            case '*':
                return max_expand(s, p, ep);
            case '+':
                return here ? max_expand(s + 1, p, ep) : -1;
            case '-':
                return min_expand(s, p, ep);
            default:
                if (!here) return -1;
                ++s;
                p = ep;
                continue;
        }
    }
}

}  // namespace hl
