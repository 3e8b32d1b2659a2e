// Runs one rule-test scenario folder: a fixed-map set-up, turnsheets, and the outcome worked
// out by hand. Used by ctest (one test per folder under tests/scenarios/).
//
//   scenario_runner FOLDER
//
// FOLDER/scenario.toml   the set-up (docs/scenarios.md; fixed map and holdings)
// FOLDER/orders/EMP.txt  turnsheets for turn 1 (or FOLDER/orders/NNNN/EMP.txt per turn)
// FOLDER/expected.toml   what must hold after the last turn (docs/rule-tests.md)

#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <string>

#include <fmt/format.h>

#include "game/new_game.hpp"
#include "game/runtime.hpp"
#include "game/scenario.hpp"
#include "io/atomic_file.hpp"
#include "io/toml_doc.hpp"
#include "orders/action_registry.hpp"
#include "orders/turnsheet_limits.hpp"
#include "orders/turnsheet_parser.hpp"
#include "pack/pack.hpp"
#include "turn/turn_runner.hpp"

namespace fs = std::filesystem;
using namespace hl;

namespace {

int failures = 0;

void fail(const SourcePos& where, const std::string& msg) {
    std::printf("%s: FAIL: %s\n", format_pos(where).c_str(), msg.c_str());
    ++failures;
}

std::string show(const toml::node& n) {
    if (auto s = n.value_exact<std::string>()) return "\"" + *s + "\"";
    if (auto i = n.value_exact<std::int64_t>()) return std::to_string(*i);
    if (auto b = n.value_exact<bool>()) return *b ? "true" : "false";
    return "?";
}

// Compares a JSON value with an expected TOML value (tables: every key listed must match).
void match_json(const nlohmann::ordered_json& got, const toml::node& want, const std::string& what,
                const SourcePos& where) {
    if (const toml::table* t = want.as_table()) {
        if (!got.is_object())
            return fail(where, fmt::format("{}: expected a table, got {}", what, got.dump()));
        for (auto&& [k, v] : *t) {
            std::string key(k.str());
            if (!got.contains(key)) {
                fail(where, fmt::format("{}.{}: missing (got {})", what, key, got.dump()));
                continue;
            }
            match_json(got.at(key), v, what + "." + key, where);
        }
        return;
    }
    if (const toml::array* a = want.as_array()) {
        if (!got.is_array() || got.size() != a->size())
            return fail(where,
                        fmt::format("{}: expected {} items, got {}", what, a->size(), got.dump()));
        for (std::size_t i = 0; i < a->size(); ++i)
            match_json(got.at(i), (*a)[i], fmt::format("{}[{}]", what, i), where);
        return;
    }
    bool ok = false;
    if (auto s = want.value_exact<std::string>())
        ok = got.is_string() && got.get<std::string>() == *s;
    else if (auto i = want.value_exact<std::int64_t>())
        ok = got.is_number_integer() && got.get<std::int64_t>() == *i;
    else if (auto b = want.value_exact<bool>())
        ok = got.is_boolean() && got.get<bool>() == *b;
    if (!ok) fail(where, fmt::format("{}: expected {}, got {}", what, show(want), got.dump()));
}

// True if a JSON value holds every key of an expected TOML table with equal values.
bool json_matches(const nlohmann::ordered_json& got, const toml::node& want) {
    if (const toml::table* t = want.as_table()) {
        if (!got.is_object()) return false;
        for (auto&& [k, v] : *t) {
            std::string key(k.str());
            if (!got.contains(key) || !json_matches(got.at(key), v)) return false;
        }
        return true;
    }
    if (const toml::array* a = want.as_array()) {
        if (!got.is_array() || got.size() != a->size()) return false;
        for (std::size_t i = 0; i < a->size(); ++i)
            if (!json_matches(got.at(i), (*a)[i])) return false;
        return true;
    }
    if (auto s = want.value_exact<std::string>())
        return got.is_string() && got.get<std::string>() == *s;
    if (auto i = want.value_exact<std::int64_t>())
        return got.is_number_integer() && got.get<std::int64_t>() == *i;
    if (auto b = want.value_exact<bool>()) return got.is_boolean() && got.get<bool>() == *b;
    return false;
}

// The record of the turn a [[note]] or [[result]] names with `turn` (default: the last turn
// run); `records` holds every turn's record, turn 1 first. Null (and a failure) if there is
// no such turn.
const TurnRecord* record_of(TomlView& v, const std::vector<TurnRecord>& records) {
    int turn = static_cast<int>(v.integer("turn").value_or(static_cast<int>(records.size())));
    if (turn < 1 || turn > static_cast<int>(records.size())) {
        fail(v.pos("turn"),
             fmt::format("turn {}: the test runs turns 1 to {}", turn, records.size()));
        return nullptr;
    }
    return &records[static_cast<std::size_t>(turn - 1)];
}

// A note of an end-of-turn phase: some note of that phase and empire whose data holds the
// listed values and whose text contains text_includes (present = false: no such note).
void check_note(TomlView& v, const std::vector<TurnRecord>& records) {
    const TurnRecord* at = record_of(v, records);
    if (!at) return;
    const TurnRecord& rec = *at;
    std::string phase = v.string("phase", true).value_or("");
    std::string empire = v.string("empire").value_or("");
    std::string text = v.string("text_includes").value_or("");
    bool present = v.boolean("present").value_or(true);
    const toml::node* data = v.raw("data");
    bool found = false;
    std::string seen;
    for (const PhaseNote& n : rec.notes) {
        if (n.phase != phase || n.empire != empire) continue;
        seen += "\n    " + n.text + " " + n.data.dump();
        if (data && !json_matches(n.data, *data)) continue;
        if (!text.empty() && n.text.find(text) == std::string::npos) continue;
        found = true;
    }
    if (found != present)
        fail(v.pos(), fmt::format("note {} {}: expected {}; the notes of that phase were:{}", phase,
                                  empire.empty() ? "(game)" : empire,
                                  present ? "a matching note" : "no matching note",
                                  seen.empty() ? " none" : seen));
}

void check_int(TomlView& v, const char* key, std::int64_t got, const std::string& what) {
    if (!v.has(key)) return;
    auto want = v.integer(key);
    if (want && *want != got)
        fail(v.pos(key), fmt::format("{} {}: expected {}, got {}", what, key, *want, got));
}

void check_holding(TomlView& v, const GameState& st) {
    auto sys = v.system_code("system", true);
    if (!sys) return;
    const Holding& h = st.holding_or_empty(*sys);
    std::string what = "holding " + code_str(*sys);
    if (v.has("owner")) {
        std::string want = v.string("owner").value_or("");
        if (want != h.owner)
            fail(v.pos("owner"),
                 fmt::format("{} owner: expected \"{}\", got \"{}\"", what, want, h.owner));
    }
    check_int(v, "population", h.population, what);
    check_int(v, "industry", h.industry, what);
    check_int(v, "cruisers", h.cruisers, what);
    check_int(v, "fighters", h.fighters, what);
    check_int(v, "colony_ships", h.colony_ships, what);
    if (v.has("mode")) {
        std::string want = v.string("mode").value_or("");
        if (want != defence_mode_name(h.mode))
            fail(v.pos("mode"), fmt::format("{} mode: expected {}, got {}", what, want,
                                            defence_mode_name(h.mode)));
    }
    for (const char* key : {"retreat", "ambush"}) {
        if (!v.has(key)) continue;
        std::optional<SystemCode> got = std::string(key) == "retreat" ? h.retreat : h.ambush;
        std::string want = v.string(key).value_or("");
        std::string have = got ? code_str(*got) : "";
        if (want != have)
            fail(v.pos(key),
                 fmt::format("{} {}: expected \"{}\", got \"{}\"", what, key, want, have));
    }
    if (v.has("ever_owned")) {
        bool want = v.boolean("ever_owned").value_or(false);
        if (want != h.ever_owned)
            fail(v.pos("ever_owned"), fmt::format("{} ever_owned: expected {}", what, want));
    }
    if (v.has("kind")) {
        std::string want = v.string("kind").value_or("");
        if (want != st.galaxy.at(*sys).kind)
            fail(v.pos("kind"),
                 fmt::format("{} kind: expected {}, got {}", what, want, st.galaxy.at(*sys).kind));
    }
}

void check_empire(TomlView& v, const GameState& st) {
    std::string code = v.string("code", true).value_or("");
    const Empire* e = st.find_empire(code);
    if (!e) return fail(v.pos("code"), "no empire " + code);
    std::string what = "empire " + code;
    check_int(v, "treasury", e->treasury, what);
    check_int(v, "balance", e->balance, what);
    check_int(v, "vps", e->vps, what);
    check_int(v, "reserve", e->reserve, what);
    check_int(v, "lost_in_space", e->lost_in_space, what);
    check_int(v, "bombs_used", e->bombs_used, what);
    check_int(v, "missed_turns", e->missed_turns, what);
    if (v.has("eliminated")) {
        bool want = v.boolean("eliminated").value_or(false);
        if (want != e->eliminated)
            fail(v.pos("eliminated"), fmt::format("{} eliminated: expected {}", what, want));
    }
    for (const char* key : {"base", "home"}) {
        if (!v.has(key)) continue;
        std::optional<SystemCode> got = std::string(key) == "base" ? e->base : e->home;
        std::string want = v.string(key).value_or("");
        std::string have = got ? code_str(*got) : "";
        if (want != have)
            fail(v.pos(key),
                 fmt::format("{} {}: expected \"{}\", got \"{}\"", what, key, want, have));
    }
    if (auto t = v.table("techs")) {
        for (const auto& k : t->keys())
            check_int(*t, k.c_str(), e->tech(k), what + " techs");
    }
    // Systems the empire has seen (its map, rule 2.16): listed ones must be there or not.
    auto it = e->system_sets.find("seen");
    const std::set<SystemCode> none;
    const std::set<SystemCode>& seen = it == e->system_sets.end() ? none : it->second;
    for (auto [key, want] : {std::pair{"seen_includes", true}, std::pair{"seen_excludes", false}})
        if (auto codes = v.string_list(key))
            for (const std::string& c : *codes)
                if ((seen.count(std::atoi(c.c_str())) > 0) != want)
                    fail(v.pos(key), fmt::format("{} has {}seen {}", what, want ? "not " : "", c));
}

void check_result(TomlView& v, const std::vector<TurnRecord>& records) {
    const TurnRecord* at = record_of(v, records);
    if (!at) return;
    const TurnRecord& rec = *at;
    std::string empire = v.string("empire", true).value_or("");
    int slot = static_cast<int>(v.integer("slot", true).value_or(0));
    std::string round = v.string("round").value_or("action");
    const ActionResult* r = nullptr;
    for (const ActionResult& a : rec.actions)
        if (a.empire == empire && a.slot == slot && a.round == round) r = &a;
    std::string what = fmt::format("result {} {} {}", empire, round, slot);
    if (!r) return fail(v.pos(), what + ": no such result (was the order parsed?)");
    if (v.has("ok")) {
        bool want = v.boolean("ok").value_or(true);
        if (want != r->ok)
            fail(v.pos("ok"),
                 fmt::format("{} ok: expected {}, got {} ({})", what, want, r->ok, r->reason));
    }
    check_int(v, "spent", r->spent, what);
    if (v.has("reason")) {
        std::string want = v.string("reason").value_or("");
        if (want != r->reason)
            fail(v.pos("reason"),
                 fmt::format("{} reason: expected \"{}\", got \"{}\"", what, want, r->reason));
    }
    if (const toml::node* d = v.raw("details"))
        match_json(r->details, *d, what + " details", v.pos("details"));
    if (auto notes = v.string_list("notes_include")) {
        for (const std::string& n : *notes) {
            bool found = false;
            for (const std::string& have : r->notes)
                found = found || have.find(n) != std::string::npos;
            if (!found)
                fail(v.pos("notes_include"), fmt::format("{}: no note contains \"{}\"", what, n));
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: scenario_runner FOLDER\n");
        return 2;
    }
    fs::path dir = argv[1];
    try {
        Diagnostics diags;
        std::string scen_text = read_file(dir / "scenario.toml");
        std::string rules = scenario_rules(scen_text, (dir / "scenario.toml").string(), diags);
        auto pack_dir = resolve_pack(rules, default_rules_root());
        if (!pack_dir) throw std::runtime_error("no pack " + rules);
        Pack pack = Pack::load(*pack_dir, diags);
        Scenario sc = parse_scenario(scen_text, (dir / "scenario.toml").string(), pack, diags);
        if (diags.has_errors()) throw InputError(diags);
        GameState st = create_game(sc, pack, sc.seed.value_or(1));
        Runtime rt(pack, st);
        ActionRegistry actions = ActionRegistry::load(rt, diags);
        TomlDoc doc =
            TomlDoc::from_file(dir / "expected.toml", (dir / "expected.toml").string(), diags);
        if (diags.has_errors()) throw InputError(diags);
        TomlView root = doc.root();
        int turns = 1;
        bool end_of_turn = true;
        if (auto run = root.table("run")) {
            turns = static_cast<int>(run->integer("turns", false, 0, 1000).value_or(1));
            end_of_turn = run->boolean("end_of_turn").value_or(true);
        }
        std::vector<TurnRecord> records;
        TurnsheetLimits limits = turnsheet_limits(pack);
        for (int t = 1; t <= turns; ++t) {
            fs::path odir = dir / "orders";
            if (fs::exists(odir / fmt::format("{:04d}", t))) odir /= fmt::format("{:04d}", t);
            TurnInput in;
            in.end_of_turn = end_of_turn;
            if (fs::exists(odir)) {
                std::vector<fs::path> files;
                for (auto& f : fs::directory_iterator(odir))
                    if (f.path().extension() == ".txt") files.push_back(f.path());
                std::sort(files.begin(), files.end());
                for (const auto& f : files) {
                    Diagnostics pd;
                    Turnsheet sheet =
                        parse_turnsheet(read_file(f), f.string(), actions, limits, pd);
                    if (pd.has_errors()) throw InputError(pd);
                    in.sheets[sheet.empire] = sheet;
                }
            }
            records.push_back(run_turn(rt, actions, in));
        }
        for (TomlView v : root.tables("result"))
            check_result(v, records);
        for (TomlView v : root.tables("holding"))
            check_holding(v, st);
        for (TomlView v : root.tables("empire"))
            check_empire(v, st);
        for (TomlView v : root.tables("note"))
            check_note(v, records);
        if (auto g = root.table("game")) {
            check_int(*g, "next_census", st.next_census, "game");
            // A drawn census turn: only its bounds can be worked out by hand.
            if (auto lo = g->integer("next_census_min"); lo && st.next_census < *lo)
                fail(g->pos("next_census_min"),
                     fmt::format("game next_census: expected at least {}, got {}", *lo,
                                 st.next_census));
            if (auto hi = g->integer("next_census_max"); hi && st.next_census > *hi)
                fail(g->pos("next_census_max"),
                     fmt::format("game next_census: expected at most {}, got {}", *hi,
                                 st.next_census));
            check_int(*g, "points_target", st.points_target, "game");
            if (auto o = g->string_list("order_of_play"))
                if (*o != st.order_of_play)
                    fail(g->pos("order_of_play"),
                         "game order_of_play differs: got " +
                             fmt::format("{}", fmt::join(st.order_of_play, " ")));
            if (auto links = g->tables("link"); !links.empty()) {
                for (TomlView l : links) {
                    auto a = l.system_code("a", true), b = l.system_code("b", true);
                    bool want = l.boolean("linked").value_or(true);
                    if (a && b && st.galaxy.linked(*a, *b) != want)
                        fail(l.pos(), fmt::format("link {}-{}: expected {}", code_str(*a),
                                                  code_str(*b), want ? "linked" : "not linked"));
                }
            }
            if (auto v = g->table("victory")) {
                check_int(*v, "warning_turn", st.victory.warning_turn, "victory");
                check_int(*v, "ended_turn", st.victory.ended_turn, "victory");
                if (auto w = v->string("winner"); w && *w != st.victory.winner)
                    fail(v->pos("winner"), "victory winner: got " + st.victory.winner);
                if (auto c = v->string("condition"); c && *c != st.victory.condition)
                    fail(v->pos("condition"), "victory condition: got " + st.victory.condition);
            }
        }
        for (TomlView p : root.tables("probe")) {
            std::string emp = p.string("empire", true).value_or("");
            auto sys = p.system_code("system", true);
            bool active = p.boolean("active").value_or(true);
            bool present = p.boolean("present").value_or(true);
            bool found = false;
            for (const Probe& pr : st.probes)
                found =
                    found || (pr.empire == emp && sys && pr.system == *sys && pr.active == active);
            if (found != present)
                fail(p.pos(), fmt::format("probe {} at {} (active {}): expected {}", emp,
                                          sys ? code_str(*sys) : "?", active,
                                          present ? "present" : "absent"));
        }
        doc.report_unknown_keys();
        if (diags.has_errors()) throw InputError(diags);
    } catch (const InputError& e) {
        std::printf("%s", e.diagnostics().to_string().c_str());
        return 1;
    } catch (const std::exception& e) {
        std::printf("error: %s\n", e.what());
        return 1;
    }
    if (failures) {
        std::printf("%d check(s) failed\n", failures);
        return 1;
    }
    std::printf("all checks passed\n");
    return 0;
}
