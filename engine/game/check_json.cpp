#include "game/check_json.hpp"

namespace hl {

nlohmann::ordered_json sheet_check_to_json(const SheetCheck& c) {
    using json = nlohmann::ordered_json;
    json j;
    j["file"] = c.file;
    j["empire"] = c.header.empire.given ? json(c.header.empire.text) : json(nullptr);
    j["turn"] = c.header.turn.given ? json(c.header.turn.value) : json(nullptr);
    j["next_turn"] = c.next_turn;
    j["late"] = c.late;
    j["ok"] = c.ok();
    int warnings = 0;
    for (const Diagnostic& d : c.findings.all())
        warnings += d.severity == Severity::warning ? 1 : 0;
    j["errors"] = c.findings.error_count();
    j["warnings"] = warnings;
    json findings = json::array();
    for (const Diagnostic& d : c.findings.all())
        findings.push_back({{"line", d.where.line},
                            {"col", d.where.col},
                            {"severity", severity_name(d.severity)},
                            {"message", d.message},
                            {"text", format_diagnostic(d)}});
    j["findings"] = std::move(findings);
    j["orders"] = c.orders.is_array() ? c.orders : json::array();
    return j;
}

}  // namespace hl
