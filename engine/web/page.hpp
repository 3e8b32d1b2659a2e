#pragma once

#include <string>

namespace hl::web {

// Escapes text a player, the GM or a file wrote for HTML: & < > " ' become entities.
std::string esc(const std::string& s);

// A whole page of the site: title, an optional line of links at the top, and the body.
std::string page(const std::string& title, const std::string& nav, const std::string& body);

// The hidden form field that carries a session's CSRF token.
std::string csrf_field(const std::string& token);

// A form that posts only its CSRF token to `action`, shown as one button.
std::string button_form(const std::string& action, const std::string& token,
                        const std::string& label);

}  // namespace hl::web
