#include "core/sheet_text.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/utf8.hpp"

namespace hl {

namespace {

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

// Counts columns along one line: the column of a byte offset, moving forward only.
class Columns {
  public:
    explicit Columns(std::string_view line) : line_(line) {}
    int at(std::size_t offset) {
        for (; pos_ < offset && pos_ < line_.size(); ++pos_)
            if ((static_cast<unsigned char>(line_[pos_]) & 0xC0) != 0x80) ++col_;
        return col_ > 1'000'000 ? 1'000'000 : col_;
    }

  private:
    std::string_view line_;
    std::size_t pos_ = 0;
    int col_ = 1;
};

// The end of a line's content: where its comment starts (outside quotes), or its end.
std::size_t content_end(std::string_view raw, const SheetSyntax& syntax) {
    if (syntax.comment == '\0') return raw.size();
    bool in_quote = false;
    bool word_start = true;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        char c = raw[i];
        if (in_quote) {
            if (c == '"') {
                in_quote = false;
                word_start = true;  // a word may follow the closing quote at once
            }
            continue;
        }
        if (c == syntax.comment) return i;
        if (syntax.quotes && c == '"' && word_start) in_quote = true;
        word_start = is_space(c);
    }
    return raw.size();
}

SheetLine split_line(std::string_view raw, int number, const SheetSyntax& syntax) {
    SheetLine l;
    l.number = number;
    l.raw = raw;
    std::size_t end = content_end(raw, syntax);
    std::size_t b = 0;
    while (b < end && is_space(raw[b]))
        ++b;
    std::size_t e = end;
    while (e > b && is_space(raw[e - 1]))
        --e;
    l.text = raw.substr(b, e - b);
    Columns cols(raw);
    l.col = cols.at(b);
    std::size_t i = b;
    while (i < e) {
        while (i < e && is_space(raw[i]))
            ++i;
        if (i >= e) break;
        if (l.tokens.size() == syntax.max_tokens) {
            l.more = true;
            break;
        }
        SheetToken t;
        t.col = cols.at(i);
        if (syntax.quotes && raw[i] == '"') {
            std::size_t close = raw.find('"', i + 1);
            if (close == std::string_view::npos || close >= e) {
                l.open_quote_col = t.col;
                close = e;
            }
            t.text = raw.substr(i + 1, close - i - 1);
            t.quoted = true;
            i = close < e ? close + 1 : e;
        } else {
            std::size_t start = i;
            while (i < e && !is_space(raw[i]))
                ++i;
            t.text = raw.substr(start, i - start);
        }
        t.end = i;
        l.tokens.push_back(t);
    }
    return l;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

}  // namespace

std::string SheetLine::rest_after(std::size_t i) const {
    if (i >= tokens.size()) return {};
    std::size_t from = tokens[i].end;
    std::size_t to = static_cast<std::size_t>(text.data() - raw.data()) + text.size();
    std::string out;
    bool space = false;
    for (std::size_t k = from; k < to; ++k) {
        char c = raw[k];
        if (is_space(c)) {
            space = true;
            continue;
        }
        if (space && !out.empty()) out += ' ';
        space = false;
        out += c;
    }
    return out;
}

bool is_sheet_end(std::string_view line) {
    auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    while (!line.empty() && blank(line.front()))
        line.remove_prefix(1);
    while (!line.empty() && blank(line.back()))
        line.remove_suffix(1);
    if (line.starts_with('#')) line.remove_prefix(1);
    while (!line.empty() && blank(line.front()))
        line.remove_prefix(1);
    return line.size() == 3 && ascii_upper(line) == "END";
}

std::vector<SheetLine> split_sheet(std::string_view text, const SheetSyntax& syntax) {
    std::vector<SheetLine> out;
    // A byte order mark that some editors put before UTF-8 text is not part of the sheet.
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    int n = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        ++n;
        if (is_sheet_end(text.substr(start, end - start))) break;
        SheetLine l = split_line(text.substr(start, end - start), n, syntax);
        if (!l.tokens.empty()) out.push_back(std::move(l));
        start = end + 1;
    }
    return out;
}

std::string ascii_upper(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return out;
}

std::optional<std::string> whole_number(std::string_view text, long long min, long long max,
                                        long long& out) {
    bool negative = min < 0 && !text.empty() && text.front() == '-';
    std::string_view digits = negative ? text.substr(1) : text;
    if (digits.empty() ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::string("form");
    // Far beyond any range: stop counting at kCap, before the value could overflow.
    constexpr long long kCap = 1'000'000'000'000'000'000LL;
    long long v = 0;
    for (char c : digits) {
        if (v > (kCap - 9) / 10) {
            v = kCap;
            break;
        }
        v = v * 10 + (c - '0');
    }
    if (negative) v = -v;
    if (v < min) return std::string("small");
    if (v > max) return std::string("large");
    out = v;
    return std::nullopt;
}

std::string closest_name(std::string_view word, const std::vector<std::string>& names) {
    if (word.size() > 12) return {};
    std::string w = ascii_upper(word);
    std::string best;
    std::size_t best_d = 3;
    for (const std::string& name : names) {
        if (name.size() + 2 < w.size() || w.size() + 2 < name.size()) continue;
        std::size_t d = edit_distance(w, name);
        if (d < best_d || (d == best_d && name < best)) {
            best_d = d;
            best = name;
        }
    }
    if (best_d > 2 || (best_d == 2 && w.size() <= 3)) return {};
    return best;
}

std::optional<std::string> text_problem(std::string_view text, std::size_t max_chars) {
    if (auto bad = utf8_error(text))
        return fmt::format(
            "the text is not valid UTF-8 (byte {} of it, {}, is not part of a "
            "character)",
            *bad + 1, quoted_word(text.substr(*bad, 1)));
    if (has_control_char(text)) return std::string("the text contains a control character");
    std::size_t len = utf8_length(text);
    if (len > max_chars)
        return fmt::format("the text is {} characters long; at most {} are allowed", len,
                           max_chars);
    return std::nullopt;
}

std::string quoted_word(std::string_view text) {
    // Built piece by piece: "'" + string + "'" trips a false -Wrestrict in g++ 12 at -O3.
    std::string body = printable(text);
    std::string out;
    out.reserve(body.size() + 2);
    out += '\'';
    out += body;
    out += '\'';
    return out;
}

}  // namespace hl
