#include "mail/mail_out.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>

#include <fmt/format.h>

#include "host/announcement.hpp"
#include "host/game_status.hpp"
#include "host/roster.hpp"
#include "io/atomic_file.hpp"
#include "io/folder_below.hpp"
#include "mail/kill_point.hpp"
#include "mail/mail_ids.hpp"
#include "mail/mail_queue.hpp"
#include "mail/outgoing_mail.hpp"
#include "mail/sent_log.hpp"

namespace fs = std::filesystem;

namespace hl::mail {

namespace {

// Holds <game>/mail/.mail-out.lock so two mail-out runs never send the same mail twice.
class MailOutLock {
  public:
    explicit MailOutLock(const GameDir& dir) {
        fs::path lock = dir.dir() / "mail" / ".mail-out.lock";
        make_folders_below(dir.dir(), lock.parent_path());
        fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, kPrivateFileMode);
        if (fd_ < 0 || ::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
            if (fd_ >= 0) ::close(fd_);
            throw InputError({dir.dir().generic_string(), 0, 0},
                             "another hyperlane mail-out is sending this game's mail right now");
        }
    }
    ~MailOutLock() { ::close(fd_); }
    MailOutLock(const MailOutLock&) = delete;
    MailOutLock& operator=(const MailOutLock&) = delete;

  private:
    int fd_ = -1;
};

std::string read_or_empty(const fs::path& p) {
    try {
        return read_file(p);
    } catch (const std::exception&) {
        return "";
    }
}

// The line every report mail carries, since reports no longer hold the secret.
std::string secret_line(const std::string& secret) {
    return fmt::format("Your secret: {}; write it on the SECRET line.", secret);
}

// The HTML report with the secret line at the top of its body.
std::string html_with_secret(std::string html, const std::string& secret) {
    std::string escaped;
    for (char c : secret_line(secret))
        escaped += c == '<'   ? std::string("&lt;")
                   : c == '&' ? std::string("&amp;")
                              : std::string(1, c);
    std::string p = "<p>" + escaped + "</p>\n";
    std::size_t at = html.find("<body>");
    if (at == std::string::npos) {
        at = 0;
    } else {
        at += 6;
        if (at < html.size() && html[at] == '\n') ++at;
    }
    html.insert(at, p);
    return html;
}

// Letters and digits only: an empire code as part of a queue name.
std::string name_part(const std::string& s) {
    std::string out;
    for (char c : s)
        out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return out;
}

struct Sender {
    const GameDir& dir;
    const MailSettings& settings;
    const MailOutOptions& opts;
    const std::string& token;
    MailQueue& queue;
    SentLog& log;
    MailOutReport& report;

