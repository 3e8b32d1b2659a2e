#include "mail/reply_text.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include <fmt/format.h>

namespace hl::mail {

namespace {

bool starts_with_secret(std::string_view line) {
    std::size_t i = line.find_first_not_of(" \t");
    if (i == std::string_view::npos || line.size() - i < 6) return false;
    for (std::size_t k = 0; k < 6; ++k)
        if (std::toupper(static_cast<unsigned char>(line[i + k])) != "SECRET"[k]) return false;
    return line.size() == i + 6 || line[i + 6] == ' ' || line[i + 6] == '\t';
}

// The findings the sender may see: all of them for a sheet that gives its empire's secret,
// else only those about the header lines (nothing about what the empire has).
std::vector<const Diagnostic*> visible_findings(const Intake& in, bool& hidden) {
    const SheetHeader& h = in.check.header;
    std::vector<const Diagnostic*> shown;
    hidden = false;
    for (const Diagnostic& d : in.check.findings.all()) {
        bool header = d.where.line == 0 || d.where.line == h.empire.line ||
                      d.where.line == h.secret.line || d.where.line == h.turn.line;
        if (in.known || header)
            shown.push_back(&d);
        else
            hidden = true;
    }
    return shown;
}

// The text cut to at most `max` bytes (on a UTF-8 character boundary), "..." marking a cut.
std::string cut(std::string_view text, std::size_t max) {
    if (text.size() <= max) return std::string(text);
    std::size_t end = max;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
        --end;
    return std::string(text.substr(0, end)) + "...";
}

}  // namespace

std::string numbered_sheet(const std::string& sheet) {
    std::string out;
    std::size_t n = 0;
    std::size_t pos = 0;
    while (pos < sheet.size()) {
        std::size_t nl = sheet.find('\n', pos);
        std::string line =
            sheet.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
        if (n == kMaxQuotedLines || out.size() >= kMaxQuotedBytes) {
            std::size_t rest = static_cast<std::size_t>(
                std::count(sheet.begin() + static_cast<std::ptrdiff_t>(pos), sheet.end(), '\n'));
            if (sheet.back() != '\n') ++rest;
            out += fmt::format("     ({} more line{} not shown)\n", rest, rest == 1 ? "" : "s");
            break;
        }
        if (starts_with_secret(line)) line = "SECRET ********";
        out += fmt::format("{:4} | {}\n", ++n, cut(line, kMaxQuotedLineBytes));
        if (nl == std::string::npos) break;
        pos = nl + 1;
    }
    return out;
}

std::string reply_subject(const MailOutcome& o) {
    if (!o.intake) return fmt::format("[{}] no turnsheet read from your mail", o.game);
    const SheetCheck& c = o.intake->check;
    const std::string& named = c.header.empire.text;
    bool plain = !named.empty() && named.size() <= 12 &&
                 std::all_of(named.begin(), named.end(),
                             [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)); });
    std::string who = plain ? named : std::string("turnsheet");
    if (o.intake->stored)
        return fmt::format("[{}] {} turn {}: {} stored", o.game, who, c.next_turn,
                           c.late ? "late orders" : "orders");
    if (!o.intake->kept.empty())
        return fmt::format("[{}] {} turn {}: orders NOT stored (a newer sheet stands)", o.game, who,
                           c.next_turn);
    bool hidden = false;
    int errors = 0;
    for (const Diagnostic* d : visible_findings(*o.intake, hidden))
        errors += d->severity == Severity::error ? 1 : 0;
    return fmt::format("[{}] {} turn {}: orders NOT stored ({} error{})", o.game, who, c.next_turn,
                       errors, errors == 1 ? "" : "s");
}

