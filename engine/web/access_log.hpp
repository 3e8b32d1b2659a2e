#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace hl::web {

// Text from a request made safe for a log line: bytes outside printable ASCII, '"' and '\' as
// \xHH, cut to `max` bytes (then "..."), so a client can neither forge lines nor flood the log.
std::string log_safe(std::string_view text, std::size_t max = 200);

// Writes one access log line to stderr (the journal under systemd):
// `access: CLIENT "METHOD PATH" STATUS BYTES`. PATH is without its query string; no header
// (cookies) and no body (secrets) is ever written.
void log_request(const std::string& client, const std::string& method, const std::string& path,
                 int status, std::size_t bytes);

// Writes the access log line of an answer the connection front gave by itself (a request too
// large, too slow, too many connections): `access: CLIENT "-" STATUS BYTES (refused: WHY)`.
void log_refused(const std::string& client, int status, std::size_t bytes, const std::string& why);

// Writes one line to stderr for a failed sign-in: `signin failed: game GAME, empire EMPIRE,
// from CLIENT (WHY)`. EMPIRE is a code of the game or "?" (an unknown code is not written: it
// may be a secret typed in the wrong field).
void log_failed_signin(const std::string& game, const std::string& empire,
                       const std::string& client, const std::string& why);

}  // namespace hl::web
