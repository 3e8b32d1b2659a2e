#include "mail/sheet_in_mail.hpp"

#include <cctype>
#include <vector>

#include <fmt/format.h>

#include "core/sheet_text.hpp"

namespace hl::mail {

namespace {

std::vector<std::string> split_lines(std::string_view text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t nl = text.find('\n', start);
        if (nl == std::string_view::npos) {
            if (start < text.size()) lines.emplace_back(text.substr(start));
            break;
        }
        lines.emplace_back(text.substr(start, nl - start));
        start = nl + 1;
    }
    return lines;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::toupper(static_cast<unsigned char>(a[i])) !=
            std::toupper(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

bool istarts(std::string_view s, std::string_view prefix) {
    return s.size() >= prefix.size() && iequals(s.substr(0, prefix.size()), prefix);
}

bool is_quoted(std::string_view line) {
    std::string_view t = trim(line);
    return !t.empty() && t.front() == '>';
}

bool is_signature(std::string_view line) {
    return line == "-- " || line == "--";
}

// Lines that start the replied-to or forwarded mail in the common mail programs.
bool is_original_mail(std::string_view line) {
    std::string_view t = trim(line);
    if (t.size() >= 10 && t.find_first_not_of('_') == std::string_view::npos) return true;
    if (t.size() > 10 && t.front() == '-' && t.back() == '-') {
        std::string_view inner = trim(std::string_view(t).substr(t.find_first_not_of('-')));
        inner = inner.substr(0, inner.find('-'));
        inner = trim(inner);
        return istarts(inner, "Original Message") || istarts(inner, "Forwarded message") ||
               istarts(inner, "Ursprüngliche Nachricht");
    }
    return false;
}

// "On Mon, 1 Dec 2026, Alice wrote:" and the like, right before quoted lines.
bool is_attribution(const std::vector<std::string>& lines, std::size_t i) {
    std::string_view t = trim(lines[i]);
    if (t.empty() || t.back() != ':') return false;
    for (std::size_t j = i + 1; j < lines.size(); ++j) {
        if (trim(lines[j]).empty()) continue;
        return is_quoted(lines[j]);
    }
    return false;
}

// Closing phrases of mails, lower case, without the punctuation after them.
constexpr std::string_view kSignOffs[] = {
    "thanks",       "thank you",    "thanks a lot", "many thanks",  "thx",         "cheers",
    "regards",      "best regards", "kind regards", "warm regards", "best wishes", "best",
    "all the best", "greetings",    "bye",          "ciao",         "see you",     "good luck",
    "have fun",     "yours",        "sincerely",    "yours truly",  "love",        "danke",
    "vielen dank",  "gruß",         "grüße",        "viele grüße",  "liebe grüße", "mfg",
    "merci",        "cordialement", "salut",        "saludos",      "gracias",     "groeten",
    "hälsningar",   "hilsen",
};

// A short name after a sign-off: at most four words and 40 bytes, letters and the like only
// (no digits, so no order or code).
bool is_name_like(std::string_view line) {
    std::string_view t = trim(line);
    if (t.empty() || t.size() > 40) return false;
    int words = 0;
    bool in_word = false;
    for (char c : t) {
        if (c >= '0' && c <= '9') return false;
        bool space = c == ' ' || c == '\t';
        if (!space && !in_word) ++words;
        in_word = !space;
    }
    return words <= 4;
}

}  // namespace

bool is_sign_off(std::string_view line) {
    std::string_view t = trim(line);
    for (std::string_view phrase : kSignOffs) {
        if (!istarts(t, phrase)) continue;
        std::string_view rest = t.substr(phrase.size());
        // The phrase must end at a word's end: "Thanks!", "Cheers, Bob", not "Tax".
        if (!rest.empty() && std::isalnum(static_cast<unsigned char>(rest.front()))) continue;
        while (!rest.empty() &&
               (rest.front() == '!' || rest.front() == ',' || rest.front() == '.' ||
                rest.front() == ' ' || rest.front() == '\t' || rest.front() == '-'))
            rest.remove_prefix(1);
        if (rest.empty() || is_name_like(rest)) return true;
    }
    return false;
}

bool is_header_line(std::string_view line) {
    std::string_view t = trim(line.substr(0, line.find('#')));
    std::size_t sp = t.find_first_of(" \t");
    if (sp == std::string_view::npos) return false;
    std::string_view key = t.substr(0, sp);
    std::string_view rest = trim(t.substr(sp));
    if (rest.empty() || rest.find_first_of(" \t") != std::string_view::npos) return false;
    return iequals(key, "EMPIRE") || iequals(key, "SECRET") || iequals(key, "TURN");
}

std::string normalize_text(const TextPart& part) {
    std::string_view in = part.text;
    if (in.substr(0, 3) == "\xEF\xBB\xBF") in.remove_prefix(3);
    std::string lf;
    lf.reserve(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
        if (in[i] == '\r') {
            lf += '\n';
            if (i + 1 < in.size() && in[i + 1] == '\n') ++i;
        } else {
            lf += in[i];
        }
    }
    if (!part.flowed) return lf;
    // RFC 3676: a line ending in a space continues on the next one (a signature line "-- "
    // and quoted lines excepted); a leading space is stuffing.
    std::string out;
    std::string para;
    bool open = false;
    for (std::string line : split_lines(lf)) {
        bool quoted = !line.empty() && line[0] == '>';
        if (!quoted && !line.empty() && line[0] == ' ') line.erase(0, 1);
        bool soft = !quoted && !line.empty() && line.back() == ' ' && line != "-- ";
        if (soft && part.delsp) line.pop_back();
        para += line;
        open = soft;
        if (!open) {
            out += para + "\n";
            para.clear();
        }
    }
    if (open) out += para + "\n";
    return out;
}

std::string sheet_from_body(std::string_view text, std::vector<std::string>* ignored) {
    std::vector<std::string> lines = split_lines(text);
    std::size_t start = 0;
    while (start < lines.size() && (is_quoted(lines[start]) || !is_header_line(lines[start])))
        ++start;
    if (start == lines.size()) return "";
    std::vector<std::string> kept;
    std::vector<std::string> dropped;
    std::size_t i = start;
    for (; i < lines.size(); ++i) {
        const std::string& line = lines[i];
        if (is_signature(line) || is_original_mail(line)) break;
        if (is_quoted(line) || is_attribution(lines, i)) continue;
        kept.push_back(line);
        if (is_sheet_end(line)) {
            // Everything after END is the player's to write: left out, and said so.
            for (++i; i < lines.size(); ++i)
                if (is_signature(lines[i]) || is_original_mail(lines[i]))
                    break;
                else if (!trim(lines[i]).empty() && !is_quoted(lines[i]))
                    dropped.push_back(lines[i]);
            break;
        }
    }
    auto drop_blank_tail = [&] {
        while (!kept.empty() && trim(kept.back()).empty())
            kept.pop_back();
    };
    drop_blank_tail();
    if (!kept.empty() && istarts(trim(kept.back()), "Sent from my ")) kept.pop_back();
    drop_blank_tail();
    if (dropped.empty()) {
        // A sign-off after the last order, and at most three short name lines below it.
        std::size_t last = kept.size();
        for (std::size_t back = 0; back < 4 && back < kept.size(); ++back) {
            std::size_t k = kept.size() - 1 - back;
            if (is_sign_off(kept[k])) {
                last = k;
                break;
            }
            if (!trim(kept[k]).empty() && !is_name_like(kept[k])) break;
        }
        if (last < kept.size() && last > 0) {
            for (std::size_t k = last; k < kept.size(); ++k)
                if (!trim(kept[k]).empty()) dropped.push_back(kept[k]);
            kept.resize(last);
            drop_blank_tail();
        }
    }
    if (ignored) *ignored = std::move(dropped);
    std::string out;
    for (const std::string& l : kept)
        out += l + "\n";
    return out;
}

FoundSheet find_sheet(const IncomingMail& mail) {
    FoundSheet found;
    std::vector<std::pair<std::string, std::string>> sheets;  // (where, text)
    std::vector<std::vector<std::string>> ignored;            // lines left out of each
    std::string problem;
    for (const TextPart& part : mail.texts) {
        std::string where =
            part.attachment
                ? (part.filename.empty() ? std::string("an attached text")
                                         : fmt::format("the attachment {}", part.filename))
                : std::string("the mail's text");
        if (!part.problem.empty()) {
            if (problem.empty()) problem = fmt::format("{}: {}", where, part.problem);
            continue;
        }
        std::string text = normalize_text(part);
        std::string sheet;
        std::vector<std::string> left_out;
        if (part.attachment) {
            // An attached file is the sheet as the player saved it: kept whole.
            bool has_header = false;
            std::size_t start = 0;
            while (start <= text.size() && !has_header) {
                std::size_t nl = text.find('\n', start);
                std::string_view line = std::string_view(text).substr(
                    start, nl == std::string::npos ? std::string::npos : nl - start);
                has_header = is_header_line(line);
                if (nl == std::string::npos) break;
                start = nl + 1;
            }
            if (has_header) sheet = text;
        } else {
            sheet = sheet_from_body(text, &left_out);
        }
        if (sheet.empty()) continue;
        bool same = false;
        for (const auto& s : sheets)
            same = same || s.second == sheet;
        if (!same) {
            sheets.emplace_back(where, sheet);
            ignored.push_back(std::move(left_out));
        }
    }
    if (sheets.size() == 1) {
        found.where = sheets[0].first;
        found.text = sheets[0].second;
        found.ignored = std::move(ignored[0]);
        return found;
    }
    if (sheets.size() > 1) {
        found.refusal = fmt::format(
            "this mail holds {} different turnsheets ({} and {}); send one sheet per mail",
            sheets.size(), sheets[0].first, sheets[1].first);
        return found;
    }
    if (!problem.empty()) {
        found.refusal = fmt::format("no turnsheet could be read: {}", problem);
    } else if (mail.texts.empty() && mail.has_html) {
        found.refusal =
            "this mail has only an HTML part, and turnsheets are read from plain text only: "
            "send the sheet as plain text (set your mail program to write plain text, or "
            "attach the sheet as a .txt file)";
    } else {
        found.refusal =
            "no turnsheet found: the sheet needs its header lines, such as EMPIRE ARC, "
            "SECRET and TURN, at the start of a line, in the mail's text or in an attached "
            ".txt file";
    }
    return found;
}

}  // namespace hl::mail
