#include "game/sheet_audit.hpp"

#include "game/turnsheet_check.hpp"
#include "orders/turnsheet_limits.hpp"
#include "orders/turnsheet_parser.hpp"

namespace hl {

namespace {

ActionRegistry load_actions(Runtime& rt) {
    Diagnostics diags;
    ActionRegistry actions = ActionRegistry::load(rt, diags);
    if (diags.has_errors()) throw InputError(diags);
    return actions;
}

}  // namespace

SheetAudit::SheetAudit(const Pack& pack)
    : pack_(pack), rt_(pack, scratch_), actions_(load_actions(rt_)) {}

void SheetAudit::check(const GameState& state, const std::string& file, const std::string& text,
                       Diagnostics& out) {
    scratch_ = state;
    Turnsheet sheet = parse_turnsheet(text, file, actions_, turnsheet_limits(pack_), out);
    if (Empire* e = scratch_.find_empire(sheet.empire)) e->computer = false;
    check_turnsheet(sheet, rt_, actions_, scratch_.turn + 1, out);
}

}  // namespace hl
