#pragma once

#include <string>
#include <utility>
#include <vector>

namespace hl::mail {

// A file attached to an outgoing mail.
struct Attachment {
    std::string filename;
    std::string type;     // e.g. "text"
    std::string subtype;  // e.g. "plain", "svg+xml" (with type "image")
    std::string content;
};

// A mail to write: a text part, optionally an HTML alternative, and attachments.
struct OutgoingMail {
    std::string from_name;
    std::string from_addr;
    std::vector<std::pair<std::string, std::string>> to;  // (name, address)
    std::string subject;                                  // UTF-8
    std::string date;         // as RFC 5322 writes it (format_mail_date)
    std::string message_id;   // without angle brackets
    std::string in_reply_to;  // without angle brackets; empty if not a reply
    std::string references;   // the References of the mail replied to, as it was
    std::string text;         // the text/plain part (UTF-8)
    std::string html;         // the text/html alternative; empty for text only
    std::vector<Attachment> attachments;
    bool reply = false;  // Auto-Submitted: auto-replied (an answer), else auto-generated
};

// The message as bytes (LF line ends), built with GMime: headers encoded as RFC 2047 needs,
// multipart/alternative for text + HTML inside multipart/mixed when there are attachments,
// each part's transfer encoding chosen for 7-bit transport (lines of at most 998 bytes).
// Boundaries derive from the Message-ID, so the same mail gives the same bytes.
std::string compose_mail(const OutgoingMail& mail);

// A Message-ID for a mail about a game: <kind>.<key>.<hash of text>@<domain of from_addr>.
std::string make_message_id(const std::string& kind, const std::string& key,
                            const std::string& text, const std::string& from_addr);

}  // namespace hl::mail
