// hyperlane host [GAMES...] [--games-dir DIR] [--wait SECONDS] [--quiet]: for cron or a systemd
// timer, runs each game's turn that is due and sends its mail as mail-out does, one line per game.

#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli_support.hpp"
#include "commands.hpp"
#include "game/play_turn.hpp"
#include "helper_commands.hpp"
#include "host/deadlines.hpp"
#include "host/game_folders.hpp"
#include "host/game_status.hpp"
#include "host/host_lock.hpp"
#include "host/roster.hpp"
#include "host/turn_due.hpp"
#include "io/file_error.hpp"
#include "io/test_hooks.hpp"
#include "lua/host.hpp"
#include "mail/mail_out.hpp"
#include "mail_support.hpp"

namespace hl::cli {

namespace {

struct HostOptions {
    std::vector<std::string> games;
    std::string games_dir;
    int wait = 60;
    bool quiet = false;
};

// What became of one game: its log line (after "GAME: ") and whether it failed.
struct HostLine {
    std::string text;
    bool failed = false;
    Diagnostics details;  // the full problems of a failed game, for stderr
};

// The first line of a problem, for a log line that must stay one line.
std::string one_line(const std::string& text) {
    return text.substr(0, text.find('\n'));
}

// What the decision says when no turn is run.
std::string idle_text(const TurnDue& d) {
    const std::string waiting =
        fmt::format("waiting for {} of {} player empire(s)", d.without_orders, d.players);
    switch (d.reason) {
        case DueReason::ended:
            return "the game is over";
        case DueReason::not_due:
            return fmt::format("not due until {}", format_time(*d.deadline)) +
                   (d.run_early ? "; " + waiting : "");
        case DueReason::no_deadline:
            return d.run_early && d.players > 0 ? waiting + " (no deadline)"
                                                : "no deadline set (hyperlane deadline GAME --at)";
        default:
            return "";
    }
}

// Runs the game's next turn if it is due; returns the log text. Throws InputError and the
// errors play_next_turn throws.
std::string run_if_due(const GameDir& dir, std::chrono::milliseconds wait) {
    const GameStatus status = game_status(dir);
    const TurnDue due = turn_due(status, read_deadlines(dir), now_utc());
    if (!due.run()) return idle_text(due);
    pause_point("host-decided");  // tests run the turn from elsewhere here
    PlayOptions opts;
    opts.turn = status.next_turn;  // never a turn some other command ran meanwhile
    opts.wait = wait;
    try {
        play_next_turn(dir, opts);
    } catch (const InputError&) {
        const std::optional<int> latest = dir.latest_turn();
        if (latest && *latest >= status.next_turn)
            return fmt::format("turn {} was run meanwhile by another command", status.next_turn);
        throw;
    }
    crash_point("host-turn-played");  // tests die here, the turn written and its mail not sent
    return fmt::format("ran turn {} ({})", status.next_turn,
                       due.reason == DueReason::deadline_passed
                           ? fmt::format("its deadline {} passed", format_time(*due.deadline))
                           : fmt::format("all {} player empire(s) sent orders", due.players));
}

// Sends the game's reports and reminders as mail-out does; adds what it did to `line`.
void send_mail(const GameDir& dir, HostLine& line) {
    if (!valid_email(read_game_info(dir).gm_address)) {
        line.text += "; no mail sent (the game has no GM address: hyperlane gm GAME --address)";
        return;
    }
    const mail::MailOutReport r =
        mail::mail_out(dir, settings_for(dir, {}), mail::MailOutOptions{}, now_utc());
    if (r.sent > 0) line.text += fmt::format("; {} mail(s) sent", r.sent);
    if (!r.stopped.empty()) {
        line.failed = true;
        line.details.error({dir.dir().generic_string(), 0, 0},
                           "mail-out stopped early: " + r.stopped);
    }
    for (const mail::MailOutLine& l : r.lines)
        if (l.failed) {
            line.failed = true;
            line.details.error({dir.dir().generic_string(), 0, 0},
                               fmt::format("{} {} to {}: {}", l.empire, l.what, l.to, l.result));
        }
    if (line.failed)
        line.text = fmt::format(
            "error: {}; {} mail(s) could not be sent: {} (run host or "
            "mail-out again to retry)",
            line.text, r.failed, one_line(line.details.all()[0].message));
}

HostLine host_game(const std::string& game, std::chrono::milliseconds wait) {
    HostLine line;
    const GameDir dir(game);
    try {
        HostLock lock(dir, wait);
        line.text = run_if_due(dir, wait);
        send_mail(dir, line);
    } catch (const InputError& e) {
        line.details = e.diagnostics();
    } catch (const FileError& e) {
        line.details =
            write_failure(e.file(), e.problem(), game, game_still_at(dir.dir(), "not done"));
    } catch (const std::filesystem::filesystem_error& e) {
        line.details = write_failure(e.path1().generic_string(), e.code().message(), game,
                                     game_still_at(dir.dir(), "not done"));
    } catch (const ScriptError& e) {
        line.details.error({game, 0, 0}, std::string("the game's rules pack failed (a bug in the "
                                                     "pack, not in the orders): ") +
                                             e.what());
    } catch (const std::exception& e) {
        line.details.error({game, 0, 0}, std::string("internal error: ") + e.what());
    }
    if (!line.details.all().empty() && !line.failed) {
        line.failed = true;
        const Diagnostic& first = line.details.all()[0];
        // What was done before the problem (a turn run) stays in the line.
        line.text =
            "error: " + (line.text.empty() ? "" : line.text + ", then: ") + one_line(first.message);
        if (line.details.all().size() > 1)
            line.text += fmt::format(" (and {} more problem(s))", line.details.all().size() - 1);
    }
    return line;
}

int run_host(const HostOptions& o) {
    std::vector<std::string> games = o.games;
    if (!o.games_dir.empty())
        for (const std::filesystem::path& p : game_folders_in(o.games_dir))
            games.push_back(p.string());
    int failed = 0;
    for (const std::string& game : games) {
        const HostLine line = host_game(game, std::chrono::seconds(o.wait));
        if (line.failed) {
            ++failed;
            print_diagnostics(line.details);
        }
        // Quiet (for cron, which mails what is printed): only the games that failed, on stderr.
        std::FILE* to = o.quiet ? (line.failed ? stderr : nullptr) : stdout;
        if (to) {
            std::fprintf(to, "%s: %s\n", game.c_str(), line.text.c_str());
            std::fflush(to);
        }
    }
    return failed > 0 ? kExitBadInput : kExitOk;
}

}  // namespace

void register_host(CLI::App& app, Action& action) {
    auto o = std::make_shared<HostOptions>();
    CLI::App* sub = app.add_subcommand(kHostCommand.name, kHostCommand.description);
    sub->add_option("GAMES", o->games, "Game folders (required unless --games-dir is given)");
    sub->add_option("--games-dir", o->games_dir,
                    "Also every game folder in this folder (each folder with a game.toml, not "
                    "hidden ones)");
    sub->add_option("--wait", o->wait,
                    "Seconds to wait for each game while another command holds it (default 60)")
        ->check(CLI::Range(0, 3600));
    sub->add_flag("--quiet,-q", o->quiet,
                  "Print nothing but the games that failed (on stderr): for cron, which mails "
                  "what is printed");
    sub->callback([o, &action] {
        if (o->games.empty() && o->games_dir.empty()) throw CLI::RequiredError("GAMES");
        action = [o] { return run_host(*o); };
    });
}

}  // namespace hl::cli
