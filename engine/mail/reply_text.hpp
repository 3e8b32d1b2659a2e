#pragma once

#include <optional>
#include <string>

#include "host/intake.hpp"
#include "host/time_text.hpp"

namespace hl::mail {

// What mail-in made of one mail, for the answer to its sender.
struct MailOutcome {
    std::string game;                  // the game's name
    std::string refusal;               // not empty: no sheet was read from the mail, and why
    const Intake* intake = nullptr;    // the sheet's check and storage, if one was read
    std::string sheet;                 // the sheet as read
    std::string where;                 // where in the mail it was found
    std::optional<UnixTime> deadline;  // of the turn the sheet was taken for
    std::string other_address;         // not empty: the player's address differs from the sender's
};

// The subject of the answer: "[Game] ARC turn 3: orders stored", "... NOT stored (2 errors)",
// or "[Game] no turnsheet read from your mail".
std::string reply_subject(const MailOutcome& o);

// The text of the answer: what became of the sheet, the checker's messages line by line (only
// those about EMPIRE, SECRET and TURN when the sheet does not give its empire's secret, so a
// stranger learns nothing about an empire), the deadline, and the sheet as read with line
// numbers and the secret hidden.
std::string reply_body(const MailOutcome& o);

// The sheet with line numbers ("  3 | MOVE 101 102 5") and every SECRET word hidden.
std::string numbered_sheet(const std::string& sheet);

}  // namespace hl::mail