    // `due`: the deadline the mail tells (recorded in the sent log), or empty.
    void send(const std::string& kind, int turn, const EmpireStatus& e, OutgoingMail m,
              const std::string& what, const std::string& due = "") {
        MailOutLine line{e.code, what, e.email, "", false};
        // The same mail always has the same name and Message-ID; --resend numbers the copies.
        // Only --resend and --empire send what the log has (others skip it before this).
        std::string name = fmt::format("{}-{}-{:04d}", kind, name_part(e.code), turn);
        int copies = 0;
        for (const SentMail& s : log.sent)
            copies += s.kind == kind && s.turn == turn && s.empire == e.code ? 1 : 0;
        if (copies > 0) name += fmt::format("-resend-{}", copies);
        m.from_name = settings.from_name.empty() ? "Hyperlane" : settings.from_name;
        m.from_addr = settings.from_addr;
        m.to.emplace_back(e.player, e.email);
        m.message_id = queued_message_id(name, token, settings.from_addr);
        if (opts.dry_run) {
            line.result = "would be sent";
            report.lines.push_back(line);
            return;
        }
        // Queued first (a killed run's copy stands), then handed over once, then logged.
        queue.add(name, compose_mail(m));
        kill_point("mail-queued");
        Handover h = queue.deliver(name, settings.delivery);
        if (h.local) throw std::runtime_error(h.why);  // a full disk: stop
        if (!h.sent) {
            line.result = "FAILED: " + h.why;
            line.failed = true;
            ++report.failed;
        } else {
            line.result = "sent (" + h.where + ")";
            ++report.sent;
            log.sent.push_back({kind, turn, e.code, e.email, m.message_id, due});
            write_sent_log(dir, log);
            kill_point("mail-logged");
            queue.forget(name);
        }
        report.lines.push_back(line);
    }
};

// Removes queued mail a killed run handed over and logged, but did not remove.
void forget_logged(MailQueue& queue, const SentLog& log, const std::string& token,
                   const std::string& from_addr) {
    for (const char* prefix : {"report-", "reminder-", "announcement-", "deadline-"})
        for (const std::string& name : queue.names(prefix)) {
            if (!queue.delivered(name)) continue;
            std::string id = queued_message_id(name, token, from_addr);
            for (const SentMail& s : log.sent)
                if (s.message_id == id) {
                    queue.forget(name);
                    break;
                }
        }
}

// Why an empire gets no mail, or empty if it does.
std::string no_mail_reason(const EmpireStatus& e) {
    if (e.state == SheetState::computer) return "skipped: the computer plays this empire";
    if (e.email.empty()) return "skipped: no address in the roster";
    return "";
}

void send_all(const GameDir& dir, const MailOutOptions& opts, const GameStatus& status,
              const GameInfo& info, const SentLog& log, Sender& sender, MailOutReport& report,
              UnixTime now) {
    const MailSettings& settings = sender.settings;
    const std::string date = format_mail_date(now);
    const std::string due = status.deadline
                                ? fmt::format("Orders for turn {} are due {}.", status.next_turn,
                                              format_time(*status.deadline))
                                : std::string();
    // The next turn's deadline as the sent log records it.
    const std::string due_now = status.deadline ? format_time(*status.deadline) : "none";

    if (opts.reports) {
        int turn = opts.turn ? *opts.turn : status.turn;
        fs::path reports = dir.turn_dir(turn) / "reports";
        if (!fs::is_directory(reports))
            throw InputError({reports.generic_string(), 0, 0},
                             fmt::format("turn {} has no reports folder", turn));
        std::string game_report = read_or_empty(reports / "game.txt");
        for (const EmpireStatus& e : status.empires) {
            if (!opts.empire.empty() && e.code != opts.empire) continue;
            std::string what = fmt::format("report for turn {}", turn);
            if (std::string why = no_mail_reason(e); !why.empty()) {
                report.lines.push_back({e.code, what, "", why, false});
                continue;
            }
            // --empire: the player asked for it (a new player, a lost mail), so it goes again.
            if (!opts.resend && opts.empire.empty() && log.has("report", turn, e.code)) {
                report.lines.push_back({e.code, what, e.email, "skipped: sent before", false});
                continue;
            }
            std::string text = read_or_empty(reports / (e.code + ".txt"));
            if (text.empty()) {
                report.lines.push_back(
                    {e.code, what, e.email, "skipped: the turn has no report for it", false});
                continue;
            }
            OutgoingMail m;
            m.date = date;
            m.subject =
                fmt::format("[{}] Turn {} report for {} ({})", status.game, turn, e.name, e.code);
            m.text = fmt::format("Turn {} of {}: the report for {} ({}).\n", turn, status.game,
                                 e.name, e.code);
            if (!status.ended && turn == status.turn && !due.empty()) m.text += due + "\n";
            if (!status.ended && turn == status.turn)
                m.text += fmt::format("Answer this mail with your turnsheet as plain text.\n");
            auto secret = info.secrets.find(e.code);
            if (secret != info.secrets.end() && !secret->second.empty())
                m.text += secret_line(secret->second) + "\n";
            m.text += "\n" + text;
            m.html = read_or_empty(reports / (e.code + ".html"));
            if (!m.html.empty() && secret != info.secrets.end() && !secret->second.empty())
                m.html = html_with_secret(m.html, secret->second);
            std::string svg = read_or_empty(reports / (e.code + ".svg"));
            if (!svg.empty())
                m.attachments.push_back(
                    {fmt::format("{}-turn-{:04d}-map.svg", e.code, turn), "image", "svg+xml", svg});
            if (!game_report.empty())
                m.attachments.push_back(
                    {fmt::format("game-turn-{:04d}.txt", turn), "text", "plain", game_report});
            // A report of the latest turn tells the next turn's deadline (or that it has none).
            bool tells = !status.ended && turn == status.turn;
            sender.send("report", turn, e, std::move(m), what, tells ? due_now : "");
        }
    }

    // A moved deadline: every player who was told another one for the next turn (by the
    // report mail or an earlier deadline mail) is told the new one.
    if (!status.ended) {
        const SentLog& told = sender.log;  // with this run's report mails, which tell it
        for (const EmpireStatus& e : status.empires) {
            if (!opts.empire.empty() && e.code != opts.empire) continue;
            std::string before = told.told_due(status.next_turn, e.code);
            if (before.empty() || before == due_now || !no_mail_reason(e).empty()) continue;
            OutgoingMail m;
            m.date = date;
            m.subject = status.deadline
                            ? fmt::format("[{}] Deadline moved: {} orders for turn {} are due {}",
                                          status.game, e.code, status.next_turn, due_now)
                            : fmt::format("[{}] Deadline removed: turn {} has no deadline for now",
                                          status.game, status.next_turn);
            m.text = fmt::format("The GM of {} moved the deadline for turn {}.\n", status.game,
                                 status.next_turn);
            m.text += status.deadline
                          ? fmt::format("Orders are now due {} ({}); the mail before said {}.\n",
                                        due_now, format_relative(*status.deadline, now),
                                        before == "none" ? "no deadline" : before)
                          : fmt::format(
                                "Turn {} has no deadline for now; the mail before said "
                                "{}.\n",
                                status.next_turn, before);
            m.text += fmt::format("\n-- \nHyperlane, for the GM of {}\n", status.game);
            sender.send("deadline", status.next_turn, e, std::move(m),
                        fmt::format("deadline for turn {}", status.next_turn), due_now);
        }
    }

    // The GM's announcement, once to every player (any mail-out run sends it).
    if (std::optional<Announcement> a = read_announcement(dir)) {
        for (const EmpireStatus& e : status.empires) {
            if (!opts.empire.empty() && e.code != opts.empire) continue;
            std::string what = fmt::format("announcement {}", a->number);
            if (std::string why = no_mail_reason(e); !why.empty()) {
                report.lines.push_back({e.code, what, "", why, false});
                continue;
            }
            if (!opts.resend && log.has("announcement", a->number, e.code)) {
                report.lines.push_back({e.code, what, e.email, "skipped: sent before", false});
                continue;
            }
            OutgoingMail m;
            m.date = date;
            m.subject = fmt::format("[{}] Announcement from the GM", status.game);
            m.text = fmt::format("The GM of {} to every player:\n\n", status.game);
            for (const std::string& l : a->lines)
                m.text += l + "\n";
            m.text += fmt::format("\n-- \nHyperlane, for the GM of {}\n", status.game);
            sender.send("announcement", a->number, e, std::move(m), what);
        }
    }

    if (opts.reminders && !status.ended && status.deadline) {
        std::int64_t left = *status.deadline - now;
        bool due_soon = left > 0 && left <= settings.remind_before;
        for (const EmpireStatus& e : status.empires) {
            if (!due_soon) break;
            if (!opts.empire.empty() && e.code != opts.empire) continue;
            if (e.state != SheetState::none && e.state != SheetState::refused) continue;
            std::string what = fmt::format("reminder for turn {}", status.next_turn);
            if (std::string why = no_mail_reason(e); !why.empty()) {
                report.lines.push_back({e.code, what, "", why, false});
                continue;
            }
            if (!opts.resend && log.has("reminder", status.next_turn, e.code)) {
                report.lines.push_back({e.code, what, e.email, "skipped: sent before", false});
                continue;
            }
            OutgoingMail m;
            m.date = date;
            m.subject = fmt::format("[{}] Reminder: {} orders for turn {} are due {}", status.game,
                                    e.code, status.next_turn, format_time(*status.deadline));
            m.text = fmt::format(
                "The GM of {} has no {}orders from {} ({}) for turn {} yet.\n"
                "They are due {} ({}).\n",
                status.game, e.state == SheetState::refused ? "valid " : "", e.name, e.code,
                status.next_turn, format_time(*status.deadline),
                format_relative(*status.deadline, now));
            if (e.state == SheetState::refused)
                m.text += "The last sheet you sent had errors and was not stored.\n";
            m.text += fmt::format(
                "Without orders, the computer plays {}'s turn for you.\n\n"
                "Answer this mail with your turnsheet as plain text.\n\n-- \nHyperlane, for the "
                "GM of {}\n",
                e.code, status.game);
            sender.send("reminder", status.next_turn, e, std::move(m), what);
        }
    }
}

}  // namespace

