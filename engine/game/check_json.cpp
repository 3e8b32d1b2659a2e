#include "game/check_json.hpp"

#include "orders/order_text.hpp"

namespace hl {

namespace {

const char* severity_name(Severity s) {
    switch (s) {
        case Severity::error:
            return "error";
        case Severity::warning:
            return "warning";
        case Severity::note:
            return "note";
    }
    return "error";
}

nlohmann::ordered_json box_json(const BoxValue& b) {
    if (b.blank()) return nullptr;
    return b.text;
}

}  // namespace

nlohmann::ordered_json sheet_check_to_json(const SheetCheck& c) {
    using json = nlohmann::ordered_json;
    json j;
    const Turnsheet& s = c.sheet;
    j["file"] = s.file;
    j["empire"] = s.empire.empty() ? json(nullptr) : json(s.empire);
    j["turn"] = s.turn_line ? json(s.turn) : json(nullptr);
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
                            {"severity", severity_name(d.severity)},
                            {"message", d.message},
                            {"text", format_diagnostic(d)}});
    j["findings"] = std::move(findings);
    json orders = json::array();
    for (const Order& o : s.orders)
        orders.push_back({{"slot", o.slot},
                          {"line", o.line},
                          {"action", o.action},
                          {"from", box_json(o.from)},
                          {"to", box_json(o.to)},
                          {"number", box_json(o.number)}});
    j["orders"] = std::move(orders);
    return j;
}

}  // namespace hl
