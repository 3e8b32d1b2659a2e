#include "game/turn_smoke.hpp"

#include <fmt/format.h>

#include "game/pack_check.hpp"
#include "lua/pack_orders.hpp"
#include "lua/runtime.hpp"
#include "pack/pack.hpp"
#include "turn/computer_orders.hpp"
#include "turn/turn_runner.hpp"

namespace hl {

namespace {

// Reads one sheet into a turn's input, or throws InputError with the grammar's findings.
void add_sheet(Runtime& rt, TurnInput& in, const std::string& empire, const std::string& text,
               const std::string& file) {
    ReadSheet sheet = read_sheet(rt, text, file);
    if (!sheet.ok()) throw InputError(sheet.findings);
    in.sheets.emplace(empire, std::move(sheet));
}

// The input of one test turn: `sheet` for the first empire in the order of play, computer
// sheets for the others.
TurnInput test_turn_input(Runtime& rt, const std::string& sheet) {
    GameState& st = rt.state();
    TurnInput in;
    const std::string& tester = st.order_of_play.front();
    for (const std::string& code : st.order_of_play) {
        const Empire* e = st.find_empire(code);
        if (!e || st.empire_out(code)) continue;
        if (code == tester) {
            add_sheet(rt, in, code, sheet, "<rules check: example sheet>");
            continue;
        }
        std::string text = computer_sheet(rt, code, "computer", st.turn + 1);
        add_sheet(rt, in, code, text, code + ".computer.txt");
        in.computer[code] = "computer";
    }
    return in;
}

}  // namespace

void smoke_test_turns(const Pack& pack, const GameState& state,
                      const std::vector<std::string>& sheets, const std::string& what,
                      Diagnostics& diags) {
    if (state.order_of_play.empty() || sheets.empty()) return;
    GameState st = state;
    Runtime rt(pack, st);
    for (const std::string& sheet : sheets) {
        if (st.ended_turn() != 0) return;  // a game over takes no more turns
        const int turn = st.turn + 1;
        std::string where = fmt::format("while playing turn {} of {}", turn, what);
        try {
            run_turn(rt, test_turn_input(rt, sheet));
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
