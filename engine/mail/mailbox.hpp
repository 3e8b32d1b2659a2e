#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace hl::mail {

// One message waiting in a mailbox.
struct WaitingMail {
    std::string id;            // the Maildir file name
    std::string bytes;         // the message (an mbox's "From " line and >From quoting undone)
    std::int64_t arrived = 0;  // when it was delivered (the file's time), Unix seconds
};

// A Maildir that mail-in reads (its new/ folder). Opening it takes its lock, so two mail-in
// runs never read the same messages; the lock goes with the object.
class Mailbox {
  public:
    virtual ~Mailbox() = default;
    // The messages waiting, oldest first.
    virtual const std::vector<WaitingMail>& waiting() const = 0;
    // Marks a message handled: it moves from new/ to cur/ flagged seen (S), the folder flushed
    // to disk. Throws std::runtime_error if it cannot be moved.
    virtual void handled(std::size_t index) = 0;
    // Where handled messages go, for the GM: ".../cur".
    virtual std::string handled_place() const = 0;
    // Where waiting messages stay, for the GM: ".../new".
    virtual std::string waiting_place() const = 0;
};

// Opens a Maildir (a folder with new/), or takes every message of an mbox file into the
// Maildir `inbox` (the game's mail/inbox) and opens that: each message is written to the
// inbox under a name made from its bytes and flushed to disk, and only then is the mbox
// emptied (truncated to nothing, its file, owner and mode kept), all under the mbox's
// dot-lock (MBOX.lock, owner "PID HOST", taken over at once from a dead owner), an fcntl and
// an flock lock, as mail delivery agents lock it. A run killed at any point leaves every
// message in the mbox, the inbox, or both (then taken once: the inbox name is the same).
// Waits up to `wait` for the mbox's locks and for the Maildir's (another game's mail-in may
// read a shared one). Throws InputError if the path is neither, or stays locked.
std::unique_ptr<Mailbox> open_mailbox(const std::filesystem::path& path,
                                      const std::filesystem::path& inbox,
                                      std::chrono::milliseconds wait);

// The messages of an mbox file's text, each with its "From " line and >From quoting removed.
std::vector<std::string> split_mbox(std::string_view text);

}  // namespace hl::mail
