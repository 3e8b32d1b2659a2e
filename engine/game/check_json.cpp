#include "game/check_json.hpp"

namespace hl {

namespace {

// The findings as JSON rows, and the number of warnings among them.
nlohmann::ordered_json findings_json(const Diagnostics& findings, int& warnings) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    warnings = 0;
    for (const Diagnostic& d : findings.all()) {
        warnings += d.severity == Severity::warning ? 1 : 0;
        out.push_back({{"line", d.where.line},
                       {"col", d.where.col},
                       {"severity", severity_name(d.severity)},
                       {"message", d.message},
                       {"text", format_diagnostic(d)}});
    }
    return out;
}

}  // namespace

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
    json findings = findings_json(c.findings, warnings);
    j["errors"] = c.findings.error_count();
    j["warnings"] = warnings;
    j["findings"] = std::move(findings);
    j["orders"] = c.orders.is_array() ? c.orders : json::array();
    return j;
}

nlohmann::ordered_json check_failure_to_json(const std::string& file, const Diagnostics& problems,
                                             std::optional<int> next_turn) {
    using json = nlohmann::ordered_json;
    json j;
    j["file"] = file;
    j["empire"] = nullptr;
    j["turn"] = nullptr;
    j["next_turn"] = next_turn ? json(*next_turn) : json(nullptr);
    j["late"] = false;
    j["ok"] = false;
    int warnings = 0;
    json findings = findings_json(problems, warnings);
    j["errors"] = problems.error_count();
    j["warnings"] = warnings;
    j["findings"] = std::move(findings);
    j["orders"] = json::array();
    return j;
}

}  // namespace hl
