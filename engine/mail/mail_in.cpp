#include "mail/mail_in.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>

#include <fmt/format.h>

#include "host/deadlines.hpp"
#include "host/roster.hpp"
#include "io/atomic_file.hpp"
#include "io/folder_below.hpp"
#include "mail/gmime_support.hpp"
#include "mail/incoming_mail.hpp"
#include "mail/kill_point.hpp"
#include "mail/mail_ids.hpp"
#include "mail/mail_journal.hpp"
#include "mail/mail_queue.hpp"
#include "mail/outgoing_mail.hpp"
#include "mail/reply_text.hpp"
#include "mail/sheet_in_mail.hpp"

namespace fs = std::filesystem;

namespace hl::mail {

namespace {

bool same_address(const std::string& a, const std::string& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

// A Message-ID fit to be written back in In-Reply-To or References: printable ASCII without
// spaces or angle brackets, at most 250 characters.
bool plain_id(std::string_view id) {
    return !id.empty() && id.size() <= 250 && std::all_of(id.begin(), id.end(), [](char c) {
        return c > ' ' && c < 0x7F && c != '<' && c != '>';
    });
}

// The last few ids of a References header, for threading an answer (never more than 5).
std::string short_references(const std::string& refs) {
    std::vector<std::string> ids;
    std::size_t pos = 0;
    while ((pos = refs.find('<', pos)) != std::string::npos) {
        std::size_t end = refs.find('>', pos);
        if (end == std::string::npos) break;
        std::string id = refs.substr(pos + 1, end - pos - 1);
        if (plain_id(id)) ids.push_back("<" + id + ">");
        pos = end + 1;
    }
    std::string out;
    for (std::size_t i = ids.size() > 5 ? ids.size() - 5 : 0; i < ids.size(); ++i)
        out += (out.empty() ? "" : " ") + ids[i];
    return out;
}

// Why a stored sheet stays (a newer one than the mail's), or "" to replace it.
std::string newer_stored(const fs::path& stored, const std::string& sheet, std::int64_t written,
                         const MailJournal& journal) {
    std::string text;
    try {
        text = read_file(stored);
    } catch (const std::exception&) {
        return "";
    }
    if (text == sheet) return "";
    // A sheet a mail brought counts from when that mail was written; any other from when it
    // was stored (the file's time).
    std::int64_t since = 0;
    if (auto w = journal.sheet_written(sha256_hex(text))) {
        since = *w;
    } else {
        struct stat st {};
        if (::stat(stored.c_str(), &st) != 0) return "";
        since = st.st_mtime;
    }
    if (written >= since) return "";
    return fmt::format(
        "a newer sheet for the turn ({}) was stored before this mail was read, and this mail "
        "was written earlier ({})",
        format_time(since), format_time(written));
}

// The roster entry in force for an empire, if it can get mail.
const RosterEntry* mailable(const Roster& roster, const std::string& empire) {
    const RosterEntry* r = roster.current(empire);
    return r && !r->computer && valid_email(r->email) ? r : nullptr;
}

class MailRun {
  public:
    MailRun(const GameDir& dir, Mailbox& box, const MailSettings& settings,
            std::chrono::milliseconds wait, MailInReport& report)
        : dir_(dir),
          box_(box),
          settings_(settings),
          wait_(wait),
          report_(report),
          game_(read_game_info(dir).name),
          journal_(dir),
          queue_(queue_dir(dir)) {}

    void run() {
        const auto& mails = box_.waiting();
        std::size_t i = 0;
        bool reading = false;
        try {
            token_ = game_mail_token(dir_);
            send_left_over();
            reading = true;
            for (; i < mails.size(); ++i)
                handle(i);
        } catch (const std::exception& e) {
            std::string where = reading && i < mails.size() ? mails[i].id + ": " : std::string();
            std::size_t left = mails.size() - std::min(i, mails.size());
            report_.stopped =
                fmt::format("{}{}. Nothing was lost: {} mail(s) stay in {} for the next run", where,
                            e.what(), left, box_.waiting_place());
        }
    }

  private:
    // Answers an earlier run queued for mail it handled, and could not hand over.
    void send_left_over() {
        for (const char* prefix : {"answer-", "notice-"})
            for (const std::string& name : queue_.names(prefix)) {
                if (!journal_.done(name.substr(std::strlen(prefix)))) continue;  // read again
                MailInLine line;
                line.id = name;
                line.queued = true;
                Handover h = queue_.deliver(name, settings_.delivery);
                if (h.local) throw std::runtime_error(h.why);
                if (h.sent) {
                    queue_.forget(name);
                    line.reply = fmt::format("sent ({})", h.where);
                } else {
                    line.reply = fmt::format("could not be sent: {}", h.why);
                    line.reply_failed = true;
                    ++report_.reply_failures;
                }
                report_.lines.push_back(std::move(line));
            }
    }

    void handle(std::size_t i) {
        const WaitingMail& w = box_.waiting()[i];
        MailInLine line;
        line.id = w.id;
        IncomingMail mail = parse_incoming_mail(
            std::string_view(w.bytes).substr(0, std::min(w.bytes.size(), kMaxMailBytes)));
        line.from = mail.from.empty() ? "(no sender)" : mail.from;
        const std::string key = mail_key(mail.message_id, w.bytes);
        kill_point("mail-read");
        if (journal_.done(key)) {
            box_.handled(i);
            line.outcome = "handled before (the journal has it): not read again";
            ++report_.replays;
            report_.lines.push_back(std::move(line));
            return;
        }
        if (!mail.parsed || mail.automatic) {
            line.outcome = !mail.parsed
                               ? "ignored: not a mail message"
                               : "ignored: an automatic mail (auto-reply, bounce or mailing list)";
            ++report_.ignored;
            journal_.finish(key, "ignored");
            box_.handled(i);
            report_.lines.push_back(std::move(line));
            return;
        }
        FoundSheet found;
        if (w.bytes.size() > kMaxMailBytes)
            found.refusal = fmt::format(
                "the mail is larger than {} MiB; send the turnsheet alone as plain text",
                kMaxMailBytes / (1024 * 1024));
        else
            found = find_sheet(mail);
        if (std::string why = other_game(mail, found); !why.empty()) {
            // Not this game's: untouched (neither journaled nor moved) for its game's mail-in.
            line.outcome = "left in the mailbox for another game: " + why;
            ++report_.left;
            report_.lines.push_back(std::move(line));
            return;
        }
        const std::int64_t now = now_utc();
        const std::int64_t written = std::min(mail.date.value_or(w.arrived), now);
        journal_.take(key, written, found.ok() ? sha256_hex(found.text) : "");
        kill_point("mail-taken");

        MailOutcome outcome;
        outcome.game = game_;
        std::optional<Intake> intake;
        std::string result = "refused";
        if (found.ok()) {
            IntakeOptions opts;
            opts.wait = wait_;
            opts.hide_unknown = true;  // a stranger learns nothing of an empire
            opts.keep_stored = [&](const fs::path& stored) {
                return newer_stored(stored, found.text, written, journal_);
            };
            try {
                intake = receive_sheet(dir_, found.text, "sheet", opts);
            } catch (const InputError& e) {
                // The game stays locked (a turn is running) or cannot be read.
                throw std::runtime_error(e.diagnostics().all().empty()
                                             ? std::string(e.what())
                                             : format_diagnostic(e.diagnostics().all().front()));
            }
            kill_point("sheet-handled");
            outcome.intake = &*intake;
            outcome.sheet = found.text;
            outcome.where = found.where;
            outcome.ignored = found.ignored;
            outcome.deadline = read_deadlines(dir_).for_turn(intake->check.next_turn);
            const SheetCheck& c = intake->check;
            if (intake->stored) {
                result = "stored";
                ++report_.stored;
                line.outcome = fmt::format("stored {} {} for turn {}{}", c.header.empire.text,
                                           c.late ? "late orders" : "orders", c.next_turn,
                                           intake->replaced ? " (replacing an earlier sheet)" : "");
            } else if (!intake->kept.empty()) {
                ++report_.refused;
                line.outcome = fmt::format("refused: {}'s newer sheet for turn {} stands ({})",
                                           c.header.empire.text, c.next_turn, intake->kept);
            } else {
                ++report_.refused;
                line.outcome =
                    fmt::format("refused: {} error(s) in the sheet{}", c.findings.error_count(),
                                intake->known ? "" : " (empire or secret wrong)");
            }
            if (!found.ignored.empty())
                line.outcome +=
                    fmt::format("; {} line(s) after the sheet not read", found.ignored.size());
        } else {
            outcome.refusal = found.refusal;
            ++report_.refused;
            line.outcome = "refused: " + found.refusal;
        }

        // The answer goes only to the roster address of the empire the sheet names (or, for a
        // mail that names none, the roster address it came from); any other sender gets a note
        // that quotes nothing.
        const Roster roster = read_roster(dir_);
        const RosterEntry* to = nullptr;
        const std::string named = intake ? intake->check.header.empire.text : std::string();
        if (!named.empty() && roster.current(named)) {
            to = mailable(roster, named);
        } else {
            for (const RosterEntry& r : roster.entries)
                if (mailable(roster, r.empire) == &r && same_address(r.email, mail.from)) to = &r;
        }
        std::vector<std::pair<std::string, std::string>> answers;  // (queue name, address)
        if (to) {
            if (!same_address(to->email, mail.from))
                outcome.foreign_from = valid_email(mail.from) ? mail.from : "another address";
            else if (!same_address(to->email, mail.reply_to))
                outcome.foreign_from =
                    valid_email(mail.reply_to) ? mail.reply_to : "another address";
            OutgoingMail out = base_mail("answer-" + key);
            out.to.emplace_back(to->name, to->email);
            out.subject = reply_subject(outcome);
            out.text = reply_body(outcome);
            if (plain_id(mail.message_id)) {
                out.in_reply_to = mail.message_id;
                out.references = short_references(mail.references);
            }
            queue_.add("answer-" + key, compose_mail(out));
            answers.emplace_back("answer-" + key, to->email);
            kill_point("answer-queued");
        }
        if (valid_email(mail.reply_to) && !(to && same_address(to->email, mail.reply_to))) {
            OutgoingMail note = base_mail("notice-" + key);
            note.to.emplace_back("", mail.reply_to);
            note.subject = notice_subject(game_);
            note.text = notice_body(game_);
            queue_.add("notice-" + key, compose_mail(note));
            answers.emplace_back("notice-" + key, mail.reply_to);
            kill_point("notice-queued");
        }
        journal_.finish(key, result);
        kill_point("mail-done");

        for (const auto& [name, address] : answers) {
            Handover h = queue_.deliver(name, settings_.delivery);
            // The outbox cannot be written (a full disk): stop, the mail stays in new/.
            if (h.local) throw std::runtime_error(h.why);
            std::string what = name.rfind("notice-", 0) == 0 ? "a short note to" : "answered";
            if (!line.reply.empty()) line.reply += "; ";
            if (h.sent) {
                queue_.forget(name);
                line.reply += fmt::format("{} {} ({})", what, address, h.where);
            } else {
                line.reply += fmt::format(
                    "the answer to {} could not be sent: {} (it stays queued for the next run)",
                    address, h.why);
                line.reply_failed = true;
                ++report_.reply_failures;
            }
        }
        if (answers.empty()) line.reply = "no answer: the mail gives no usable address to answer";
        box_.handled(i);
        kill_point("mail-moved");
        report_.lines.push_back(std::move(line));
    }

    // Why a mail is another game's and stays in the mailbox, or "" if this game handles it.
    // A mail that answers a Hyperlane mail of another game (its References or In-Reply-To
    // hold that game's mail token, none this game's) is left, unless its sheet gives the
    // secret of an empire of this game. With a shared mailbox (mail.toml), a mail is this
    // game's only if its sheet gives the secret of one of its empires, it answers one of its
    // mails, or (without a sheet) it comes from an address of its roster.
    std::string other_game(const IncomingMail& mail, const FoundSheet& found) {
        bool ours = false;
        bool theirs = false;
        for (const std::string& t : referenced_tokens(mail.in_reply_to + " " + mail.references))
            (t == token_ ? ours : theirs) = true;
        if (!(theirs && !ours) && !settings_.shared_mailbox) return "";
        if (found.ok() && sheet_is_known(found.text)) return "";
        if (theirs && !ours)
            return "it answers a mail of another game (its References name another game's "
                   "mail token)";
        if (ours) return "";
        if (found.ok()) return "its sheet gives the secret of no empire of this game";
        const Roster roster = read_roster(dir_);
        for (const RosterEntry& r : roster.entries)
            if (mailable(roster, r.empire) == &r && same_address(r.email, mail.from)) return "";
        return "it comes from no address of this game's roster";
    }

    // True if the sheet names an empire of this game and gives its secret (checked, not stored).
    bool sheet_is_known(const std::string& text) {
        IntakeOptions opts;
        opts.store = false;
        opts.wait = wait_;
        opts.hide_unknown = true;
        try {
            return receive_sheet(dir_, text, "sheet", opts).known;
        } catch (const InputError& e) {
            throw std::runtime_error(e.diagnostics().all().empty()
                                         ? std::string(e.what())
                                         : format_diagnostic(e.diagnostics().all().front()));
        }
    }

    OutgoingMail base_mail(const std::string& name) const {
        OutgoingMail out;
        out.from_name = settings_.from_name.empty() ? "Hyperlane" : settings_.from_name;
        out.from_addr = settings_.from_addr;
        out.date = format_mail_date(now_utc());
        out.message_id = queued_message_id(name, token_, settings_.from_addr);
        out.reply = true;
        return out;
    }

    const GameDir& dir_;
    Mailbox& box_;
    const MailSettings& settings_;
    std::chrono::milliseconds wait_;
    MailInReport& report_;
    std::string game_;
    MailJournal journal_;
    MailQueue queue_;
    std::string token_;
};

}  // namespace

fs::path inbox_dir(const GameDir& dir) {
    return dir.dir() / "mail" / "inbox";
}

fs::path shared_inbox_dir(const fs::path& mbox) {
    return fs::path(mbox.string() + ".hyperlane");
}

MailInLock::MailInLock(const GameDir& dir) {
    fs::path lock = dir.dir() / "mail" / ".mail-in.lock";
    std::error_code ec;
    if (!fs::is_regular_file(dir.game_file(), ec))
        throw InputError({dir.game_file().generic_string(), 0, 0},
                         "cannot read game.toml: is this a game folder?");
    make_folders_below(dir.dir(), lock.parent_path());
    fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, kPrivateFileMode);
    if (fd_ < 0)
        throw InputError({lock.generic_string(), 0, 0},
                         fmt::format("cannot open the lock file: {}", std::strerror(errno)));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd_);
        throw InputError({dir.dir().generic_string(), 0, 0},
                         "another hyperlane mail-in is reading this game's mail right now; try "
                         "again when it has finished");
    }
}

MailInLock::~MailInLock() {
    ::close(fd_);
}

MailInReport mail_in(const GameDir& dir, Mailbox& box, const MailSettings& settings,
                     std::chrono::milliseconds wait) {
    MailInReport report;
    MailRun(dir, box, settings, wait, report).run();
    return report;
}

}  // namespace hl::mail
