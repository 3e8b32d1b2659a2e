#include "game/autoplay.hpp"

#include <fmt/format.h>

#include "lua/pack_orders.hpp"
#include "lua/runtime.hpp"
#include "turn/computer_orders.hpp"
#include "turn/turn_runner.hpp"

namespace hl {

int autoplay(GameState& st, const Pack& pack, const AutoplayOptions& opts) {
    Runtime rt(pack, st);
    Diagnostics diags;
    for (const OrderPackProblem& p : order_pack_problems(rt))
        diags.error({p.chunk, 0, 0}, p.message);
    if (diags.has_errors()) throw InputError(diags);
    int played = 0;
    for (int i = 0; i < opts.turns && st.ended_turn() == 0; ++i) {
        const int turn = st.turn + 1;
        TurnInput in;
        for (const std::string& empire : st.order_of_play) {
            const Empire* e = st.find_empire(empire);
            if (!e || st.empire_out(empire)) continue;
            auto m = opts.modes.find(empire);
            std::string mode = m == opts.modes.end() ? "computer" : m->second;
            if (mode == "none") continue;
            const std::string file = empire + ".computer.txt";
            // Without a text to hand on, the orders come already read where the pack can.
            std::optional<ReadSheet> read;
            if (!opts.on_sheet) read = computer_sheet_read(rt, empire, mode, turn, file);
            if (!read) {
                std::string text = computer_sheet(rt, empire, mode, turn);
                if (opts.on_sheet) opts.on_sheet(st, empire, text);
                read = read_sheet(rt, text, file);
            }
            ReadSheet sheet = std::move(*read);
            if (!sheet.ok()) {
                Diagnostics pd = sheet.findings;
                pd.error({pack.script_chunk("ai"), 0, 0},
                         fmt::format("the computer player wrote a bad turnsheet for {}", empire));
                throw InputError(pd);
            }
            in.sheets[empire] = std::move(sheet);
            in.computer[empire] = mode;
        }
        TurnRecord rec = run_turn(rt, in);
        ++played;
        if (opts.on_turn) opts.on_turn(st, rec);
    }
    return played;
}

}  // namespace hl
