#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "game/game_dir.hpp"
#include "mail/delivery.hpp"

namespace hl::mail {

// The GM's mail settings of a game: <game>/mail.toml (every key optional).
struct MailSettings {
    Delivery delivery;                   // outbox Maildir or sendmail command
    std::int64_t remind_before = 86400;  // seconds before the deadline reminders go out
    std::string from_name;               // the GM's name for the From line (game.toml gm)
    std::string from_addr;               // the GM's address (game.toml gm_address)
    bool shared_mailbox = false;         // the mailbox feeds other games too: mail not shown to be
                                         // this game's is left there for them (docs/mail.md)
};

// <game>/mail.toml.
std::filesystem::path mail_settings_file(const GameDir& dir);

// The default outbox: <game>/mail/outbox.
std::filesystem::path default_outbox(const GameDir& dir);

// Reads mail.toml (defaults if missing) and the GM's name and address from game.toml. Throws
// InputError on any problem in either file.
MailSettings read_mail_settings(const GameDir& dir);

// Splits a command line given on the command line ("msmtp -C cfg -t") into words at spaces
// (no shell: no quoting, no variables).
std::vector<std::string> split_command(const std::string& text);

}  // namespace hl::mail
