#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "host/intake.hpp"
#include "host/time_text.hpp"

namespace hl::mail {

// The most an answer quotes of a mail: lines of the sheet, bytes of each line and of them all,
// and checker messages (each cut to kMaxQuotedLineBytes too).
inline constexpr std::size_t kMaxQuotedLines = 300;
inline constexpr std::size_t kMaxQuotedLineBytes = 200;
inline constexpr std::size_t kMaxQuotedBytes = 24 * 1024;
inline constexpr std::size_t kMaxQuotedMessages = 100;
inline constexpr std::size_t kMaxQuotedIgnored = 10;

// What mail-in made of one mail, for the answer to the empire's roster address.
struct MailOutcome {
    std::string game;                  // the game's name
    std::string refusal;               // not empty: no sheet was read from the mail, and why
    const Intake* intake = nullptr;    // the sheet's check and storage, if one was read
    std::string sheet;                 // the sheet as read
    std::string where;                 // where in the mail it was found
    std::vector<std::string> ignored;  // lines after the sheet left out (a sign-off, after END)
    std::optional<UnixTime> deadline;  // of the turn the sheet was taken for
    std::string foreign_from;          // not empty: the mail came from (or asked answers to go to)
                                       // this address, not the roster address the answer goes to
};

// The subject of the answer: "[Game] ARC turn 3: orders stored", "... NOT stored (2 errors)",
// "... NOT stored (a newer sheet stands)", or "[Game] no turnsheet read from your mail".
std::string reply_subject(const MailOutcome& o);

// The text of the answer: what became of the sheet, the checker's messages line by line (only
// those about EMPIRE, SECRET and TURN when the sheet does not give its empire's secret, so a
// stranger learns nothing about an empire), the deadline, and the sheet as read with line
// numbers and the secret hidden (only a sheet that gives its empire's secret), and the lines
// after the sheet that were left out (quoted only with the sheet; else only counted). What it
// quotes of the mail is capped (kMaxQuoted..., kMaxQuotedIgnored).
std::string reply_body(const MailOutcome& o);

// The subject of the short note to a sender who is not the roster address: quotes nothing.
std::string notice_subject(const std::string& game);

// The text of that note: answers go only to the address the GM has for an empire; it says
// nothing of the mail (neither what it held nor what became of it) and quotes nothing.
std::string notice_body(const std::string& game);

// The sheet with line numbers ("  3 | MOVE 101 102 5") and every SECRET word hidden, cut to
// kMaxQuotedLines lines of at most kMaxQuotedLineBytes bytes, kMaxQuotedBytes in all.
std::string numbered_sheet(const std::string& sheet);

}  // namespace hl::mail
