#include "io/state_io.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "io/atomic_file.hpp"
#include "io/toml_doc.hpp"
#include "pack/pack.hpp"

namespace hl {

namespace {

std::string q(std::string_view s) {
    return toml_quote(s);
}

std::string code_list(const std::vector<SystemCode>& codes) {
    std::string out = "[";
    for (std::size_t i = 0; i < codes.size(); ++i) {
        if (i) out += ", ";
        out += q(code_str(codes[i]));
    }
    return out + "]";
}

template <typename Map>
std::string inline_map(const Map& m) {
    std::string out = "{";
    bool first = true;
    for (const auto& [k, v] : m) {
        out += first ? " " : ", ";
        first = false;
        bool bare = !k.empty() && std::all_of(k.begin(), k.end(), [](char c) {
            return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                   c == '_' || c == '-';
        });
        out += bare ? k : q(k);
        if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::string>)
            out += fmt::format(" = {}", q(v));
        else
            out += fmt::format(" = {}", v);
    }
    return out + (first ? "}" : " }");
}

bool valid_empire_code(const std::string& c) {
    return c.size() == 3 &&
           std::all_of(c.begin(), c.end(), [](char ch) { return ch >= 'A' && ch <= 'Z'; });
}

}  // namespace

std::string state_to_toml(const GameState& st) {
    std::string o;
    o += fmt::format("# Hyperlane game state after turn {} ({} {}).\n", st.turn, st.pack,
                     st.pack_version);
    o += "# Written by the engine. A GM may edit it; `hyperlane show` checks every field.\n";
    o += fmt::format("format = {}\n", kStateFormat);
    o += fmt::format("turn = {}\n", st.turn);
    o += fmt::format("seed = {}\n", st.seed);
    o += fmt::format("pack = {}\n", q(st.pack));
    o += fmt::format("pack_version = {}\n", q(st.pack_version));
    o += fmt::format("next_census = {}\n", st.next_census);
    o += "census_turns = [";
    for (std::size_t i = 0; i < st.census_turns.size(); ++i)
        o += fmt::format("{}{}", i ? ", " : "", st.census_turns[i]);
    o += "]\n";
    o += fmt::format("points_target = {}\n", st.points_target);
    o += "order_of_play = [";
    for (std::size_t i = 0; i < st.order_of_play.size(); ++i)
        o += fmt::format("{}{}", i ? ", " : "", q(st.order_of_play[i]));
    o += "]\n";
    if (!st.counters.empty()) o += fmt::format("counters = {}\n", inline_map(st.counters));
    if (!(st.victory == VictoryStatus{})) {
        o += fmt::format(
            "victory = {{ warning_turn = {}, ended_turn = {}, winner = {}, "
            "condition = {} }}\n",
            st.victory.warning_turn, st.victory.ended_turn, q(st.victory.winner),
            q(st.victory.condition));
    }

    o += "\n# Systems: code, kind, grid position and links; planets and belts name their star.\n";
    o += "systems = [\n";
    for (const auto& [code, s] : st.galaxy.systems()) {
        if (s.satellite)
            o += fmt::format("  {{ code = {}, kind = {}, parent = {} }},\n", q(code_str(code)),
                             q(s.kind), q(code_str(*s.parent)));
        else
            o += fmt::format("  {{ code = {}, kind = {}, x = {}, y = {}, links = {} }},\n",
                             q(code_str(code)), q(s.kind), s.pos.x, s.pos.y, code_list(s.links));
    }
    o += "]\n";

    for (const Empire& e : st.empires) {
        o += "\n[[empire]]\n";
        o += fmt::format("code = {}\n", q(e.code));
        o += fmt::format("name = {}\n", q(e.name));
        o += fmt::format("player = {}\n", q(e.player));
        o += fmt::format("computer = {}\n", e.computer);
        o += fmt::format("treasury = {}\n", e.treasury);
        o += fmt::format("balance = {}\n", e.balance);
        o += fmt::format("vps = {}\n", e.vps);
        if (e.base) o += fmt::format("base = {}\n", q(code_str(*e.base)));
        if (e.home) o += fmt::format("home = {}\n", q(code_str(*e.home)));
        o += fmt::format("reserve = {}\n", e.reserve);
        o += fmt::format("lost_in_space = {}\n", e.lost_in_space);
        o += fmt::format("bombs_used = {}\n", e.bombs_used);
        o += fmt::format("missed_turns = {}\n", e.missed_turns);
        o += fmt::format("eliminated = {}\n", e.eliminated);
        o += fmt::format("techs = {}\n", inline_map(e.techs));
        if (!e.contact.empty()) o += fmt::format("contact = {}\n", inline_map(e.contact));
        if (!e.counters.empty()) o += fmt::format("counters = {}\n", inline_map(e.counters));
        for (const auto& [name, codes] : e.system_sets)
            o += fmt::format("sets.{} = {}\n", name,
                             code_list(std::vector<SystemCode>(codes.begin(), codes.end())));
    }

    for (const auto& [code, h] : st.holdings) {
        if (h.is_default()) continue;
        o += "\n[[holding]]\n";
        o += fmt::format("system = {}\n", q(code_str(code)));
        if (!h.owner.empty()) o += fmt::format("owner = {}\n", q(h.owner));
        if (!h.name.empty()) o += fmt::format("name = {}\n", q(h.name));
        if (h.population) o += fmt::format("population = {}\n", h.population);
        if (h.industry) o += fmt::format("industry = {}\n", h.industry);
        if (h.cruisers) o += fmt::format("cruisers = {}\n", h.cruisers);
        if (h.fighters) o += fmt::format("fighters = {}\n", h.fighters);
        if (h.colony_ships) o += fmt::format("colony_ships = {}\n", h.colony_ships);
        if (h.mode != DefenceMode::retreat)
            o += fmt::format("mode = {}\n", q(defence_mode_name(h.mode)));
        if (h.retreat) o += fmt::format("retreat = {}\n", q(code_str(*h.retreat)));
        if (h.ambush) o += fmt::format("ambush = {}\n", q(code_str(*h.ambush)));
        if (h.ever_owned) o += "ever_owned = true\n";
    }

    for (const Probe& p : st.probes) {
        o += "\n[[probe]]\n";
        o += fmt::format("empire = {}\nsystem = {}\nactive = {}\n", q(p.empire),
                         q(code_str(p.system)), p.active);
    }
    return o;
}

