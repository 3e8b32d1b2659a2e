#pragma once

#include <optional>
#include <string>
#include <vector>

#include "game/game_dir.hpp"
#include "host/time_text.hpp"
#include "mail/mail_settings.hpp"

namespace hl::mail {

// What mail-out is asked to do.
struct MailOutOptions {
    std::optional<int> turn;  // the reports of this turn (default: the latest)
    bool reports = true;      // send each empire's report
    bool reminders = true;    // remind empires without orders when the deadline is near
    bool resend = false;      // send again what the sent log says was sent
    bool dry_run = false;     // only say what would be sent
    std::string empire;       // not empty: only this empire's mail, its report even if sent
                              // before (a new copy, as with resend)
};

// One mail mail-out sent, would send, or could not send.
struct MailOutLine {
    std::string empire;
    std::string what;    // "report for turn 3", "reminder for turn 4", "announcement 1"
    std::string to;      // the address, or empty when skipped
    std::string result;  // "sent (...)", "skipped: ...", "FAILED: ..."
    bool failed = false;
};

// What a mail-out run did.
struct MailOutReport {
    std::vector<MailOutLine> lines;
    int sent = 0;
    int failed = 0;
    std::string stopped;  // not empty: the run stopped early (a full disk), and why
};

// Sends each empire's report of a turn to its player (roster address; none for empires the
// computer plays or players without an address) as a multipart mail: the text report, the
// HTML report with its map as the alternative, the map as an SVG file and the game report
// attached. Reminds players without stored orders for the next turn once the deadline is
// within settings.remind_before. Each report mail says the empire's secret (reports do not).
// The GM's announcement in force (host/announcement.hpp) goes once to every player.
// Each mail is queued (mail/queue) with a Message-ID made from what it is, handed over
// exactly once, then recorded in the sent log, so a run killed at any point and run again
// sends each mail once. Throws InputError if the game or its mail settings cannot be read, or
// opts.empire is not an empire of the game.
MailOutReport mail_out(const GameDir& dir, const MailSettings& settings, const MailOutOptions& opts,
                       UnixTime now);

}  // namespace hl::mail
