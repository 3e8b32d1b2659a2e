#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "mail/incoming_mail.hpp"

namespace hl::mail {

// The turnsheet found in a mail, or why there is none.
struct FoundSheet {
    std::string text;     // the sheet (LF line ends, no byte-order mark); empty if none
    std::string where;    // "the mail's text" or "the attachment orders.txt"
    std::string refusal;  // not empty: no sheet was taken, and this says why, for the sender
    std::vector<std::string> ignored;  // lines of the mail's text after the sheet left out: a
                                       // sign-off, or everything after an END line
    // True if a sheet was found.
    bool ok() const { return refusal.empty(); }
};

// True for a turnsheet header line: EMPIRE, SECRET or TURN (any case) and exactly one word
// after it, then at most a # comment ("Turn 5 orders attached" is not one).
bool is_header_line(std::string_view line);

// A text part as plain lines: the byte-order mark dropped, CRLF and CR made LF, and
// format=flowed soft line breaks joined (RFC 3676).
std::string normalize_text(const TextPart& part);

// True for a sign-off a player writes after the last order: "Thanks!", "Cheers, Bob", "Best
// regards," and the like (a known closing phrase, then at most a short name).
bool is_sign_off(std::string_view line);

// The sheet inside a mail's text: from its first header line on, without quoted lines ("> ..."
// and the "... wrote:" line before them), and cut at a signature ("-- "), a forwarded or
// replied-to mail ("-----Original Message-----", a line of underscores) or a trailing
// "Sent from my ..." line. An END line (core/sheet_text.hpp is_sheet_end) ends it (kept);
// a sign-off after the last order, and up to three short name lines after it, are left out.
// The lines left out after the sheet (the sign-off, or all after END) go to *ignored. Empty
// if the text has no header line.
std::string sheet_from_body(std::string_view text, std::vector<std::string>* ignored = nullptr);

// The one turnsheet of a mail: a text attachment, or the text of the body, that holds a
// header line. Refuses HTML-only mail, a mail with two different sheets, and a mail without
// any, each with a reason the sender can act on.
FoundSheet find_sheet(const IncomingMail& mail);

}  // namespace hl::mail
