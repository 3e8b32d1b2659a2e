#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "game/game_dir.hpp"

namespace hl::mail {

// <game>/mail/journal.txt.
std::filesystem::path journal_file(const GameDir& dir);

// The journal key of a received mail: "id-" and the SHA-256 of its Message-ID, or, for a mail
// without one, "body-" and the SHA-256 of its bytes (32 hex digits each).
std::string mail_key(const std::string& message_id, std::string_view bytes);

// What mail-in has handled in a game: <game>/mail/journal.txt, one line per step, appended
// and flushed to disk before the step counts. "take KEY WRITTEN SHEET" when a mail is read
// (WRITTEN: when the mail was written, Unix seconds; SHEET: the SHA-256 of its turnsheet, or
// "-"), "done KEY OUTCOME" once its answers are queued. A mail whose key is done is never
// handled again; a torn last line (a crash while appending) is ignored.
class MailJournal {
  public:
    // Reads the journal (empty if the file is missing). Throws InputError if it cannot be read.
    explicit MailJournal(const GameDir& dir);
    // True if the mail with this key was handled.
    bool done(const std::string& key) const;
    // When the mail that last brought a sheet with this SHA-256 was written, if one did.
    std::optional<std::int64_t> sheet_written(const std::string& sheet_hash) const;
    // Records that a mail is being read. Throws std::runtime_error if it cannot be written.
    void take(const std::string& key, std::int64_t written, const std::string& sheet_hash);
    // Records that a mail was handled: `outcome` is "stored", "refused" or "ignored". Throws
    // std::runtime_error too.
    void finish(const std::string& key, const std::string& outcome);

  private:
    void append(const std::string& line);
    std::filesystem::path file_;
    std::unordered_set<std::string> done_;
    std::unordered_map<std::string, std::int64_t> sheets_;
};

}  // namespace hl::mail
