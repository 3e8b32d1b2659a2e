#include "mail/mail_out.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <fmt/format.h>

#include "host/game_status.hpp"
#include "host/roster.hpp"
#include "io/atomic_file.hpp"
#include "io/folder_below.hpp"
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

struct Sender {
    const GameDir& dir;
    const MailSettings& settings;
    const MailOutOptions& opts;
    SentLog& log;
    MailOutReport& report;

    void send(const std::string& kind, int turn, const EmpireStatus& e, OutgoingMail m,
              const std::string& what) {
        MailOutLine line{e.code, what, e.email, "", false};
        m.from_name = settings.from_name.empty() ? "Hyperlane" : settings.from_name;
        m.from_addr = settings.from_addr;
        m.to.emplace_back(e.player, e.email);
        m.message_id = make_message_id(
            kind, fmt::format("{}.{:04d}", e.code, turn),
            fmt::format("{}{}{}#{}", m.text, e.email, m.date, log.sent.size()), settings.from_addr);
        if (opts.dry_run) {
            line.result = "would be sent";
            report.lines.push_back(line);
            return;
        }
        std::string where;
        std::string why = deliver(settings.delivery, compose_mail(m), where);
        if (!why.empty()) {
            line.result = "FAILED: " + why;
            line.failed = true;
            ++report.failed;
        } else {
            line.result = "sent (" + where + ")";
            ++report.sent;
            log.sent.push_back({kind, turn, e.code, e.email, m.message_id});
            write_sent_log(dir, log);  // after every mail: a crash never sends one twice
        }
        report.lines.push_back(line);
    }
};

// Why an empire gets no mail, or empty if it does.
std::string no_mail_reason(const EmpireStatus& e) {
    if (e.state == SheetState::computer) return "skipped: the computer plays this empire";
    if (e.email.empty()) return "skipped: no address in the roster";
    return "";
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
    SentLog log = read_sent_log(dir);
    MailOutReport report;
    Sender sender{dir, settings, opts, log, report};
    const std::string date = format_mail_date(now);
    const std::string due = status.deadline
                                ? fmt::format("Orders for turn {} are due {}.", status.next_turn,
                                              format_time(*status.deadline))
                                : std::string();

    if (opts.reports) {
        int turn = opts.turn ? *opts.turn : status.turn;
        fs::path reports = dir.turn_dir(turn) / "reports";
        if (!fs::is_directory(reports))
            throw InputError({reports.generic_string(), 0, 0},
                             fmt::format("turn {} has no reports folder", turn));
        std::string game_report = read_or_empty(reports / "game.txt");
        for (const EmpireStatus& e : status.empires) {
            std::string what = fmt::format("report for turn {}", turn);
            if (std::string why = no_mail_reason(e); !why.empty()) {
                report.lines.push_back({e.code, what, "", why, false});
                continue;
            }
            if (!opts.resend && log.has("report", turn, e.code)) {
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
            m.text += "\n" + text;
            m.html = read_or_empty(reports / (e.code + ".html"));
            std::string svg = read_or_empty(reports / (e.code + ".svg"));
            if (!svg.empty())
                m.attachments.push_back(
                    {fmt::format("{}-turn-{:04d}-map.svg", e.code, turn), "image", "svg+xml", svg});
            if (!game_report.empty())
                m.attachments.push_back(
                    {fmt::format("game-turn-{:04d}.txt", turn), "text", "plain", game_report});
            sender.send("report", turn, e, std::move(m), what);
        }
    }

    if (opts.reminders && !status.ended && status.deadline) {
        std::int64_t left = *status.deadline - now;
        bool due_soon = left > 0 && left <= settings.remind_before;
        for (const EmpireStatus& e : status.empires) {
            if (!due_soon) break;
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
    return report;
}

}  // namespace hl::mail
