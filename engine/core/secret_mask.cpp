#include "core/secret_mask.hpp"

#include <algorithm>

namespace hl {

namespace {

bool is_word_byte(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

std::string lowered(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// The 1-based column of byte `offset` of the line starting at `line_start`, in characters.
int column_of(std::string_view text, std::size_t line_start, std::size_t offset) {
    int col = 1;
    for (std::size_t i = line_start; i < offset; ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++col;
    return col;
}

}  // namespace

SecretMask::SecretMask(const std::vector<std::string>& secrets) {
    for (const std::string& s : secrets) {
        if (s.size() < kMaskedSecretMinLength) continue;
        lowered_.insert(lowered(s));
        if (std::find(lengths_.begin(), lengths_.end(), s.size()) == lengths_.end())
            lengths_.push_back(s.size());
    }
    // Longest first, so that a secret that ends another one's first characters loses.
    std::sort(lengths_.rbegin(), lengths_.rend());
}

MaskedSheet SecretMask::apply(std::string_view text) const {
    MaskedSheet out;
    out.text.assign(text);
    if (lowered_.empty()) return out;
    int line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            line_start = i + 1;
            continue;
        }
        if (i > 0 && is_word_byte(text[i - 1])) continue;
        for (std::size_t n : lengths_) {
            const std::size_t end = i + n;
            if (end > text.size() || (end < text.size() && is_word_byte(text[end]))) continue;
            if (!lowered_.count(lowered(text.substr(i, n)))) continue;
            out.hidden.push_back(
                {line, column_of(text, line_start, i), std::string(text.substr(i, n))});
            std::fill(out.text.begin() + static_cast<std::ptrdiff_t>(i),
                      out.text.begin() + static_cast<std::ptrdiff_t>(end), 'X');
            i = end - 1;
            break;
        }
    }
    return out;
}

void unmask_header_item(HeaderItem& item, const MaskedSheet& masked) {
    if (!item.given) return;
    if (!std::all_of(item.text.begin(), item.text.end(), [](char c) { return c == 'X'; })) return;
    for (const MaskedSheet::Hidden& h : masked.hidden) {
        if (h.line != item.line || h.written.size() != item.text.size()) continue;
        if (item.col != 0 && h.col != item.col) continue;
        item.text = h.written;
        return;
    }
}

}  // namespace hl
