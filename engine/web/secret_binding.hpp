#pragma once

#include <string>
#include <string_view>

namespace hl::web {

// What a signed-in session is bound to: a SHA-256 digest, salted with random bytes drawn once
// per process, of the secret it signed in with and of `holder` (what else must stay the same,
// e.g. which player entry of the roster is in force). The server keeps only this, never the
// secret; a session is valid while the game's current secret and holder give the same digest.
std::string secret_binding(std::string_view secret, std::string_view holder);

}  // namespace hl::web
