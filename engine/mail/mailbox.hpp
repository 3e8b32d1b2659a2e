#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace hl::mail {

// One message waiting in a mailbox.
struct WaitingMail {
    std::string id;     // the Maildir file name, or "message N" of an mbox
    std::string bytes;  // the message (an mbox's "From " line and >From quoting undone)
};

// A mailbox that mail-in reads: a Maildir (its new/ folder) or an mbox file. Opening it takes
// its lock, so two mail-in runs never read the same messages; the lock goes with the object.
class Mailbox {
  public:
    virtual ~Mailbox() = default;
    // The messages waiting, oldest first.
    virtual const std::vector<WaitingMail>& waiting() const = 0;
    // Marks a message handled: a Maildir moves it to cur/ flagged seen (S) at once; an mbox
    // keeps the mark until finish().
    virtual void handled(std::size_t index) = 0;
    // Ends the run: an mbox's handled messages are appended to MBOX.processed and removed
    // from the mbox (messages not handled stay for the next run).
    virtual void finish() = 0;
    // Where handled messages went, for the GM: "cur/" or "MBOX.processed".
    virtual std::string handled_place() const = 0;
};

// Opens a Maildir (a folder with new/) or an mbox file and takes its lock. Throws InputError
// if it is neither, or if another process holds the lock.
std::unique_ptr<Mailbox> open_mailbox(const std::filesystem::path& path);

// The messages of an mbox file's text, each with its "From " line and >From quoting removed.
std::vector<std::string> split_mbox(std::string_view text);

}  // namespace hl::mail