MailOutReport mail_out(const GameDir& dir, const MailSettings& settings, const MailOutOptions& opts,
                       UnixTime now) {
    if (!valid_email(settings.from_addr))
        throw InputError({dir.game_file().generic_string(), 0, 0},
                         "the GM has no mail address: set one with hyperlane gm GAME --address "
                         "gm@example.org (nothing was sent)");
    std::optional<MailOutLock> lock;
    if (!opts.dry_run) lock.emplace(dir);
    GameStatus status = game_status(dir);
    if (!opts.empire.empty() &&
        std::none_of(status.empires.begin(), status.empires.end(),
                     [&](const EmpireStatus& e) { return e.code == opts.empire; }))
        throw InputError(
            {dir.dir().generic_string(), 0, 0},
            fmt::format("--empire: no empire '{}' in this game (nothing was sent)", opts.empire));
    const GameInfo info = read_game_info(dir);
    SentLog log = read_sent_log(dir);
    MailOutReport report;
    MailQueue queue(queue_dir(dir));
    std::string token;
    try {
        // A dry run writes nothing, not even the game's mail token.
        token = opts.dry_run ? std::string("0000000000000000") : game_mail_token(dir);
        if (!opts.dry_run) forget_logged(queue, log, token, settings.from_addr);
    } catch (const std::exception& e) {
        report.stopped = fmt::format("{}. Nothing was sent", e.what());
        return report;
    }
    Sender sender{dir, settings, opts, token, queue, log, report};
    try {
        send_all(dir, opts, status, info, log, sender, report, now);
    } catch (const InputError&) {
        throw;
    } catch (const std::exception& e) {
        report.stopped = fmt::format(
            "{}. Nothing was lost: what was not sent is sent by the next run", e.what());
    }
    return report;
}

}  // namespace hl::mail
