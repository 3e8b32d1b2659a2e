#include "game/turnsheet_check.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "orders/sheet_header.hpp"

namespace hl {

CheckOutcome check_turnsheet(const ReadSheet& sheet, Runtime& rt, int next_turn,
                             Diagnostics& diags) {
    const Empire* e =
        check_sheet_header(sheet.header, sheet.file, !sheet.ok(), rt.state(), next_turn, diags);
    if (!e) return {};
    return check_read_sheet(rt, sheet, e->code, next_turn, diags);
}

namespace {

// The one finding for a sheet that names an empire of the game without its secret, or nullopt
// when the secret is right or no such empire is named. Nothing else is said about such a sheet:
// its other findings would tell a stranger what the empire owns and can afford.
std::optional<Diagnostic> secret_refusal(const ReadSheet& sheet, const GameState& st) {
    const HeaderItem& named = sheet.header.empire;
    if (!named.given) return std::nullopt;
    const Empire* e = st.find_empire(named.text);
    if (!e) return std::nullopt;
    const HeaderItem& secret = sheet.header.secret;
    const std::string label = secret.label.empty() ? "secret" : secret.label;
    if (secret.given) {
        if (secret.text == e->secret) return std::nullopt;
        return Diagnostic{secret.at(sheet.file), Severity::error,
                          fmt::format("{}: wrong secret for empire {}", label, e->code)};
    }
    // No usable secret: the grammar's own words about it (a malformed or missing line).
    for (const Diagnostic& d : sheet.findings.all())
        if (d.severity == Severity::error && d.message.find(label) != std::string::npos) return d;
    return Diagnostic{
        {sheet.file, 1, 0}, Severity::error, "the sheet does not give its empire's secret"};
}

}  // namespace

SheetCheck check_sheet(std::string_view text, const std::string& file, const LoadedGame& game) {
    SheetCheck out;
    out.file = file;
    out.next_turn = game.state.turn + 1;
    GameState scratch = game.state;
    Runtime rt(game.pack, scratch);
    Diagnostics pack_problems;
    for (const OrderPackProblem& p : order_pack_problems(rt))
        pack_problems.error({p.chunk, 0, 0}, p.message);
    if (pack_problems.has_errors()) throw InputError(pack_problems);
    ReadSheet sheet = read_sheet(rt, text, file);
    out.header = sheet.header;
    if (auto refusal = secret_refusal(sheet, game.state)) {
        out.findings.add(std::move(*refusal));
        return out;
    }
    Diagnostics found = sheet.findings;
    check_turnsheet(sheet, rt, out.next_turn, found);
    // In line order, as a player reads the sheet; the grammar's findings first on each line.
    std::vector<Diagnostic> sorted = found.all();
    std::stable_sort(sorted.begin(), sorted.end(), [](const Diagnostic& a, const Diagnostic& b) {
        return a.where.line < b.where.line;
    });
    for (Diagnostic& d : sorted)
        out.findings.add(std::move(d));
    out.noun = sheet_order_noun(rt);
    out.late = sheet_is_late(sheet.header, out.next_turn);
    try {
        out.orders = read_sheet_table(rt, sheet);
    } catch (const std::exception& e) {
        out.findings.error(
            {file, 0, 0},
            std::string("the rules pack failed while listing the sheet's orders: ") + e.what());
    }
    return out;
}

std::string blank_sheet(const LoadedGame& game, const std::string& empire) {
    const int turn = game.state.turn + 1;
    GameState scratch = game.state;
    Runtime rt(game.pack, scratch);
    std::optional<std::string> text = blank_sheet_text(rt, empire, turn);
    if (!text) return fmt::format("EMPIRE {}\nSECRET\nTURN {}\n", empire, turn);
    return *text;
}

}  // namespace hl
