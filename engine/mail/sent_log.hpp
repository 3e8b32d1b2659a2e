#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "game/game_dir.hpp"

namespace hl::mail {

// One mail mail-out has sent.
struct SentMail {
    std::string kind;  // "report", "reminder", "announcement" or "deadline"
    int turn = 0;      // the report's turn, the turn a reminder asks orders for, or the
                       // announcement's number
    std::string empire;
    std::string to;
    std::string message_id;
    std::string due;  // report and deadline mails: the next turn's deadline the mail told
                      // ("none": no deadline; empty: not recorded)
};

// What mail-out has sent in a game: <game>/mail/sent.toml, oldest first.
struct SentLog {
    std::vector<SentMail> sent;
    // True if a mail of this kind for this turn and empire was sent.
    bool has(const std::string& kind, int turn, const std::string& empire) const;
    // The deadline for turn `next_turn` last told to an empire: by the report of the turn
    // before it or a deadline mail for it; empty if none was told (or not recorded).
    std::string told_due(int next_turn, const std::string& empire) const;
};

// <game>/mail/sent.toml.
std::filesystem::path sent_log_file(const GameDir& dir);

// Reads the log (empty if the file is missing); throws InputError on problems.
SentLog read_sent_log(const GameDir& dir);

// Writes the log atomically.
void write_sent_log(const GameDir& dir, const SentLog& log);

}  // namespace hl::mail