std::optional<std::string> read_empire_code(TomlView& e, std::set<std::string>& codes) {
    std::string code = e.string("code", true).value_or("");
    if (!valid_empire_code(code)) {
        e.error("code", fmt::format("\"{}\" is not an empire code (three capital letters)", code));
        e.skip();
        return std::nullopt;
    }
    if (code == "ALL") {
        e.error("code", "ALL cannot be an empire code: turnsheets use MESSAGE ALL for everyone");
        e.skip();
        return std::nullopt;
    }
    if (!codes.insert(code).second) {
        e.error("code", fmt::format("empire {} is listed twice", code));
        e.skip();
        return std::nullopt;
    }
    return code;
}

void read_tech_levels(TomlView& e, const Pack* pack, bool required,
                      std::map<std::string, int>& levels) {
    auto t = e.table("techs", required);
    if (!t) return;
    for (const auto& k : t->keys()) {
        auto lvl = t->integer(k, false, 0, 1000000);
        if (!lvl) continue;
        const TechDef* def = pack ? pack->tech(k) : nullptr;
        if (pack && !def) {
            t->error(k, fmt::format("unknown tech '{}'", k));
            continue;
        }
        if (def && def->cap && *lvl > *def->cap) {
            t->error(k, fmt::format("{} may not exceed level {}", k, *def->cap));
            continue;
        }
        levels[k] = static_cast<int>(*lvl);
    }
}

std::optional<SystemCode> read_known_system(TomlView& v, const char* key, const Galaxy& galaxy) {
    auto c = v.system_code(key);
    if (c && !galaxy.contains(*c)) {
        v.error(key, fmt::format("no system {} in the galaxy", code_str(*c)));
        return std::nullopt;
    }
    return c;
}

