#include "mail/reply_text.hpp"

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

}  // namespace

std::string numbered_sheet(const std::string& sheet) {
    std::string out;
    int n = 0;
    std::size_t pos = 0;
    while (pos < sheet.size()) {
        std::size_t nl = sheet.find('\n', pos);
        std::string line =
            sheet.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
        if (starts_with_secret(line)) line = "SECRET ********";
        out += fmt::format("{:4} | {}\n", ++n, line);
        if (nl == std::string::npos) break;
        pos = nl + 1;
    }
    return out;
}

std::string reply_subject(const MailOutcome& o) {
    if (!o.intake) return fmt::format("[{}] no turnsheet read from your mail", o.game);
    const SheetCheck& c = o.intake->check;
    std::string who =
        c.header.empire.text.empty() ? std::string("turnsheet") : c.header.empire.text;
    if (o.intake->stored)
        return fmt::format("[{}] {} turn {}: {} stored", o.game, who, c.next_turn,
                           c.late ? "late orders" : "orders");
    bool hidden = false;
    int errors = 0;
    for (const Diagnostic* d : visible_findings(*o.intake, hidden))
        errors += d->severity == Severity::error ? 1 : 0;
    return fmt::format("[{}] {} turn {}: orders NOT stored ({} error{})", o.game, who, c.next_turn,
                       errors, errors == 1 ? "" : "s");
}

std::string reply_body(const MailOutcome& o) {
    std::string b;
    if (!o.intake) {
        b += fmt::format("Your mail to the GM of {} was read, but no orders were taken:\n{}.\n",
                         o.game, o.refusal);
        b += "\nNothing was stored. Send the turnsheet again as plain text.\n";
        b += "\n-- \nHyperlane, for the GM of " + o.game + "\n";
        return b;
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
        if (!o.other_address.empty())
            b += fmt::format("A copy of this answer goes to {}, the address the GM has for {}.\n",
                             o.other_address, empire);
    } else {
        b += fmt::format("Your turnsheet{} was NOT stored: the checker found errors.\n",
                         empire.empty() ? "" : " for " + empire);
        b += "Correct them and send the whole sheet again; until then, ";
        b += "the sheet stored before (if any) stands.\n";
    }
    bool hidden = false;
    std::vector<const Diagnostic*> shown = visible_findings(in, hidden);
    if (shown.empty()) {
        b += "\nThe checker has nothing to say about the sheet.\n";
    } else {
        b += "\nThe checker's messages (line numbers count the lines of the sheet below):\n";
        for (const Diagnostic* d : shown) {
            std::string where =
                d->where.line > 0 ? fmt::format("line {}", d->where.line) : std::string("sheet");
            b += fmt::format("  {}: {}: {}\n", where, severity_name(d->severity), d->message);
        }
    }
    if (hidden || !in.known)
        b += "(The other lines are checked once EMPIRE and SECRET name your empire and its "
             "secret.)\n";
    if (o.deadline)
        b += fmt::format("\nOrders for turn {} are due {}.\n", c.next_turn,
                         format_time(*o.deadline));
    b += fmt::format("\nThe sheet as read from {} (the secret hidden):\n\n", o.where);
    b += numbered_sheet(o.sheet);
    b += "\n-- \nHyperlane, for the GM of " + o.game + "\n";
    return b;
}

}  // namespace hl::mail
