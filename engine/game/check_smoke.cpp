#include "game/check_smoke.hpp"

#include <fmt/format.h>

#include "core/sheet_text.hpp"
#include "game/turnsheet_check.hpp"
#include "lua/pack_orders.hpp"
#include "lua/runtime.hpp"

namespace hl {

namespace {

// The text of line n of a sheet, trimmed, for messages.
std::string line_text(const std::string& sheet, int n) {
    std::size_t start = 0;
    for (int i = 1; i < n && start != std::string::npos; ++i) {
        start = sheet.find('\n', start);
        if (start != std::string::npos) ++start;
    }
    if (start == std::string::npos || start >= sheet.size()) return {};
    std::string line = sheet.substr(start, sheet.find('\n', start) - start);
    std::size_t b = line.find_first_not_of(" \t\r");
    std::size_t e = line.find_last_not_of(" \t\r");
    return b == std::string::npos ? std::string() : line.substr(b, e - b + 1);
}

}  // namespace

std::vector<std::string> smoke_test_checks(const Pack& pack, const GameState& state,
                                           Diagnostics& diags) {
    if (state.order_of_play.empty()) return {};
    const Empire* e = state.find_empire(state.order_of_play.front());
    if (!e) return {};
    GameState scratch = state;
    Runtime rt(pack, scratch);
    const SourcePos where{"<rules check>", 0, 0};
    std::vector<std::string> sheets;
    try {
        sheets = example_sheets(rt, e->code, state.turn + 1);
    } catch (const ScriptError& err) {
        diags.error(where, "turnsheet.examples failed: " + err.error().format());
        return {};
    }
    std::vector<std::string> readable;
    for (std::size_t i = 0; i < sheets.size(); ++i) {
        std::string file = fmt::format("<rules check: example sheet {}>", i + 1);
        ReadSheet sheet = read_sheet(rt, sheets[i], file);
        Diagnostics found;
        CheckOutcome outcome;
        if (sheet.ok()) {
            outcome = check_turnsheet(sheet, rt, state.turn + 1, found);
            readable.push_back(sheets[i]);
        }
        auto report = [&](const Diagnostic& d, const char* what) {
            std::string text = line_text(sheets[i], d.where.line);
            diags.error(where, text.empty() ? fmt::format("{} {}: {}", what, file, d.message)
                                            : fmt::format("{} '{}': {}", what, text, d.message));
        };
        for (const Diagnostic& d : sheet.findings.all())
            if (d.severity == Severity::error) report(d, "the pack's grammar refuses its example");
        for (const Diagnostic& d : outcome.failures)
            report(d, "checking the test order");
        try {
            read_sheet_table(rt, sheet);
        } catch (const std::exception& err) {
            diags.error(where, std::string("turnsheet.table failed: ") + err.what());
        }
    }
    return readable;
}

}  // namespace hl