void read_systems(TomlView& root, const Pack* pack, Galaxy& galaxy) {
    // Systems: stars first, then satellites, then links.
    struct Pending {
        TomlView view;
        SystemCode code;
        std::vector<std::string> links;
    };
    std::vector<Pending> stars;
    std::vector<TomlView> satellites;
    for (TomlView s : root.tables("systems", true)) {
        auto code = s.system_code("code", true);
        auto kind = s.string("kind", true);
        if (!code || !kind) continue;
        const KindDef* kd = pack ? pack->kind(*kind) : nullptr;
        if (pack && !kd) {
            s.error("kind", fmt::format("unknown system kind '{}'", *kind));
            continue;
        }
        bool is_sat = s.has("parent");
        if (kd && kd->satellite != is_sat) {
            s.error(is_sat ? "parent" : "kind",
                    is_sat ? fmt::format("a {} is a star and has no parent", *kind)
                           : fmt::format("a {} needs a parent star", *kind));
            continue;
        }
        if (is_sat) {
            satellites.push_back(s);
            continue;
        }
        auto x = s.integer("x", true, -100000, 100000);
        auto y = s.integer("y", true, -100000, 100000);
        auto links = s.string_list("links", true);
        if (!x || !y || !links) continue;
        try {
            galaxy.add_star(*code, *kind, GridPos{static_cast<int>(*x), static_cast<int>(*y)});
            stars.push_back({s, *code, *links});
        } catch (const GalaxyError& e) {
            s.error("code", e.what());
        }
    }
    for (TomlView s : satellites) {
        auto code = s.system_code("code");
        auto kind = s.string("kind");
        auto parent = s.system_code("parent", true);
        if (!code || !kind || !parent) continue;
        try {
            galaxy.add_satellite(*code, *kind, *parent);
        } catch (const GalaxyError& e) {
            s.error("parent", e.what());
        }
    }
    for (Pending& p : stars) {
        for (const std::string& l : p.links) {
            auto other = parse_code(l);
            if (!other) {
                p.view.error("links", fmt::format("\"{}\" is not a three-digit system code", l));
                continue;
            }
            try {
                galaxy.add_link(p.code, *other);
            } catch (const GalaxyError& e) {
                p.view.error("links", e.what());
            }
        }
    }
}

void read_holdings(TomlView& root, const std::set<std::string>& codes, GameState& st) {
    auto known_system = [&](TomlView& v, const char* key) {
        return read_known_system(v, key, st.galaxy);
    };
    for (TomlView h : root.tables("holding")) {
        auto code = known_system(h, "system");
        if (!h.has("system")) h.system_code("system", true);
        if (!code) {
            h.skip();
            continue;
        }
        if (st.holdings.count(*code)) {
            h.error("system",
                    fmt::format("system {} has two [[holding]] entries", code_str(*code)));
            continue;
        }
        Holding hold;
        hold.owner = h.string("owner").value_or("");
        if (!hold.owner.empty() && !codes.count(hold.owner))
            h.error("owner", fmt::format("no empire '{}' in this game", hold.owner));
        hold.name = h.string("name").value_or("");
        auto count = [&](const char* key) {
            return static_cast<int>(h.integer(key, false, 0, 100000000).value_or(0));
        };
        hold.population = count("population");
        hold.industry = count("industry");
        hold.cruisers = count("cruisers");
        hold.fighters = count("fighters");
        hold.colony_ships = count("colony_ships");
        if (auto m = h.string("mode")) {
            if (auto mode = parse_defence_mode(*m))
                hold.mode = *mode;
            else
                h.error("mode", fmt::format("\"{}\" is not retreat, defend or ambush", *m));
        }
        hold.retreat = known_system(h, "retreat");
        hold.ambush = known_system(h, "ambush");
        hold.ever_owned = h.boolean("ever_owned").value_or(false);
        st.holdings[*code] = hold;
    }
}

