#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "game/game_dir.hpp"
#include "mail/delivery.hpp"

namespace hl::mail {

// What became of a queued mail handed to the mail system.
struct Handover {
    bool sent = false;
    std::string where;   // sent: the outbox file, or the command's name
    std::string why;     // not sent: why (the mail stays queued for the next run)
    bool local = false;  // not sent because a file here could not be written (a full disk):
                         // the run stops, rather than go on with mail it cannot answer
};

// <game>/mail/queue.
std::filesystem::path queue_dir(const GameDir& dir);

// The mail a game has to send, waiting to be handed to the mail system: one file NAME.eml per
// mail and its state in NAME.state (none: not handed over yet; "handing": the hand-over began;
// "sent": handed over, and where to; "failed": why not, to try again), each written to a
// temporary file, flushed and renamed into place. Killing a run at any point and running it
// again hands each mail over exactly once (docs/mail.md "Guarantees").
class MailQueue {
  public:
    // The queue in a folder (created when the first mail is added).
    explicit MailQueue(std::filesystem::path dir) : dir_(std::move(dir)) {}
    // Queues a message under a name (letters, digits, '.', '-', '_') unless a mail of that name
    // is queued already (left by a killed run: it stands). Throws std::runtime_error naming the
    // file if it cannot be written (a full disk).
    void add(const std::string& name, const std::string& message);
    // True if a mail of that name is queued.
    bool has(const std::string& name) const;
    // The names of the queued mails that start with `prefix`, in name order.
    std::vector<std::string> names(std::string_view prefix) const;
    // True if the mail was handed over (and waits to be forgotten).
    bool delivered(const std::string& name) const;
    // Hands a queued mail over once. Into an outbox Maildir: the file is written to tmp/ and
    // renamed into new/ under its queue name, the state "handing" written in between, so a run
    // killed before or after the rename knows which. To a sendmail command: a delivery agent
    // forked from this process (its own session, holding the mail's lock) runs the command and
    // writes the outcome, so a run killed meanwhile loses nothing and the next run waits for
    // the agent's word instead of sending again. A mail already handed over is not sent again.
    Handover deliver(const std::string& name, const Delivery& how);
    // Removes a mail once the caller has recorded it as sent: the message first, then its
    // state (a state file without a message is ignored).
    void forget(const std::string& name);

  private:
    std::filesystem::path dir_;
};

}  // namespace hl::mail
