#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hl::mail {

// One text/plain part of a received mail (the body or a text attachment), decoded from its
// transfer encoding and converted from its charset to UTF-8.
struct TextPart {
    std::string text;         // UTF-8 (a byte-order mark, if any, is still there)
    bool attachment = false;  // an attached file (or a forwarded mail), not the body
    std::string filename;     // the attachment's file name, if it has one
    bool flowed = false;      // format=flowed (RFC 3676): soft line breaks end in a space
    bool delsp = false;       // ... and that space is not part of the text (DelSp=yes)
    std::string problem;      // not empty: why the part could not be read as text
};

// What mail-in needs from one received message.
struct IncomingMail {
    bool parsed = false;               // false: the bytes are not a mail message at all
    std::string from;                  // the sender's address (From)
    std::string from_name;             // the sender's display name, if any
    std::string reply_to;              // where an answer goes: Reply-To, else From (may be empty)
    std::string subject;               // decoded to UTF-8
    std::string message_id;            // without angle brackets
    std::string references;            // the References header as it was, for threading replies
    std::string in_reply_to;           // the In-Reply-To header as it was
    std::optional<std::int64_t> date;  // the Date header (Unix seconds), if it could be read
    bool automatic = false;       // an auto-reply, bounce or list mail: never answered (RFC 3834)
    std::vector<TextPart> texts;  // every text/plain part, in the order they appear
    bool has_html = false;        // the mail has an HTML part
};

// Parses one message (RFC 5322 bytes, LF or CRLF line ends) with GMime.
IncomingMail parse_incoming_mail(std::string_view bytes);

}  // namespace hl::mail
