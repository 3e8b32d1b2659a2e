// hyperlane mail-in GAME MAILBOX, hyperlane mail-out GAME

#include <cctype>
#include <cstdio>
#include <memory>

#include <fmt/format.h>

#include "cli_support.hpp"
#include "commands.hpp"
#include "game/game_dir.hpp"
#include "helper_commands.hpp"
#include "host/time_text.hpp"
#include "mail/mail_in.hpp"
#include "mail/mail_out.hpp"
#include "mail/mail_settings.hpp"
#include "mail_support.hpp"

namespace hl::cli {

namespace {

struct MailInOptions {
    std::string game;
    std::string mailbox;
    DeliveryOptions delivery;
    int wait = 30;
    bool quiet = false;
};

int run_mail_in(const MailInOptions& o) {
    GameDir dir(o.game);
    mail::MailSettings settings = settings_for(dir, o.delivery);
    mail::MailInLock lock(dir);
    const std::chrono::milliseconds wait(o.wait * 1000);
    // A shared mbox's messages go to the Maildir beside it, where every game's mail-in finds
    // its own; a game's own mbox's into the game's inbox.
    const std::filesystem::path inbox =
        settings.shared_mailbox ? mail::shared_inbox_dir(o.mailbox) : mail::inbox_dir(dir);
    auto box = mail::open_mailbox(o.mailbox, inbox, wait);
    mail::MailInReport r = mail::mail_in(dir, *box, settings, wait);
    std::size_t read = 0;
    for (const mail::MailInLine& l : r.lines) {
        // Quiet (for cron): only the mails whose answer could not be sent, on stderr.
        std::FILE* to = o.quiet ? (l.reply_failed ? stderr : nullptr) : stdout;
        if (l.queued) {
            if (to) std::fprintf(to, "queued answer %s: %s\n", l.id.c_str(), l.reply.c_str());
            continue;
        }
        ++read;
        if (to)
            std::fprintf(to, "%s from %s: %s; %s\n", l.id.c_str(), l.from.c_str(),
                         l.outcome.c_str(), l.reply.empty() ? "not answered" : l.reply.c_str());
    }
    if (!o.quiet) {
        std::printf("%zu mail(s) read: %d sheet(s) stored, %d refused, %d ignored", read, r.stored,
                    r.refused, r.ignored);
        if (r.replays > 0) std::printf(", %d handled before", r.replays);
        if (r.left > 0) std::printf(", %d left for another game", r.left);
        std::printf("; handled mail moved to %s.\n", box->handled_place().c_str());
    }
    if (!r.stopped.empty()) {
        std::fprintf(stderr, "hyperlane mail-in: stopped early: %s.\n", r.stopped.c_str());
        return kExitBadInput;
    }
    if (r.reply_failures > 0) {
        std::fprintf(stderr,
                     "hyperlane mail-in: %d answer(s) could not be sent (above); they stay "
                     "queued, and the next run sends them\n",
                     r.reply_failures);
        return kExitBadInput;
    }
    return kExitOk;
}

struct MailOutOptions {
    std::string game;
    DeliveryOptions delivery;
    std::optional<int> turn;
    bool reports_only = false;
    bool reminders_only = false;
    bool resend = false;
    bool dry_run = false;
    bool quiet = false;
    std::string empire;
};

int run_mail_out(const MailOutOptions& o) {
    GameDir dir(o.game);
    mail::MailSettings settings = settings_for(dir, o.delivery);
    mail::MailOutOptions opts;
    opts.turn = o.turn;
    opts.reports = !o.reminders_only;
    opts.reminders = !o.reports_only;
    opts.resend = o.resend;
    opts.dry_run = o.dry_run;
    for (char c : o.empire)
        opts.empire += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    mail::MailOutReport r = mail::mail_out(dir, settings, opts, now_utc());
    for (const mail::MailOutLine& l : r.lines) {
        // Quiet (for cron): only the mails that could not be sent, on stderr.
        std::FILE* to = o.quiet ? (l.failed ? stderr : nullptr) : stdout;
        if (to)
            std::fprintf(to, "%s %s%s: %s\n", l.empire.c_str(), l.what.c_str(),
                         l.to.empty() ? "" : (" to " + l.to).c_str(), l.result.c_str());
    }
    if (!o.quiet) std::printf("%d mail(s) sent, %d failed.\n", r.sent, r.failed);
    if (!r.stopped.empty()) {
        std::fprintf(stderr, "hyperlane mail-out: stopped early: %s.\n", r.stopped.c_str());
        return kExitBadInput;
    }
    if (r.failed > 0) {
        std::fprintf(stderr,
                     "hyperlane mail-out: %d mail(s) could not be sent (above); run mail-out "
                     "again to retry them\n",
                     r.failed);
        return kExitBadInput;
    }
    return kExitOk;
}

}  // namespace

void register_mail(CLI::App& app, Action& action) {
    auto in = std::make_shared<MailInOptions>();
    CLI::App* sub = app.add_subcommand(kMailInCommand.name, kMailInCommand.description);
    sub->add_option("GAME", in->game, "Game folder")->required();
    sub->add_option("MAILBOX", in->mailbox,
                    "A Maildir (its new/ mail is read, then moved to cur/) or an mbox file "
                    "(its mail is moved into GAME/mail/inbox, then read)")
        ->required();
    add_delivery_options(sub, in->delivery);
    sub->add_option("--wait", in->wait,
                    "Seconds to wait for the game (and an mbox) while another program holds it "
                    "(default 30)")
        ->check(CLI::Range(0, 3600));
    sub->add_flag("--quiet,-q", in->quiet,
                  "Print nothing but problems (on stderr): for cron, which mails what is printed");
    sub->callback([in, &action] { action = [in] { return run_mail_in(*in); }; });

    auto out = std::make_shared<MailOutOptions>();
    CLI::App* o = app.add_subcommand(kMailOutCommand.name, kMailOutCommand.description);
    o->add_option("GAME", out->game, "Game folder")->required();
    add_delivery_options(o, out->delivery);
    o->add_option("--turn", out->turn, "Send this turn's reports (default: the latest turn)")
        ->check(CLI::Range(0, 100000));
    CLI::Option* reports =
        o->add_flag("--reports-only", out->reports_only, "Send reports, no reminders");
    o->add_flag("--reminders-only", out->reminders_only, "Send reminders, no reports")
        ->excludes(reports);
    o->add_flag("--resend", out->resend, "Send again what was sent before");
    o->add_option("--empire", out->empire,
                  "Only this empire's mail; its report goes even if it was sent before (after "
                  "replace: the report and the new secret at once)");
    o->add_flag("--dry-run", out->dry_run, "Only say what would be sent");
    o->add_flag("--quiet,-q", out->quiet,
                "Print nothing but problems (on stderr): for cron, which mails what is printed");
    o->callback([out, &action] { action = [out] { return run_mail_out(*out); }; });
}

}  // namespace hl::cli
