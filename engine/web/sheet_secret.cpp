#include "web/sheet_secret.hpp"

#include <cctype>
#include <vector>

namespace hl::web {

namespace {

bool blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

// One line's words as [begin, end) offsets in the line (white space separates them).
std::vector<std::pair<std::size_t, std::size_t>> words(std::string_view line) {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && blank(line[i]))
            ++i;
        if (i == line.size()) break;
        std::size_t start = i;
        while (i < line.size() && !blank(line[i]))
            ++i;
        out.emplace_back(start, i);
    }
    return out;
}

bool is_secret_word(std::string_view w) {
    static const char kWord[] = "SECRET";
    if (w.size() != sizeof kWord - 1) return false;
    for (std::size_t i = 0; i < w.size(); ++i)
        if (std::toupper(static_cast<unsigned char>(w[i])) != kWord[i]) return false;
    return true;
}

// The text's lines, each without its '\n' (a last line without one is kept as it is).
std::vector<std::string_view> lines(std::string_view text) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t nl = text.find('\n', start);
        if (nl == std::string_view::npos) nl = text.size();
        out.push_back(text.substr(start, nl - start));
        start = nl + 1;
    }
    return out;
}

std::string join(const std::vector<std::string>& parts, std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        out += parts[i];
        if (i + 1 < parts.size() || (!text.empty() && text.back() == '\n')) out += '\n';
    }
    return out;
}

}  // namespace

std::string sheet_without_secret(std::string_view text) {
    std::vector<std::string> out;
    for (std::string_view line : lines(text)) {
        auto w = words(line);
        if (w.size() > 1 && is_secret_word(line.substr(w[0].first, w[0].second - w[0].first)))
            out.emplace_back(line.substr(0, w[0].second));
        else
            out.emplace_back(line);
    }
    return join(out, text);
}

std::string sheet_with_secret(std::string_view text, const std::string& secret) {
    std::vector<std::string_view> ls = lines(text);
    std::vector<std::string> out(ls.begin(), ls.end());
    std::size_t first_words = ls.size();
    for (std::size_t i = 0; i < ls.size(); ++i) {
        auto w = words(ls[i]);
        if (w.empty()) continue;
        if (first_words == ls.size()) first_words = i;
        if (!is_secret_word(ls[i].substr(w[0].first, w[0].second - w[0].first))) continue;
        if (w.size() > 1) return std::string(text);  // the sheet gives a secret: it stands
        out[i] = std::string(ls[i].substr(0, w[0].second)) + " " + secret;
        return join(out, text);
    }
    std::string line = "SECRET " + secret;
    if (text.empty()) return line + "\n";
    if (first_words == ls.size())
        out.insert(out.begin(), line);
    else
        out.insert(out.begin() + static_cast<std::ptrdiff_t>(first_words) + 1, line);
    return join(out, text);
}

}  // namespace hl::web
