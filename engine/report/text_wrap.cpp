#include "report/text_wrap.hpp"

#include "core/utf8.hpp"

namespace hl {

namespace {

// Appends the words of one line of text (no line breaks) to `lines`.
void wrap_line(std::string_view text, std::size_t width, std::vector<std::string>& lines) {
    std::string line;
    std::size_t line_w = 0;
    std::size_t i = 0;
    const std::size_t start_count = lines.size();
    while (i < text.size()) {
        while (i < text.size() && text[i] == ' ')
            ++i;
        std::size_t end = text.find(' ', i);
        if (end == std::string_view::npos) end = text.size();
        std::string_view word = text.substr(i, end - i);
        i = end;
        if (word.empty()) break;
        std::size_t w = text_width(word);
        if (line_w > 0 && line_w + 1 + w <= width) {
            line += ' ';
            line += word;
            line_w += 1 + w;
            continue;
        }
        if (line_w > 0) {
            lines.push_back(line);
            line.clear();
            line_w = 0;
        }
        // A word longer than the line is cut between code points.
        while (w > width && width > 0) {
            std::size_t bytes = 0, cols = 0;
            while (cols < width) {
                ++bytes;
                while (bytes < word.size() &&
                       (static_cast<unsigned char>(word[bytes]) & 0xC0) == 0x80)
                    ++bytes;
                ++cols;
            }
            lines.emplace_back(word.substr(0, bytes));
            word.remove_prefix(bytes);
            w -= cols;
        }
        line = std::string(word);
        line_w = w;
    }
    if (line_w > 0 || lines.size() == start_count) lines.push_back(line);
}

}  // namespace

std::size_t text_width(std::string_view text) {
    return utf8_length(text);
}

std::vector<std::string> wrap_words(std::string_view text, std::size_t width) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (true) {
        std::size_t nl = text.find('\n', start);
        wrap_line(text.substr(start, nl == std::string_view::npos ? nl : nl - start), width, lines);
        if (nl == std::string_view::npos) break;
        start = nl + 1;
    }
    return lines;
}

std::string pad_to(const std::string& text, std::size_t width, bool right_align) {
    std::size_t w = text_width(text);
    if (w >= width) return text;
    std::string fill(width - w, ' ');
    return right_align ? fill + text : text + fill;
}

std::string wrap_indented(std::string_view text, std::size_t width, const std::string& first,
                          const std::string& rest) {
    std::size_t indent =
        text_width(rest) > text_width(first) ? text_width(rest) : text_width(first);
    std::size_t room = width > indent + 10 ? width - indent : 10;
    std::string out;
    bool is_first = true;
    for (const std::string& line : wrap_words(text, room)) {
        std::string l = (is_first ? first : rest) + line;
        while (!l.empty() && l.back() == ' ')
            l.pop_back();
        out += l + "\n";
        is_first = false;
    }
    return out;
}

}  // namespace hl
