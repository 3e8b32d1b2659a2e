#pragma once

#include <string>
#include <string_view>

namespace hl::web {

// A turnsheet as the web pages show it: every SECRET line (a line whose first word is SECRET,
// in any case, as both packs and the engine's blank sheet write it) cut to that word, so that
// no page shows a secret. The server fills it in again (sheet_with_secret).
std::string sheet_without_secret(std::string_view text);

// A turnsheet as the web checks and stores it for a signed-in player: if its first SECRET line
// has nothing after the word, the session's secret is written after it; if it has no SECRET
// line at all, "SECRET <secret>" is put after its first line that holds a word. A secret the
// sheet gives, right or wrong, is left as it is.
std::string sheet_with_secret(std::string_view text, const std::string& secret);

}  // namespace hl::web
