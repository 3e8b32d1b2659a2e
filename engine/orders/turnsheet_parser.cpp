#include "orders/turnsheet_parser.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "core/utf8.hpp"
#include "orders/order_text.hpp"

namespace hl {

namespace {

// Tokens read from one line, at most this many (action lines need five, PROBE ten).
constexpr std::size_t kMaxTokens = 24;
// Numbers in boxes and the TURN line stay below this.
constexpr long kMaxNumber = 999'999;

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

bool is_letter(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return out;
}

bool all_of(std::string_view s, bool (*pred)(char)) {
    return !s.empty() && std::all_of(s.begin(), s.end(), pred);
}

struct Token {
    std::string_view text;
    std::size_t pos = 0;  // byte offset in the line
};

// A line split at white space, with the rest of the line kept for names and messages.
struct Line {
    std::string_view text;   // without comment, trimmed
    std::size_t offset = 0;  // bytes trimmed from the start
    std::vector<Token> tokens;
    bool more = false;  // more tokens than kMaxTokens
};

Line split(std::string_view raw) {
    Line l;
    std::size_t hash = raw.find('#');
    if (hash != std::string_view::npos) raw = raw.substr(0, hash);
    std::size_t b = 0;
    while (b < raw.size() && is_space(raw[b]))
        ++b;
    std::size_t e = raw.size();
    while (e > b && is_space(raw[e - 1]))
        --e;
    l.text = raw.substr(b, e - b);
    l.offset = b;
    std::size_t i = 0;
    while (i < l.text.size()) {
        while (i < l.text.size() && is_space(l.text[i]))
            ++i;
        if (i >= l.text.size()) break;
        std::size_t start = i;
        while (i < l.text.size() && !is_space(l.text[i]))
            ++i;
        if (l.tokens.size() == kMaxTokens) {
            l.more = true;
            break;
        }
        l.tokens.push_back({l.text.substr(start, i - start), start});
    }
    return l;
}

// The text after token index `after`, with runs of white space made single spaces.
std::string rest_of(const Line& l, std::size_t after) {
    const Token& t = l.tokens[after];
    std::string_view rest = l.text.substr(t.pos + t.text.size());
    std::string out;
    bool space = false;
    for (char c : rest) {
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

// A whole number written with digits only; too_big past kMaxNumber.
struct Number {
    bool ok = false;
    bool too_big = false;
    long value = 0;
};

Number parse_number(std::string_view s) {
    Number n;
    if (!all_of(s, is_digit)) return n;
    n.ok = true;
    for (char c : s) {
        n.value = n.value * 10 + (c - '0');
        if (n.value > kMaxNumber) {
            n.too_big = true;
            n.value = kMaxNumber;
            return n;
        }
    }
    return n;
}

bool is_blank_box(std::string_view s) {
    return all_of(s, [](char c) { return c == '-'; });
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

std::string quoted(std::string_view s) {
    // Built piece by piece: "'" + string + "'" trips a false -Wrestrict in g++ 12 at -O3.
    std::string body = printable(s);
    std::string out;
    out.reserve(body.size() + 2);
    out += '\'';
    out += body;
    out += '\'';
    return out;
}

class Parser {
  public:
    Parser(const std::string& file, const ActionRegistry& reg, const TurnsheetLimits& limits,
           Diagnostics& diags)
        : reg_(reg), limits_(limits), diags_(diags) {
        sheet_.file = file;
    }

    bool stopped() const { return stopped_; }

    void error(int line, const std::string& message) {
        if (stopped_) return;
        if (errors_ >= limits_.max_errors) {
            diags_.error({sheet_.file, line, 0},
                         fmt::format("too many errors ({}); stopped reading here: fix these and "
                                     "check the sheet again",
                                     errors_));
            stopped_ = true;
            return;
        }
        ++errors_;
        diags_.error({sheet_.file, line, 0}, message);
    }

    void parse_line(std::string_view raw, int n) {
        Line l = split(raw);
        if (l.tokens.empty()) return;
        std::string_view first = l.tokens[0].text;
        if (auto slot = slot_number(first)) {
            action_line(l, n, 1, slot);
            return;
        }
        std::string word = upper(first);
        if (word == "EMPIRE") return empire_line(l, n);
        if (word == "SECRET") return secret_line(l, n);
        if (word == "TURN") return turn_line(l, n);
        if (word == "PROBE") return probe_line(l, n);
        if (word == "NAME") return name_line(l, n);
        if (word == "MESSAGE") return message_line(l, n);
        action_line(l, n, 0, std::nullopt);
    }

    Turnsheet finish() {
        // A header line that was there but wrong has its own error already.
        if (!stopped_) {
            if (!sheet_.empire_line && !empire_tried_)
                error(1, "the sheet has no EMPIRE line: write your empire's code, e.g. EMPIRE ARC");
            if (!sheet_.secret_line && !secret_tried_)
                error(1,
                      "the sheet has no SECRET line: write your empire's secret, e.g. SECRET "
                      "K7QX2M9P");
            if (!sheet_.turn_line && !turn_tried_)
                error(1,
                      "the sheet has no TURN line: write the turn these orders are for, e.g. "
                      "TURN 3");
        }
        std::stable_sort(sheet_.orders.begin(), sheet_.orders.end(),
                         [](const Order& a, const Order& b) { return a.slot < b.slot; });
        return std::move(sheet_);
    }

  private:
    // A slot number: digits, optionally followed by '.', ')' or ':'.
    static std::optional<long> slot_number(std::string_view t) {
        if (!t.empty() && (t.back() == '.' || t.back() == ')' || t.back() == ':'))
            t.remove_suffix(1);
        Number n = parse_number(t);
        if (!n.ok) return std::nullopt;
        return n.value;
    }

    // The header line seen first for a keyword, or 0; reports a repeat.
    bool first_time(int& seen, const char* keyword, int n) {
        if (seen) {
            error(n, fmt::format("a second {} line (the first is on line {})", keyword, seen));
            return false;
        }
        seen = n;
        return true;
    }

    // True if the standard game's codes (three capital letters) are this game's.
    bool three_letter_codes() const {
        const EmpireCodeFormat& f = limits_.empire_codes;
        return !f.digits && f.min_length == 3 && f.max_length == 3;
    }

    // An empire code as the game writes its codes (schema.toml [empires]), or nullopt.
    std::optional<std::string> empire_code(std::string_view text) const {
        std::string code = upper(text);
        if (limits_.empire_codes.problem(code)) return std::nullopt;
        return code;
    }

    // What an empire code looks like, for messages: "three letters, e.g. ARC".
    std::string empire_code_hint() const {
        if (three_letter_codes()) return "three letters, e.g. ARC";
        return fmt::format("{}, e.g. {}", limits_.empire_codes.describe(),
                           limits_.empire_codes.nth(0));
    }

    void empire_line(const Line& l, int n) {
        empire_tried_ = true;
        if (l.tokens.size() != 2) {
            error(n,
                  three_letter_codes()
                      ? std::string("EMPIRE: write your empire's three-letter code, e.g. "
                                    "EMPIRE ARC")
                      : fmt::format("EMPIRE: write your empire's code ({})", empire_code_hint()));
            return;
        }
        std::string_view text = l.tokens[1].text;
        std::optional<std::string> code = empire_code(text);
        if (!code) {
            error(n, fmt::format("EMPIRE: {} is not an empire code ({})", quoted(text),
                                 empire_code_hint()));
            return;
        }
        if (!first_time(sheet_.empire_line, "EMPIRE", n)) return;
        sheet_.empire = *code;
    }

    void secret_line(const Line& l, int n) {
        secret_tried_ = true;
        if (l.tokens.size() != 2) {
            error(n, l.tokens.size() < 2
                         ? "SECRET: write your empire's secret, e.g. SECRET K7QX2M9P"
                         : "SECRET: a secret is one word, without spaces");
            return;
        }
        if (!first_time(sheet_.secret_line, "SECRET", n)) return;
        sheet_.secret = std::string(l.tokens[1].text);
    }

    void turn_line(const Line& l, int n) {
        turn_tried_ = true;
        if (l.tokens.size() != 2) {
            error(n, "TURN: write the turn these orders are for, e.g. TURN 3");
            return;
        }
        Number t = parse_number(l.tokens[1].text);
        if (t.ok && t.too_big) {
            error(n, fmt::format("TURN: {} is too large for a turn number (at most {})",
                                 quoted(l.tokens[1].text), kMaxNumber));
            return;
        }
        if (!t.ok || t.value < 1) {
            error(n, fmt::format("TURN: {} is not a turn number (1 or more)",
                                 quoted(l.tokens[1].text)));
            return;
        }
        if (!first_time(sheet_.turn_line, "TURN", n)) return;
        sheet_.turn = static_cast<int>(t.value);
    }

    void probe_line(const Line& l, int n) {
        if (l.tokens.size() < 2) {
            error(n, "PROBE: write the system codes your probe goes to, e.g. PROBE 123 456");
            return;
        }
        std::size_t boxes = l.tokens.size() - 1;
        if (l.more || boxes > static_cast<std::size_t>(limits_.max_probe_boxes)) {
            error(n,
                  fmt::format("PROBE: {} system codes, but a turnsheet has at most {} probe "
                              "boxes",
                              l.more ? fmt::format("more than {}", boxes) : std::to_string(boxes),
                              limits_.max_probe_boxes));
            return;
        }
        std::vector<PlaceCode> codes;
        bool ok = true;
        for (std::size_t i = 1; i < l.tokens.size(); ++i) {
            auto code = limits_.codes.parse(l.tokens[i].text);
            if (!code) {
                error(n, fmt::format("PROBE: {} is not a system code ({}, e.g. {})",
                                     quoted(l.tokens[i].text), limits_.codes.describe(),
                                     limits_.codes.format(42)));
                ok = false;
                continue;
            }
            codes.push_back(*code);
        }
        if (!ok) return;
        if (sheet_.probe_line) {
            error(n, fmt::format("a second PROBE line (the first is on line {}): put every "
                                 "probe box on one line",
                                 sheet_.probe_line));
            return;
        }
        sheet_.probe_line = n;
        sheet_.probes = std::move(codes);
    }

    // Checks free text of a NAME or MESSAGE line; returns false after reporting a problem.
    bool text_ok(const std::string& what, const std::string& text, int max_length, int n) {
        if (auto bad = utf8_error(text)) {
            error(n, fmt::format("{}: the text is not valid UTF-8 (byte {} of it, {}, is not "
                                 "part of a character)",
                                 what, *bad + 1, quoted(text.substr(*bad, 1))));
            return false;
        }
        if (has_control_char(text)) {
            error(n, fmt::format("{}: the text contains a control character", what));
            return false;
        }
        std::size_t len = utf8_length(text);
        if (len > static_cast<std::size_t>(max_length)) {
            error(n, fmt::format("{}: the text is {} characters long; at most {} are allowed", what,
                                 len, max_length));
            return false;
        }
        return true;
    }

    void name_line(const Line& l, int n) {
        if (l.tokens.size() < 3) {
            error(n, "NAME: write a system code and its new name, e.g. NAME 123 New Hope");
            return;
        }
        auto code = limits_.codes.parse(l.tokens[1].text);
        if (!code) {
            error(n, fmt::format("NAME: {} is not a system code ({}, e.g. {})",
                                 quoted(l.tokens[1].text), limits_.codes.describe(),
                                 limits_.codes.format(42)));
            return;
        }
        std::string name = rest_of(l, 1);
        std::string what = "NAME " + limits_.codes.format(*code);
        if (!text_ok(what, name, limits_.name_max_length, n)) return;
        auto [it, fresh] = named_.emplace(*code, n);
        if (!fresh) {
            error(n, fmt::format("NAME: system {} is already named on line {}",
                                 limits_.codes.format(*code), it->second));
            return;
        }
        if (static_cast<int>(sheet_.names.size()) >= limits_.naming_lines) {
            error(n, fmt::format("NAME: more than {} NAME lines; a turnsheet names at most {} "
                                 "systems",
                                 limits_.naming_lines, limits_.naming_lines));
            return;
        }
        sheet_.names.push_back({n, *code, name});
    }

    void message_line(const Line& l, int n) {
        if (l.tokens.size() < 3) {
            error(n,
                  "MESSAGE: write who it is for (ALL, an empire code, PHONE or EMAIL) and "
                  "the text, e.g. MESSAGE ALL Greetings");
            return;
        }
        std::string to = upper(l.tokens[1].text);
        if (to != "ALL" && to != "PHONE" && to != "EMAIL" &&
            !(to.size() == 3 && all_of(to, is_letter))) {
            error(n, fmt::format("MESSAGE: {} is not ALL, PHONE, EMAIL or an empire code",
                                 quoted(l.tokens[1].text)));
            return;
        }
        std::string text = rest_of(l, 1);
        if (!text_ok("MESSAGE " + to, text, limits_.message_max_length, n)) return;
        sheet_.messages.push_back({n, to, text});
    }

    void action_line(const Line& l, int n, std::size_t at, std::optional<long> given) {
        long slot = given ? *given : last_slot_ + 1;
        last_slot_ = std::min<long>(slot, kMaxNumber);
        if (slot < 1 || slot > limits_.actions_per_turn) {
            if (given)
                error(n, fmt::format("slot {} does not exist: a turnsheet has slots 1 to {}", slot,
                                     limits_.actions_per_turn));
            else
                error(n, fmt::format("more than {0} actions: this line would be action {1}, "
                                     "but a turnsheet has {0}",
                                     limits_.actions_per_turn, slot));
            return;
        }
        int s = static_cast<int>(slot);
        auto [it, fresh] = slot_lines_.emplace(s, n);
        if (!fresh) {
            error(n, fmt::format("slot {} is used twice (also on line {})", s, it->second));
            return;
        }
        if (l.tokens.size() <= at) {
            error(n, fmt::format("slot {} has no action", s));
            return;
        }
        std::string_view word = l.tokens[at].text;
        const ActionDef* def = reg_.find(word);
        if (!def) {
            unknown_word(word, n, at == 0);
            return;
        }
        std::size_t boxes = l.tokens.size() - at - 1;
        if (l.more || boxes > 3) {
            error(n, fmt::format("{}: too many boxes; a line holds the action and at most three "
                                 "boxes: {}",
                                 def->name, action_usage(*def)));
            return;
        }
        const Token* tok[3] = {nullptr, nullptr, nullptr};
        for (std::size_t i = 0; i < boxes; ++i)
            if (!is_blank_box(l.tokens[at + 1 + i].text)) tok[i] = &l.tokens[at + 1 + i];
        Order o;
        o.slot = s;
        o.line = n;
        o.action = def->name;
        o.text = std::string(l.text);
        if (boxes_fit(*def, tok, l.offset, s, n, o)) sheet_.orders.push_back(std::move(o));
    }

    void unknown_word(std::string_view word, int n, bool could_be_keyword) {
        std::string best;
        std::size_t best_d = 3;
        if (word.size() <= 12) {
            std::string w = upper(word);
            auto consider = [&](const std::string& name) {
                if (name.size() + 2 < w.size() || w.size() + 2 < name.size()) return;
                std::size_t d = edit_distance(w, name);
                if (d < best_d || (d == best_d && name < best)) {
                    best_d = d;
                    best = name;
                }
            };
            for (const auto& [name, def] : reg_.all())
                consider(name);
            if (could_be_keyword)
                for (const char* k : kTurnsheetKeywords)
                    consider(k);
            if (best_d > 2 || (best_d == 2 && w.size() <= 3)) best.clear();
        }
        const char* what = could_be_keyword ? "action or keyword" : "action";
        if (best.empty())
            error(n, fmt::format("unknown {} {}", what, quoted(word)));
        else
            error(n, fmt::format("unknown {} {}; did you mean {}?", what, quoted(word), best));
    }

    static bool blank_allowed(const ActionFormat& f, Box b) {
        const BoxSpec& s = box_spec(f, b);
        return s.type == BoxType::none || s.optional ||
               (b == Box::number && f.blank_number_in_last_slot);
    }

    static bool fits(const ActionFormat& f, const Token* const tok[3]) {
        for (Box b : {Box::from, Box::to, Box::number}) {
            bool blank = tok[static_cast<int>(b)] == nullptr;
            if (blank ? !blank_allowed(f, b) : box_spec(f, b).type == BoxType::none) return false;
        }
        return true;
    }

    // Chooses the format the filled boxes match and reads the boxes; reports problems.
    bool boxes_fit(const ActionDef& def, const Token* const tok[3], std::size_t offset, int slot,
                   int n, Order& o) {
        std::vector<std::size_t> candidates;
        for (std::size_t i = 0; i < def.formats.size(); ++i)
            if (fits(def.formats[i], tok)) candidates.push_back(i);
        if (candidates.empty()) {
            no_format(def, tok, n);
            return false;
        }
        std::vector<std::string> first_errors;
        for (std::size_t i : candidates) {
            std::vector<std::string> errs;
            Order trial = o;
            read_boxes(def, def.formats[i], tok, offset, slot, trial, errs);
            if (errs.empty()) {
                trial.format = static_cast<int>(i) + 1;
                o = std::move(trial);
                return true;
            }
            if (first_errors.empty()) first_errors = std::move(errs);
        }
        for (const std::string& e : first_errors)
            error(n, e);
        return false;
    }

    void no_format(const ActionDef& def, const Token* const tok[3], int n) {
        if (def.formats.size() > 1) {
            error(n, fmt::format("{}: no form of {} has these boxes filled; write {}", def.name,
                                 def.name, action_usage(def)));
            return;
        }
        const ActionFormat& f = def.formats[0];
        for (Box b : {Box::from, Box::to, Box::number}) {
            const Token* t = tok[static_cast<int>(b)];
            if (t && box_spec(f, b).type == BoxType::none)
                error(n, fmt::format("{}: the {} box must be empty, not {}; write {}", def.name,
                                     box_label(f, b), quoted(t->text), action_usage(def)));
            else if (!t && !blank_allowed(f, b))
                error(n, fmt::format("{}: the {} box is empty; write {}", def.name, box_label(f, b),
                                     action_usage(def)));
        }
    }

    void read_boxes(const ActionDef& def, const ActionFormat& f, const Token* const tok[3],
                    std::size_t offset, int slot, Order& o, std::vector<std::string>& errs) {
        for (Box b : {Box::from, Box::to, Box::number}) {
            BoxValue& v = b == Box::from ? o.from : b == Box::to ? o.to : o.number;
            const BoxSpec& spec = box_spec(f, b);
            v = BoxValue{};
            v.type = spec.type;
            const Token* t = tok[static_cast<int>(b)];
            std::string where = def.name + " " + box_label(f, b);
            if (!t) {
                if (b == Box::number && spec.type != BoxType::none && !spec.optional &&
                    f.blank_number_in_last_slot) {
                    if (slot != limits_.actions_per_turn)
                        errs.push_back(fmt::format(
                            "{}: the box is empty; it may be left empty only in slot {}, where "
                            "it means all that is left; write a number",
                            where, limits_.actions_per_turn));
                    v.amount.kind = Amount::Kind::rest;
                }
                continue;
            }
            v.text = upper(t->text);
            v.col = static_cast<int>(std::min<std::size_t>(offset + t->pos + 1, 1'000'000));
            read_value(spec.type, t->text, where, v, errs);
        }
    }

    void read_value(BoxType type, std::string_view text, const std::string& where, BoxValue& v,
                    std::vector<std::string>& errs) {
        switch (type) {
            case BoxType::none:
                return;
            case BoxType::system:
                v.system = limits_.codes.parse(text);
                if (!v.system)
                    errs.push_back(fmt::format("{}: {} is not a system code ({}, e.g. {})", where,
                                               quoted(text), limits_.codes.describe(),
                                               limits_.codes.format(42)));
                return;
            case BoxType::empire:
                if (std::optional<std::string> code = empire_code(text))
                    v.code = *code;
                else
                    errs.push_back(fmt::format("{}: {} is not an empire code ({})", where,
                                               quoted(text), empire_code_hint()));
                return;
            case BoxType::tech:
                if (text.size() == 2 && all_of(text, is_letter))
                    v.code = upper(text);
                else
                    errs.push_back(fmt::format("{}: {} is not a tech code (two letters, e.g. WT)",
                                               where, quoted(text)));
                return;
            case BoxType::count:
            case BoxType::amount:
            case BoxType::level:
                read_number(type, text, where, v, errs);
                return;
        }
    }

    static void read_number(BoxType type, std::string_view text, const std::string& where,
                            BoxValue& v, std::vector<std::string>& errs) {
        std::string u = upper(text);
        bool all_but = u.size() > 3 && u.compare(0, 3, "AB-") == 0;
        Number num = parse_number(all_but ? std::string_view(u).substr(3) : std::string_view(u));
        if (!num.ok) {
            if (type == BoxType::count)
                errs.push_back(
                    fmt::format("{}: {} is not a number: write N, 0 for all, or AB-N "
                                "for all but N",
                                where, quoted(text)));
            else
                errs.push_back(fmt::format("{}: {} is not a {} (a whole number, at least 1)", where,
                                           quoted(text),
                                           type == BoxType::level ? "tech level" : "number"));
            return;
        }
        if (num.too_big) {
            errs.push_back(
                fmt::format("{}: {} is too large (at most {})", where, quoted(text), kMaxNumber));
            return;
        }
        if (type != BoxType::count && (all_but || num.value == 0)) {
            errs.push_back(
                fmt::format("{}: {} is not allowed here: write a number of at least 1 "
                            "(0 and AB-N are only for counts of ships)",
                            where, quoted(text)));
            return;
        }
        if (all_but)
            v.amount = {Amount::Kind::all_but, static_cast<int>(num.value)};
        else if (num.value == 0)
            v.amount = {Amount::Kind::all, 0};
        else
            v.amount = {Amount::Kind::n, static_cast<int>(num.value)};
    }

    const ActionRegistry& reg_;
    const TurnsheetLimits& limits_;
    Diagnostics& diags_;
    Turnsheet sheet_;
    int errors_ = 0;
    bool stopped_ = false;
    bool empire_tried_ = false, secret_tried_ = false, turn_tried_ = false;  // header lines seen
    long last_slot_ = 0;
    std::map<int, int> slot_lines_;   // slot -> line
    std::map<PlaceCode, int> named_;  // system -> NAME line
};

}  // namespace

Turnsheet parse_turnsheet(std::string_view text, const std::string& file,
                          const ActionRegistry& registry, const TurnsheetLimits& limits,
                          Diagnostics& diags) {
    Parser p(file, registry, limits, diags);
    if (text.size() > limits.max_bytes) {
        p.error(1, fmt::format("the file is {} bytes long; a turnsheet is at most {} bytes "
                               "(is this the right file?)",
                               text.size(), limits.max_bytes));
        Turnsheet empty;
        empty.file = file;
        return empty;
    }
    // A byte order mark that some editors put before UTF-8 text is not part of the sheet.
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    int n = 0;
    std::size_t start = 0;
    while (start <= text.size() && !p.stopped()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        ++n;
        p.parse_line(text.substr(start, end - start), n);
        start = end + 1;
    }
    return p.finish();
}

}  // namespace hl
