#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace hl::mail {

// Where outgoing mail goes: a Maildir, or a sendmail-compatible command.
struct Delivery {
    std::filesystem::path outbox;       // a Maildir (created if missing) when sendmail is empty
    std::vector<std::string> sendmail;  // program and arguments; it reads the message on its
                                        // standard input and the recipients from its headers
    std::chrono::seconds timeout{60};   // how long the command may take for one message
};

// Delivers one message. Returns an empty string on success and sets `where` (the Maildir
// file, or the command's name); else returns why it failed (the command's exit status and
// what it printed). Never throws for a failed command.
std::string deliver(const Delivery& how, const std::string& message, std::string& where);

}  // namespace hl::mail
