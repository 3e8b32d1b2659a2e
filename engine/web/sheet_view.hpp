#pragma once

#include <string>

#include "core/diagnostics.hpp"

namespace hl::web {

// A turnsheet as an HTML table, line by line, each line followed by the checker's findings
// for it (findings without a line come first). Everything is escaped.
std::string sheet_view_html(const std::string& text, const Diagnostics& findings);

}  // namespace hl::web
