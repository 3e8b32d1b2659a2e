#include "mail/mail_in.hpp"

#include <fmt/format.h>

#include "core/utf8.hpp"
#include "host/deadlines.hpp"
#include "host/roster.hpp"
#include "mail/incoming_mail.hpp"
#include "mail/outgoing_mail.hpp"
#include "mail/reply_text.hpp"
#include "mail/sheet_in_mail.hpp"

namespace hl::mail {

namespace {

std::string lower(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Sends the answer to one mail; fills line.reply.
void answer(const IncomingMail& mail, const MailOutcome& outcome, const MailSettings& settings,
            MailInLine& line, MailInReport& report) {
    if (!valid_email(mail.reply_to)) {
        line.reply = "no answer: the mail gives no usable address to answer";
        return;
    }
    OutgoingMail out;
    out.from_name = settings.from_name.empty() ? "Hyperlane" : settings.from_name;
    out.from_addr = settings.from_addr;
    out.to.emplace_back(mail.reply_to == mail.from ? mail.from_name : "", mail.reply_to);
    if (!outcome.other_address.empty()) out.to.emplace_back("", outcome.other_address);
    out.subject = reply_subject(outcome);
    out.date = format_mail_date(now_utc());
    out.text = reply_body(outcome);
    out.in_reply_to = mail.message_id;
    out.references = mail.references;
    out.message_id = make_message_id(
        "reply", outcome.game, mail.message_id + "\n" + mail.reply_to + "\n" + out.text + out.date,
        settings.from_addr);
    out.reply = true;
    std::string where;
    std::string why = deliver(settings.delivery, compose_mail(out), where);
    if (why.empty()) {
        line.reply = fmt::format("answered {} ({})", mail.reply_to, where);
    } else {
        line.reply = fmt::format("the answer to {} could not be sent: {}", mail.reply_to, why);
        line.reply_failed = true;
        ++report.reply_failures;
    }
}

}  // namespace

MailInReport mail_in(const GameDir& dir, Mailbox& box, const MailSettings& settings,
                     std::chrono::milliseconds wait) {
    MailInReport report;
    const std::string game = read_game_info(dir).name;
    const auto& mails = box.waiting();
    for (std::size_t i = 0; i < mails.size(); ++i) {
        const WaitingMail& w = mails[i];
        MailInLine line;
        line.id = w.id;
        IncomingMail mail = parse_incoming_mail(
            std::string_view(w.bytes).substr(0, std::min(w.bytes.size(), kMaxMailBytes)));
        line.from = mail.from.empty() ? "(no sender)" : mail.from;
        if (!mail.parsed) {
            line.outcome = "ignored: not a mail message";
            ++report.ignored;
        } else if (mail.automatic) {
            line.outcome = "ignored: an automatic mail (auto-reply, bounce or mailing list)";
            ++report.ignored;
        } else {
            MailOutcome outcome;
            outcome.game = game;
            FoundSheet found;
            if (w.bytes.size() > kMaxMailBytes)
                found.refusal = fmt::format(
                    "the mail is larger than {} MiB; send the turnsheet alone as plain text",
                    kMaxMailBytes / (1024 * 1024));
            else
                found = find_sheet(mail);
            std::optional<Intake> intake;
            if (found.ok()) {
                IntakeOptions opts;
                opts.wait = wait;
                opts.hide_unknown = true;  // a stranger learns nothing of an empire
                try {
                    intake = receive_sheet(dir, found.text, "sheet", opts);
                } catch (const InputError& e) {
                    // The game stays locked (a turn is running) or cannot be read: keep this
                    // and every later mail for the next run.
                    report.stopped =
                        fmt::format("{}: {}", w.id,
                                    e.diagnostics().all().empty()
                                        ? std::string(e.what())
                                        : format_diagnostic(e.diagnostics().all().front()));
                    break;
                }
                outcome.intake = &*intake;
                outcome.sheet = found.text;
                outcome.where = found.where;
                outcome.deadline = read_deadlines(dir).for_turn(intake->check.next_turn);
                if (intake->stored) {
                    const Roster roster = read_roster(dir);
                    if (const RosterEntry* r = roster.current(intake->check.header.empire.text))
                        if (!r->email.empty() && lower(r->email) != lower(mail.reply_to) &&
                            lower(r->email) != lower(mail.from))
                            outcome.other_address = r->email;
                    ++report.stored;
                    line.outcome = fmt::format(
                        "stored {} {} for turn {}{}", intake->check.header.empire.text,
                        intake->check.late ? "late orders" : "orders", intake->check.next_turn,
                        intake->replaced ? " (replacing an earlier sheet)" : "");
                } else {
                    ++report.refused;
                    line.outcome = fmt::format("refused: {} error(s) in the sheet{}",
                                               intake->check.findings.error_count(),
                                               intake->known ? "" : " (empire or secret wrong)");
                }
            } else {
                outcome.refusal = found.refusal;
                ++report.refused;
                line.outcome = "refused: " + found.refusal;
            }
            answer(mail, outcome, settings, line, report);
        }
        box.handled(i);
        report.lines.push_back(std::move(line));
    }
    box.finish();
    return report;
}

}  // namespace hl::mail
