#pragma once

#include <string>
#include <string_view>

namespace hl::web {

// A new random token of 32 bytes from the kernel (getrandom), as 64 hex digits.
std::string random_token();

// Compares two strings in time that does not depend on where they differ (for secrets).
bool same_secret(std::string_view a, std::string_view b);

}  // namespace hl::web
