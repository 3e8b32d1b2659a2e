#include "game/turnsheet_check.hpp"

#include <algorithm>

#include "orders/sheet_header.hpp"

namespace hl {

CheckOutcome check_turnsheet(const ReadSheet& sheet, Runtime& rt, int next_turn,
                             Diagnostics& diags) {
    const Empire* e =
        check_sheet_header(sheet.header, sheet.file, !sheet.ok(), rt.state(), next_turn, diags);
    if (!e) return {};
    return check_read_sheet(rt, sheet, e->code, next_turn, diags);
}

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
    Diagnostics found = sheet.findings;
    check_turnsheet(sheet, rt, out.next_turn, found);
    // In line order, as a player reads the sheet; the grammar's findings first on each line.
    std::vector<Diagnostic> sorted = found.all();
    std::stable_sort(sorted.begin(), sorted.end(), [](const Diagnostic& a, const Diagnostic& b) {
        return a.where.line < b.where.line;
    });
    for (Diagnostic& d : sorted)
        out.findings.add(std::move(d));
    out.header = sheet.header;
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

}  // namespace hl
