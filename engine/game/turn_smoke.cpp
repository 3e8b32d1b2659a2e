#include "game/turn_smoke.hpp"

#include <fmt/format.h>

#include "game/pack_check.hpp"
#include "lua/runtime.hpp"
#include "orders/action_registry.hpp"
#include "orders/turnsheet_limits.hpp"
#include "orders/turnsheet_parser.hpp"
#include "pack/pack.hpp"
#include "turn/computer_orders.hpp"
#include "turn/turn_runner.hpp"

namespace hl {

namespace {

// The input of one test turn: `first` onwards of the test orders for their empire, computer
// orders for the others.
TurnInput test_turn_input(Runtime& rt, const ActionRegistry& registry, const SmokeOrders& test,
                          std::size_t first, std::size_t slots) {
    GameState& st = rt.state();
    TurnsheetLimits limits = turnsheet_limits(rt.pack());
    TurnInput in;
    for (const std::string& code : st.order_of_play) {
        const Empire* e = st.find_empire(code);
        if (!e || st.empire_int(code, "eliminated")) continue;
        if (code == test.empire) {
            Turnsheet sheet;
            sheet.file = "<rules check: test orders>";
            sheet.empire = code;
            sheet.turn = st.turn + 1;
            for (std::size_t i = first; i < test.orders.size() && i < first + slots; ++i) {
                Order o = test.orders[i];
                o.slot = static_cast<int>(i - first) + 1;
                o.line = o.slot;
                sheet.orders.push_back(std::move(o));
            }
            in.sheets[code] = std::move(sheet);
            continue;
        }
        std::string text = computer_sheet(rt, code, "computer", st.turn + 1);
        Diagnostics pd;
        Turnsheet sheet = parse_turnsheet(text, code + ".computer.txt", registry, limits, pd);
        if (pd.has_errors()) {
            pd.error({"<rules check>", 0, 0},
                     fmt::format("the computer player wrote a turnsheet for {} that does not "
                                 "parse",
                                 code));
            throw InputError(pd);
        }
        in.sheets[code] = std::move(sheet);
        in.computer[code] = "computer";
    }
    return in;
}

}  // namespace

void smoke_test_turns(const Pack& pack, const GameState& state, const SmokeOrders& orders,
                      const std::string& what, Diagnostics& diags) {
    if (orders.empire.empty() || orders.orders.empty()) return;
    GameState st = state;
    Runtime rt(pack, st);
    Diagnostics load;
    ActionRegistry registry = ActionRegistry::load(rt, load);
    if (load.has_errors()) return;  // reported by the pack check already
    auto slots = static_cast<std::size_t>(turnsheet_limits(pack).actions_per_turn);
    if (slots < 1) return;
    for (std::size_t first = 0; first < orders.orders.size(); first += slots) {
        if (st.game_int("ended_turn") != 0) return;  // a game over takes no more turns
        const int turn = st.turn + 1;
        std::string where = fmt::format("while playing turn {} of {}", turn, what);
        try {
            run_turn(rt, registry, test_turn_input(rt, registry, orders, first, slots));
        } catch (const ScriptError& e) {
            Diagnostic d = script_diagnostic(e.error());
            d.message = fmt::format("{}: {}", where, d.message);
            diags.add(d);
            return;
        } catch (const InputError& e) {
            for (Diagnostic d : e.diagnostics().all()) {
                d.message = fmt::format("{}: {}", where, d.message);
                diags.add(d);
            }
            return;
        }
    }
}

}  // namespace hl