GameState state_from_toml(std::string_view text, const std::string& shown_name, const Pack* pack,
                          Diagnostics& diags) {
    GameState st;
    TomlDoc doc = TomlDoc::from_text(text, shown_name, diags);
    if (!doc.ok()) return st;
    TomlView root = doc.root();
    if (auto f = root.integer("format", true)) {
        if (*f != kStateFormat) {
            root.error("format", fmt::format("state format {} is not supported (this program "
                                             "reads format {})",
                                             *f, kStateFormat));
            return st;
        }
    }
    st.turn = static_cast<int>(root.integer("turn", true, 0, 100000).value_or(0));
    st.seed = static_cast<std::uint64_t>(root.integer("seed", true, 0).value_or(0));
    st.pack = root.string("pack", true).value_or("");
    st.pack_version = root.string("pack_version", true).value_or("");
    st.next_census = static_cast<int>(root.integer("next_census", true, 0, 100000).value_or(0));
    st.points_target = root.integer("points_target", true, 0).value_or(0);
    if (const toml::node* n = root.raw("census_turns")) {
        if (const toml::array* a = n->as_array()) {
            for (const auto& v : *a) {
                if (auto i = v.value_exact<std::int64_t>())
                    st.census_turns.push_back(static_cast<int>(*i));
                else
                    diags.error(doc.pos_of(v), "census_turns: expected turn numbers");
            }
        } else {
            root.error("census_turns", "expected an array of turn numbers");
        }
    }
    if (auto c = root.table("counters")) {
        for (const auto& k : c->keys())
            if (auto v = c->integer(k)) st.counters[k] = *v;
    }
    if (auto v = root.table("victory")) {
        st.victory.warning_turn =
            static_cast<int>(v->integer("warning_turn", true, 0, 100000).value_or(0));
        st.victory.ended_turn =
            static_cast<int>(v->integer("ended_turn", true, 0, 100000).value_or(0));
        st.victory.winner = v->string("winner", true).value_or("");
        st.victory.condition = v->string("condition", true).value_or("");
    }

    read_systems(root, pack, st.galaxy);

    auto known_system = [&](TomlView& v, const char* key) {
        return read_known_system(v, key, st.galaxy);
    };

    std::set<std::string> codes;
    for (TomlView e : root.tables("empire", true)) {
        Empire emp;
        auto code = read_empire_code(e, codes);
        if (!code) continue;
        emp.code = *code;
        emp.name = e.string("name", true).value_or("");
        emp.player = e.string("player").value_or("");
        emp.computer = e.boolean("computer").value_or(false);
        emp.treasury = e.integer("treasury", true, 0).value_or(0);
        emp.balance = e.integer("balance", true, 0).value_or(0);
        emp.vps = e.integer("vps", true, -1000000000, 1000000000).value_or(0);
        emp.base = known_system(e, "base");
        emp.home = known_system(e, "home");
        emp.reserve = static_cast<int>(e.integer("reserve", false, 0, 1000000).value_or(0));
        emp.lost_in_space =
            static_cast<int>(e.integer("lost_in_space", false, 0, 1000000).value_or(0));
        emp.bombs_used = static_cast<int>(e.integer("bombs_used", false, 0, 1000000).value_or(0));
        emp.missed_turns =
            static_cast<int>(e.integer("missed_turns", false, 0, 100000).value_or(0));
        emp.eliminated = e.boolean("eliminated").value_or(false);
        read_tech_levels(e, pack, true, emp.techs);
        if (auto c = e.table("contact")) {
            for (const auto& k : c->keys())
                if (auto v = c->string(k)) emp.contact[k] = *v;
        }
        if (auto c = e.table("counters")) {
            for (const auto& k : c->keys())
                if (auto v = c->integer(k)) emp.counters[k] = *v;
        }
        if (auto sets = e.table("sets")) {
            for (const auto& name : sets->keys()) {
                auto list = sets->string_list(name);
                if (!list) continue;
                auto& set = emp.system_sets[name];
                for (const std::string& c : *list) {
                    auto sys = parse_code(c);
                    if (!sys || !st.galaxy.contains(*sys))
                        sets->error(name, fmt::format("\"{}\" is not a system of the galaxy", c));
                    else
                        set.insert(*sys);
                }
            }
        }
        st.empires.push_back(std::move(emp));
    }

    if (auto order = root.string_list("order_of_play", true)) {
        std::vector<std::string> sorted = *order, all(codes.begin(), codes.end());
        std::sort(sorted.begin(), sorted.end());
        if (sorted != all)
            root.error("order_of_play", "must list every empire exactly once");
        else
            st.order_of_play = *order;
    }

    read_holdings(root, codes, st);

    for (TomlView p : root.tables("probe")) {
        Probe probe;
        probe.empire = p.string("empire", true).value_or("");
        if (!codes.count(probe.empire)) {
            p.error("empire", fmt::format("no empire '{}' in this game", probe.empire));
            continue;
        }
        auto sys = known_system(p, "system");
        if (!p.has("system")) p.system_code("system", true);
        if (!sys) continue;
        probe.system = *sys;
        probe.active = p.boolean("active", true).value_or(false);
        st.probes.push_back(probe);
    }
    std::map<std::string, int> active;
    for (const Probe& p : st.probes)
        active[p.empire] += p.active ? 1 : 0;
    for (const auto& [emp, n] : active)
        if (n > 1)
            diags.error({shown_name, 0, 0},
                        fmt::format("probe: empire {} has {} active probes (at most 1)", emp, n));

    doc.report_unknown_keys();
    st.normalise();
    return st;
}

GameState load_state(const std::filesystem::path& path, const Pack* pack) {
    Diagnostics diags;
    std::string text;
    try {
        text = read_file(path);
    } catch (const std::exception& e) {
        throw InputError({path.generic_string(), 0, 0}, "cannot read the state file");
    }
    GameState st = state_from_toml(text, path.generic_string(), pack, diags);
    if (diags.has_errors()) throw InputError(std::move(diags));
    return st;
}

void save_state(const std::filesystem::path& path, const GameState& state) {
    write_file_atomic(path, state_to_toml(state));
}

}  // namespace hl
