#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace hl {

// An empire report as plain text for email, at most 80 columns wide.
std::string render_empire_text(const nlohmann::ordered_json& report);

// An empire report as one self-contained HTML page with the SVG map, readable on a phone.
std::string render_empire_html(const nlohmann::ordered_json& report);

// The game report as plain text, at most 80 columns wide.
std::string render_game_text(const nlohmann::ordered_json& report);

// The game report as one self-contained HTML page.
std::string render_game_html(const nlohmann::ordered_json& report);

}  // namespace hl
