#include "sim/sim_game.hpp"

#include <algorithm>
#include <optional>

#include "game/autoplay.hpp"
#include "game/new_game.hpp"

namespace hl {

const SimEmpire& SimGame::leader() const {
    if (!winner.empty())
        for (const SimEmpire& e : empires)
            if (e.code == winner) return e;
    const SimEmpire* best = &empires.front();
    for (const SimEmpire& e : empires)
        if (e.score > best->score) best = &e;
    return *best;
}

double SimGame::leader_share() const {
    std::int64_t total = 0;
    for (const SimEmpire& e : empires)
        if (!e.eliminated) total += std::max<std::int64_t>(0, e.score);
    if (total <= 0) return 0.0;
    return static_cast<double>(std::max<std::int64_t>(0, leader().score)) /
           static_cast<double>(total);
}

namespace {

// The fields sim reads, resolved once for a state's schema.
struct SimFields {
    const SimColumns& c;
    std::optional<FieldRef> score, out, levels, owner;
    std::vector<FieldRef> sums;

    SimFields(const GameState& st, const SimColumns& columns) : c(columns) {
        const RecordKind* empire = st.schema().kind_of_scope(RecordScope::empire);
        if (empire) {
            score = st.field(empire->name, c.score);
            if (!c.out.empty()) out = st.field(empire->name, c.out);
            if (!c.levels.empty()) levels = st.field(empire->name, c.levels);
        }
        owner = st.field(c.owned_kind, c.owner);
        for (const std::string& f : c.sums)
            sums.push_back(st.field(c.owned_kind, f));
    }
    std::int64_t score_of(const GameState& st, int i) const {
        return score ? st.integer(*score, i) : 0;
    }
    bool is_out(const GameState& st, int i) const { return out && st.integer(*out, i) != 0; }
};

SimEmpire summarise(const GameState& st, const SimFields& f, const Empire& e,
                    const std::string& mode) {
    SimEmpire out;
    int i = st.empire_index(e.code);
    out.code = e.code;
    out.mode = mode;
    out.score = f.score_of(st, i);
    out.eliminated = f.is_out(st, i);
    out.sums.assign(f.sums.size(), 0);
    for (std::int64_t key : st.find(*f.owner, e.code)) {
        ++out.owned;
        for (std::size_t k = 0; k < f.sums.size(); ++k)
            out.sums[k] += st.integer(f.sums[k], key);
    }
    if (f.levels)
        if (const auto* levels = std::get_if<IntMap>(&st.value(*f.levels, i)))
            for (const auto& [code, level] : *levels)
                out.levels += static_cast<int>(level);
    return out;
}

}  // namespace

SimGame play_sim_game(const Scenario& scenario, const Pack& pack, const SimColumns& columns,
                      std::uint64_t seed, int turns, const std::vector<std::string>& modes,
                      int index) {
    GameState st = create_game(scenario, pack, seed);
    SimFields fields(st, columns);
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
        for (std::size_t i = 0; i < now.empires.size(); ++i) {
            if (fields.is_out(now, static_cast<int>(i))) continue;
            std::int64_t score = fields.score_of(now, static_cast<int>(i));
            if (first || score > best) best = score;
            first = false;
            sum += score;
            ++alive;
        }
        g.leader_score.push_back(best);
        g.mean_score.push_back(alive ? static_cast<double>(sum) / alive : 0.0);
    };
    g.turns = autoplay(st, pack, opts);
    if (!columns.ended_turn.empty())
        g.ended_turn = static_cast<int>(st.game_int(columns.ended_turn));
    if (!columns.winner.empty()) g.winner = st.game_text(columns.winner);
    if (!columns.condition.empty()) g.condition = st.game_text(columns.condition);
    for (const Empire& e : st.empires)
        g.empires.push_back(summarise(st, fields, e, opts.modes.at(e.code)));
    return g;
}

}  // namespace hl
