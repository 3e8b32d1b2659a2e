#include "sim/sim_game.hpp"

#include <algorithm>

#include "game/autoplay.hpp"
#include "game/new_game.hpp"

namespace hl {

const SimEmpire& SimGame::leader() const {
    if (!winner.empty())
        for (const SimEmpire& e : empires)
            if (e.code == winner) return e;
    const SimEmpire* best = &empires.front();
    for (const SimEmpire& e : empires)
        if (e.vps > best->vps) best = &e;
    return *best;
}

double SimGame::leader_share() const {
    std::int64_t total = 0;
    for (const SimEmpire& e : empires)
        if (!e.eliminated) total += std::max<std::int64_t>(0, e.vps);
    if (total <= 0) return 0.0;
    return static_cast<double>(std::max<std::int64_t>(0, leader().vps)) /
           static_cast<double>(total);
}

namespace {

SimEmpire summarise(const GameState& st, const Empire& e, const std::string& mode) {
    SimEmpire out;
    out.code = e.code;
    out.mode = mode;
    out.vps = st.empire_int(e.code, "vps");
    out.eliminated = st.empire_int(e.code, "eliminated") != 0;
    if (st.has_field("holding", "owner") && st.has_field("holding", "population") &&
        st.has_field("holding", "industry") && st.has_field("holding", "cruisers")) {
        FieldRef pop = st.field("holding", "population"), ind = st.field("holding", "industry"),
                 crs = st.field("holding", "cruisers");
        for (std::int64_t s : st.find(st.field("holding", "owner"), e.code)) {
            ++out.systems;
            out.population += static_cast<int>(st.integer(pop, s));
            out.industry += static_cast<int>(st.integer(ind, s));
            out.cruisers += static_cast<int>(st.integer(crs, s));
        }
    } else {
        // A pack without holdings: the empire's own population figure, if it keeps one.
        out.population = static_cast<int>(st.empire_int(e.code, "population"));
    }
    if (const auto* techs =
            std::get_if<IntMap>(&st.value(st.field("empire", "techs"), st.empire_index(e.code))))
        for (const auto& [code, level] : *techs)
            out.techs += static_cast<int>(level);
    return out;
}

}  // namespace

SimGame play_sim_game(const Scenario& scenario, const Pack& pack, std::uint64_t seed, int turns,
                      const std::vector<std::string>& modes, int index) {
    GameState st = create_game(scenario, pack, seed);
    AutoplayOptions opts;
    opts.turns = turns;
    for (std::size_t i = 0; i < st.empires.size(); ++i)
        opts.modes[st.empires[i].code] =
            modes.empty() ? "computer"
                          : modes[(i + static_cast<std::size_t>(index)) % modes.size()];
    SimGame g;
    g.index = index;
    g.seed = seed;
    opts.on_turn = [&](const GameState& now, const TurnRecord&) {
        std::int64_t best = 0, sum = 0;
        int alive = 0;
        bool first = true;
        for (const Empire& e : now.empires) {
            if (now.empire_int(e.code, "eliminated")) continue;
            std::int64_t vps = now.empire_int(e.code, "vps");
            if (first || vps > best) best = vps;
            first = false;
            sum += vps;
            ++alive;
        }
        g.leader_vps.push_back(best);
        g.mean_vps.push_back(alive ? static_cast<double>(sum) / alive : 0.0);
    };
    g.turns = autoplay(st, pack, opts);
    g.ended_turn = static_cast<int>(st.game_int("ended_turn"));
    g.winner = st.game_text("winner");
    g.condition = st.game_text("condition");
    for (const Empire& e : st.empires)
        g.empires.push_back(summarise(st, e, opts.modes.at(e.code)));
    return g;
}

}  // namespace hl
