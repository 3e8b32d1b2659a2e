#include "game/autoplay.hpp"

#include <fmt/format.h>

#include "lua/runtime.hpp"
#include "orders/action_registry.hpp"
#include "orders/turnsheet_limits.hpp"
#include "orders/turnsheet_parser.hpp"
#include "turn/computer_orders.hpp"
#include "turn/turn_runner.hpp"

namespace hl {

int autoplay(GameState& st, const Pack& pack, const AutoplayOptions& opts) {
    Runtime rt(pack, st);
    Diagnostics diags;
    ActionRegistry actions = ActionRegistry::load(rt, diags);
    if (diags.has_errors()) throw InputError(diags);
    TurnsheetLimits limits = turnsheet_limits(pack);
    int played = 0;
    for (int i = 0; i < opts.turns && st.game_int("ended_turn") == 0; ++i) {
        const int turn = st.turn + 1;
        TurnInput in;
        for (const std::string& empire : st.order_of_play) {
            const Empire* e = st.find_empire(empire);
            if (!e || st.empire_int(empire, "eliminated")) continue;
            auto m = opts.modes.find(empire);
            std::string mode = m == opts.modes.end() ? "computer" : m->second;
            if (mode == "none") continue;
            std::string text = computer_sheet(rt, empire, mode, turn);
            if (opts.on_sheet) opts.on_sheet(st, empire, text);
            Diagnostics pd;
            Turnsheet sheet = parse_turnsheet(text, empire + ".computer.txt", actions, limits, pd);
            if (pd.has_errors()) {
                pd.error({"ai.lua", 0, 0},
                         fmt::format("the computer player wrote a bad turnsheet for {}", empire));
                throw InputError(pd);
            }
            in.sheets[empire] = std::move(sheet);
            in.computer[empire] = mode;
        }
        TurnRecord rec = run_turn(rt, actions, in);
        ++played;
        if (opts.on_turn) opts.on_turn(st, rec);
    }
    return played;
}

}  // namespace hl
