#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "game/game_dir.hpp"

namespace hl::mail {

// One mail mail-out has sent.
struct SentMail {
    std::string kind;  // "report" or "reminder"
    int turn = 0;      // the report's turn, or the turn a reminder asks orders for
    std::string empire;
    std::string to;
    std::string message_id;
};

// What mail-out has sent in a game: <game>/mail/sent.toml, oldest first.
struct SentLog {
    std::vector<SentMail> sent;
    // True if a mail of this kind for this turn and empire was sent.
    bool has(const std::string& kind, int turn, const std::string& empire) const;
};

// <game>/mail/sent.toml.
std::filesystem::path sent_log_file(const GameDir& dir);

// Reads the log (empty if the file is missing); throws InputError on problems.
SentLog read_sent_log(const GameDir& dir);

// Writes the log atomically.
void write_sent_log(const GameDir& dir, const SentLog& log);

}  // namespace hl::mail
