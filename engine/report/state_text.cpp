#include "report/state_text.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "pack/pack.hpp"

namespace hl {

namespace {

std::string opt(const std::optional<SystemCode>& c) {
    return c ? code_str(*c) : "-";
}

// Where the game stands on victory (rule 8.3), as one line.
std::string victory_line(const VictoryStatus& v) {
    if (v.ended_turn > 0)
        return fmt::format("Victory: the game ended on turn {}: {} won ({} win).\n", v.ended_turn,
                           v.winner, v.condition);
    if (v.warning_turn > 0)
        return fmt::format(
            "Victory: warning since turn {}: the game ends at the next census if "
            "any victory condition holds then.\n",
            v.warning_turn);
    return "Victory: no warning in force.\n";
}

}  // namespace

std::string render_state_text(const GameState& st, const Pack& pack, const StateTextOptions& o) {
    std::string out;
    std::map<std::string, int> kind_count;
    std::size_t links = 0;
    for (const auto& [code, s] : st.galaxy.systems()) {
        kind_count[s.kind]++;
        links += s.links.size();
    }
    out += fmt::format("Turn {} of a {} {} game (seed {})\n", st.turn, pack.top().name,
                       st.pack_version, st.seed);
    out += fmt::format("Map: {} systems, {} links (", st.galaxy.size(), links / 2);
    bool first = true;
    for (const KindDef& k : pack.kinds()) {
        auto it = kind_count.find(k.code);
        if (it == kind_count.end()) continue;
        out += fmt::format("{}{} {}", first ? "" : ", ", it->second, k.code);
        first = false;
    }
    out += ")\n";
    out += fmt::format("Points-win target: {} VPs.  Next census (hidden from players): turn {}.\n",
                       st.points_target, st.next_census);
    out += fmt::format(
        "Census turns held: {}.\n",
        st.census_turns.empty() ? "none yet" : fmt::format("{}", fmt::join(st.census_turns, ", ")));
    out += victory_line(st.victory);
    out += "Order of play:";
    for (std::size_t i = 0; i < st.order_of_play.size(); ++i)
        out += fmt::format(" {}.{}", i + 1, st.order_of_play[i]);
    out += "\n\n";

    out += fmt::format("{:<4}{:<22}{:<14}{:>4}{:>5}{:>5}{:>5}{:>5}{:>4}{:>6}{:>6}{:>5}  {}\n",
                       "Emp", "Name", "Player", "Sys", "Pop", "Ind", "Crs", "Ftr", "Col", "Bal",
                       "Trs", "VPs", "Base/Home");
    for (const std::string& code : st.order_of_play) {
        const Empire* e = st.find_empire(code);
        if (!e) continue;
        int pop = 0, ind = 0, crs = 0, ftr = 0, col = 0;
        auto owned = st.owned_by(code);
        for (SystemCode c : owned) {
            const Holding& h = st.holding_or_empty(c);
            pop += h.population;
            ind += h.industry;
            crs += h.cruisers;
            ftr += h.fighters;
            col += h.colony_ships;
        }
        std::string name = e->name.substr(0, 21);
        std::string player = (e->computer ? "(computer)" : e->player).substr(0, 13);
        out += fmt::format(
            "{:<4}{:<22}{:<14}{:>4}{:>5}{:>5}{:>5}{:>5}{:>4}{:>6}{:>6}{:>5}  {}/{}{}\n", code, name,
            player, owned.size(), pop, ind, crs, ftr, col, e->balance, e->treasury, e->vps,
            opt(e->base), opt(e->home), e->eliminated ? "  ELIMINATED" : "");
        if (o.secrets) out += fmt::format("    secret: {}\n", e->secret);
    }

    out += "\nTech levels:\nEmp ";
    for (const TechDef& t : pack.techs())
        out += fmt::format("{:>3}", t.code);
    out += "\n";
    for (const Empire& e : st.empires) {
        out += fmt::format("{:<4}", e.code);
        for (const TechDef& t : pack.techs())
            out += fmt::format("{:>3}", e.tech(t.code));
        out += "\n";
    }

    if (o.systems) {
        out += "\nOwned systems:\n";
        out += fmt::format("{:<5}{:<12}{:<5}{:<16}{:>5}{:>5}{:>5}{:>5}{:>4}  {:<8}{:<5}{}\n", "Sys",
                           "Kind", "Own", "Name", "Pop", "Ind", "Crs", "Ftr", "Col", "Mode", "Ret",
                           "Amb");
        for (const auto& [code, h] : st.holdings) {
            if (h.owner.empty()) continue;
            out += fmt::format("{:<5}{:<12}{:<5}{:<16}{:>5}{:>5}{:>5}{:>5}{:>4}  {:<8}{:<5}{}\n",
                               code_str(code), st.galaxy.at(code).kind, h.owner, h.name,
                               h.population, h.industry, h.cruisers, h.fighters, h.colony_ships,
                               defence_mode_name(h.mode), opt(h.retreat), opt(h.ambush));
        }
        if (!st.probes.empty()) {
            out += "\nProbes:\n";
            for (const Probe& p : st.probes)
                out += fmt::format("  {} at {}{}\n", p.empire, code_str(p.system),
                                   p.active ? " (active)" : "");
        }
    }
    if (o.map) {
        out += "\nMap:\n";
        for (const auto& [code, s] : st.galaxy.systems()) {
            out +=
                fmt::format("  {} {:<12} ({:>3},{:>3})", code_str(code), s.kind, s.pos.x, s.pos.y);
            if (s.parent) out += fmt::format(" of {}", code_str(*s.parent));
            out += " links:";
            for (SystemCode l : s.links)
                out += " " + code_str(l);
            out += "\n";
        }
    }
    return out;
}

}  // namespace hl
