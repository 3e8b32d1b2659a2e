#include "turn/computer_orders.hpp"

#include "lua/pack_orders.hpp"

namespace hl {

std::string computer_mode(const GameState& st, const Empire& e, bool has_sheet, int dropout_after) {
    if (st.empire_int(e.code, "eliminated")) return "";
    if (e.computer) return "computer";
    if (has_sheet) return "";
    return st.empire_int(e.code, "missed_turns") >= dropout_after ? "dropout" : "missed";
}

std::string computer_sheet(Runtime& rt, const std::string& empire, const std::string& mode,
                           int turn) {
    const Empire* e = rt.state().find_empire(empire);
    if (!e) throw std::runtime_error("computer_sheet: no empire " + empire);
    return computer_sheet_text(rt, empire, mode, turn);
}

std::optional<ReadSheet> computer_sheet_read(Runtime& rt, const std::string& empire,
                                             const std::string& mode, int turn,
                                             const std::string& file) {
    const Empire* e = rt.state().find_empire(empire);
    if (!e) throw std::runtime_error("computer_sheet_read: no empire " + empire);
    return computer_read_sheet(rt, empire, mode, turn, file);
}

}  // namespace hl
