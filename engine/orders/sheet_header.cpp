#include "orders/sheet_header.hpp"

#include <fmt/format.h>

namespace hl {

namespace {

// "EMPIRE ARC": the label the grammar gave and what was written.
std::string shown(const HeaderItem& item, const std::string& value) {
    return item.label.empty() ? value : item.label + " " + value;
}

}  // namespace

const Empire* check_sheet_header(const SheetHeader& h, const std::string& file, bool grammar_errors,
                                 const GameState& st, int next_turn, Diagnostics& out) {
    if (!grammar_errors) {
        if (!h.empire.given)
            out.error({file, 1, 0}, "the sheet does not say which empire it is for");
        if (!h.secret.given) out.error({file, 1, 0}, "the sheet does not give its empire's secret");
        if (!h.turn.given)
            out.error({file, 1, 0}, "the sheet does not say which turn its orders are for");
    }
    const Empire* e = nullptr;
    if (h.empire.given) {
        e = st.find_empire(h.empire.text);
        if (!e) {
            out.error(h.empire.at(file), fmt::format("{}: no such empire in this game",
                                                     shown(h.empire, h.empire.text)));
        } else if (e->computer) {
            out.error(h.empire.at(file),
                      fmt::format("{}: this empire is run by the computer and takes no "
                                  "turnsheets",
                                  shown(h.empire, e->code)));
        }
    }
    if (e && h.secret.given && h.secret.text != e->secret) {
        std::string label = h.secret.label.empty() ? "secret" : h.secret.label;
        out.error(h.secret.at(file), fmt::format("{}: wrong secret for empire {}", label, e->code));
    }
    if (h.turn.given) {
        std::string turn = shown(h.turn, std::to_string(h.turn.value));
        if (h.turn.value > next_turn)
            out.error(h.turn.at(file),
                      fmt::format("{}: the game's next turn is {}; orders for later turns are not "
                                  "taken yet",
                                  turn, next_turn));
        else if (h.turn.value == next_turn - 1)
            out.warning(h.turn.at(file),
                        fmt::format("{}: the game's next turn is {}: this sheet is late and is "
                                    "kept as late orders, used for turn {} only if no sheet for "
                                    "turn {} arrives",
                                    turn, next_turn, next_turn, next_turn));
        else if (h.turn.value < next_turn)  // late orders are for the next turn only
            out.error(h.turn.at(file),
                      fmt::format("{}: the game's next turn is {}: a sheet for turn {} could be "
                                  "used only as late orders for turn {}, which has been run; "
                                  "write a sheet for turn {}",
                                  turn, next_turn, h.turn.value, h.turn.value + 1, next_turn));
    }
    return e;
}

bool sheet_is_late(const SheetHeader& h, int next_turn) {
    return h.turn.given && h.turn.value == next_turn - 1;
}

}  // namespace hl
