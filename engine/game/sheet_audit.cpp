#include "game/sheet_audit.hpp"

#include "game/turnsheet_check.hpp"
#include "lua/pack_orders.hpp"

namespace hl {

SheetAudit::SheetAudit(const Pack& pack) : pack_(pack), rt_(pack, scratch_) {
    Diagnostics diags;
    for (const OrderPackProblem& p : order_pack_problems(rt_))
        diags.error({p.chunk, 0, 0}, p.message);
    if (diags.has_errors()) throw InputError(diags);
}

void SheetAudit::check(const GameState& state, const std::string& file, const std::string& text,
                       Diagnostics& out) {
    scratch_ = state;
    ReadSheet sheet = read_sheet(rt_, text, file);
    out.merge(sheet.findings);
    if (sheet.header.empire.given)
        if (Empire* e = scratch_.find_empire(sheet.header.empire.text)) {
            e->computer = false;
            e->secret = kComputerSecret;  // what the computer writes in place of the secret
        }
    check_turnsheet(sheet, rt_, scratch_.turn + 1, out);
}

}  // namespace hl