std::string reply_body(const MailOutcome& o) {
    std::string b;
    const std::string sign = "\n-- \nHyperlane, for the GM of " + o.game + "\n";
    std::string foreign;
    if (!o.foreign_from.empty())
        foreign = fmt::format(
            "This mail came from {}, not from this address (the one the GM has for the "
            "empire): if you did not send it, tell the GM at once.\n",
            o.foreign_from);
    if (!o.intake) {
        b += fmt::format("Your mail to the GM of {} was read, but no orders were taken:\n{}.\n",
                         o.game, cut(o.refusal, 400));
        b += foreign;
        b += "\nNothing was stored. Send the turnsheet again as plain text.\n";
        return b + sign;
    }
    const Intake& in = *o.intake;
    const SheetCheck& c = in.check;
    const std::string& empire = c.header.empire.text;
    if (in.stored) {
        b += fmt::format("Your {} for {}, turn {} of {}, are stored.\n",
                         c.late ? "late orders" : "orders", empire, c.next_turn, o.game);
        if (in.replaced) b += "They replace the sheet stored earlier.\n";
        if (c.late)
            b += fmt::format(
                "They were written for turn {}: they are used for turn {} only if no sheet "
                "for turn {} arrives.\n",
                c.header.turn.value, c.next_turn, c.next_turn);
    } else if (!in.kept.empty()) {
        b += fmt::format("Your orders for {}, turn {} of {}, were NOT stored: {}.\n", empire,
                         c.next_turn, o.game, in.kept);
        b += "The newer sheet stands. If this mail's orders should replace it, send them "
             "again.\n";
    } else {
        b += fmt::format("Your turnsheet{} was NOT stored: the checker found errors.\n",
                         in.known ? " for " + empire : std::string());
        b += "Correct them and send the whole sheet again; until then, ";
        b += "the sheet stored before (if any) stands.\n";
    }
    b += foreign;
    bool hidden = false;
    std::vector<const Diagnostic*> shown = visible_findings(in, hidden);
    if (shown.empty()) {
        b += "\nThe checker has nothing to say about the sheet.\n";
    } else {
        b += "\nThe checker's messages (line numbers count the lines of the sheet";
        b += in.known ? " below):\n" : "):\n";
        std::size_t n = 0;
        for (const Diagnostic* d : shown) {
            if (n++ == kMaxQuotedMessages) {
                b += fmt::format("  ({} more not shown)\n", shown.size() - kMaxQuotedMessages);
                break;
            }
            std::string where =
                d->where.line > 0 ? fmt::format("line {}", d->where.line) : std::string("sheet");
            b += fmt::format("  {}: {}: {}\n", where, severity_name(d->severity),
                             cut(d->message, kMaxQuotedLineBytes));
        }
    }
    if (hidden || !in.known)
        b += "(The other lines are checked once EMPIRE and SECRET name your empire and its "
             "secret.)\n";
    if (o.deadline)
        b += fmt::format("\nOrders for turn {} are due {}.\n", c.next_turn,
                         format_time(*o.deadline));
    if (in.known) {
        b += fmt::format("\nThe sheet as read from {} (the secret hidden):\n\n", cut(o.where, 100));
        b += numbered_sheet(o.sheet);
    } else {
        b += "\nThe sheet is not shown here: it does not give its empire's secret.\n";
    }
    if (!o.ignored.empty()) {
        std::size_t n = o.ignored.size();
        b += fmt::format(
            "\n{} line{} of your mail after the sheet {} not read as orders (a sign-off, or what "
            "follows an END line){}\n",
            n, n == 1 ? "" : "s", n == 1 ? "was" : "were", in.known ? ":" : ".");
        if (in.known) {
            for (std::size_t i = 0; i < n && i < kMaxQuotedIgnored; ++i)
                b += fmt::format("     | {}\n", cut(o.ignored[i], kMaxQuotedLineBytes));
            if (n > kMaxQuotedIgnored)
                b += fmt::format("     ({} more not shown)\n", n - kMaxQuotedIgnored);
        }
    }
    return b + sign;
}

std::string notice_subject(const std::string& game) {
    return fmt::format("[{}] your mail to the GM", game);
}

std::string notice_body(const std::string& game) {
    return fmt::format(
        "Your mail to the GM of {} was received.\n\n"
        "Answers to turnsheets go only to the address the GM has for the empire a sheet names,\n"
        "so this note says nothing else. If you play in this game, write from the address you\n"
        "gave the GM, or ask the GM to change it.\n"
        "\n-- \nHyperlane, for the GM of {}\n",
        game, game);
}

}  // namespace hl::mail
