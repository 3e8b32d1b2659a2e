#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "game/game_dir.hpp"
#include "mail/mail_settings.hpp"
#include "mail/mailbox.hpp"

namespace hl::mail {

// The largest mail mail-in reads; a bigger one is answered with a refusal.
inline constexpr std::size_t kMaxMailBytes = 4 * 1024 * 1024;

// What happened to one mail.
struct MailInLine {
    std::string id;       // the mailbox's name for it
    std::string from;     // the sender
    std::string outcome;  // "stored ARC orders for turn 3", "refused: ...", "ignored: ..."
    std::string reply;    // where the answer went, or why it could not be sent
    bool reply_failed = false;
};

// What a mail-in run did.
struct MailInReport {
    std::vector<MailInLine> lines;
    int stored = 0;   // sheets stored
    int refused = 0;  // mails answered without storing anything
    int ignored = 0;  // automatic mails and non-mails, neither taken nor answered
    int reply_failures = 0;
    std::string stopped;  // not empty: the run stopped early (the game stayed locked), and why
};

// Reads every waiting mail of a mailbox: finds its turnsheet, checks and stores it as
// `submit` does (receive_sheet, waiting up to `wait` for the game lock), answers the sender
// with the checker's messages through settings.delivery, and marks the mail handled so a
// second run does not take it again. Automatic mail (auto-replies, bounces, lists) is marked
// handled without being read or answered. If the game cannot be locked in time the run stops,
// leaving the rest of the mail for the next run.
MailInReport mail_in(const GameDir& dir, Mailbox& box, const MailSettings& settings,
                     std::chrono::milliseconds wait);

}  // namespace hl::mail
