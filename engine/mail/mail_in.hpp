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

// What happened to one mail (or to one answer an earlier run left queued).
struct MailInLine {
    std::string id;       // the mailbox's name for it (or the queued answer's name)
    std::string from;     // the sender
    std::string outcome;  // "stored ARC orders for turn 3", "refused: ...", "ignored: ..."
    std::string reply;    // where the answers went, or why one could not be sent
    bool reply_failed = false;
    bool queued = false;  // an answer queued by an earlier run, sent now
};

// What a mail-in run did.
struct MailInReport {
    std::vector<MailInLine> lines;
    int stored = 0;   // sheets stored
    int refused = 0;  // mails answered without storing anything
    int ignored = 0;  // automatic mails and non-mails, neither taken nor answered
    int replays = 0;  // mails handled before (their key is in the journal): not handled again
    int left = 0;     // mails for another game: left in the mailbox untouched
    int reply_failures = 0;  // answers that could not be sent (they stay queued)
    std::string stopped;     // not empty: the run stopped early, why, and what stays for later
};

// <game>/mail/inbox: the Maildir mail-in takes an mbox's messages into.
std::filesystem::path inbox_dir(const GameDir& dir);

// The Maildir beside an mbox that several games share (mail.toml shared_mailbox): MBOX.hyperlane,
// which every game's mail-in takes the mbox's messages into and reads its own from.
std::filesystem::path shared_inbox_dir(const std::filesystem::path& mbox);

// Holds <game>/mail/.mail-in.lock (flock) for a mail-in run, so two runs never handle a game's
// mail at once. Take it before opening the mailbox.
class MailInLock {
  public:
    // Takes the lock; throws InputError if another mail-in of the game holds it.
    explicit MailInLock(const GameDir& dir);
    ~MailInLock();
    MailInLock(const MailInLock&) = delete;
    MailInLock& operator=(const MailInLock&) = delete;

  private:
    int fd_ = -1;
};

// Reads every waiting mail of a mailbox, oldest first, and for each (docs/mail.md):
// - skips a mail the journal (mail/journal.txt) has handled, moving it out of new/;
// - finds its turnsheet, checks and stores it as `submit` does (receive_sheet, waiting up to
//   `wait` for the game lock), never replacing a sheet stored after the mail was written;
// - queues the answer for the roster address of the empire the sheet names (or whose address
//   sent it), with the checker's messages and what it quotes capped, and a short note that
//   quotes nothing for any other sender; records the mail as done in the journal;
// - hands the answers to settings.delivery exactly once, then moves the mail to cur/.
// Automatic mail (auto-replies, bounces, lists) is moved without being read or answered.
// Answers an earlier run left queued are sent first. If the game stays locked or anything
// cannot be written (a full disk), the run stops: that mail and the later ones stay in new/.
MailInReport mail_in(const GameDir& dir, Mailbox& box, const MailSettings& settings,
                     std::chrono::milliseconds wait);

}  // namespace hl::mail
