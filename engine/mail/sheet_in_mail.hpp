#pragma once

#include <string>
#include <string_view>

#include "mail/incoming_mail.hpp"

namespace hl::mail {

// The turnsheet found in a mail, or why there is none.
struct FoundSheet {
    std::string text;     // the sheet (LF line ends, no byte-order mark); empty if none
    std::string where;    // "the mail's text" or "the attachment orders.txt"
    std::string refusal;  // not empty: no sheet was taken, and this says why, for the sender
    // True if a sheet was found.
    bool ok() const { return refusal.empty(); }
};

// True for a turnsheet header line: EMPIRE, SECRET or TURN (any case) and exactly one word
// after it, then at most a # comment ("Turn 5 orders attached" is not one).
bool is_header_line(std::string_view line);

// A text part as plain lines: the byte-order mark dropped, CRLF and CR made LF, and
// format=flowed soft line breaks joined (RFC 3676).
std::string normalize_text(const TextPart& part);

// The sheet inside a mail's text: from its first header line on, without quoted lines ("> ..."
// and the "... wrote:" line before them), and cut at a signature ("-- "), a forwarded or
// replied-to mail ("-----Original Message-----", a line of underscores) or a trailing
// "Sent from my ..." line. Empty if the text has no header line.
std::string sheet_from_body(std::string_view text);

// The one turnsheet of a mail: a text attachment, or the text of the body, that holds a
// header line. Refuses HTML-only mail, a mail with two different sheets, and a mail without
// any, each with a reason the sender can act on.
FoundSheet find_sheet(const IncomingMail& mail);

}  // namespace hl::mail
