#include "turn/turn_runner.hpp"

namespace hl {

TurnRecord run_turn(Runtime& rt, const TurnInput& input) {
    GameState& st = rt.state();
    st.turn += 1;
    TurnRecord rec;
    rec.turn = st.turn;
    rec.order_of_play = st.order_of_play;

    const std::vector<std::string> in_play = run_pack_turn(rt, st.turn, input, rec);
    for (const std::string& e : in_play) {
        if (!input.sheets.count(e)) rec.no_orders.push_back(e);
        auto c = input.computer.find(e);
        if (c != input.computer.end()) rec.computer_orders[e] = c->second;
        if (input.late.count(e)) rec.late_orders.push_back(e);
    }
    st.normalise();
    return rec;
}

}  // namespace hl
