#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "game/game_dir.hpp"

namespace hl::mail {

// <game>/mail/mail-id.
std::filesystem::path mail_id_file(const GameDir& dir);

// The game's mail token: 16 hex digits drawn from the operating system's random source the
// first time a game sends mail and kept in <game>/mail/mail-id, so that two games of the same
// name never share a Message-ID. No secret: it only tells games apart. Throws
// std::runtime_error if it cannot be read or written.
std::string game_mail_token(const GameDir& dir);

// The Message-ID of a queued mail: hyperlane.<name>.<token>@<the domain of from_addr>, the same
// every time the same mail is made (so a mail sent again is known as the same mail).
std::string queued_message_id(const std::string& name, const std::string& token,
                              const std::string& from_addr);

// The game tokens of the Hyperlane Message-IDs (hyperlane.<name>.<token>@...) among the ids in
// angle brackets of a References or In-Reply-To header, in order.
std::vector<std::string> referenced_tokens(const std::string& header);

}  // namespace hl::mail
