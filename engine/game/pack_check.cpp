#include "game/pack_check.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "game/check_smoke.hpp"
#include "game/new_game.hpp"
#include "game/scenario.hpp"
#include "game/turn_smoke.hpp"
#include "lua/pack_orders.hpp"
#include "lua/runtime.hpp"
#include "pack/pack.hpp"

namespace hl {

Diagnostic script_diagnostic(const LuaError& err) {
    std::string msg = err.message;
    if (!err.traceback.empty()) {
        msg += "\nstack traceback:\n" + err.traceback;
        if (msg.back() == '\n') msg.pop_back();
    }
    return Diagnostic{SourcePos{err.chunk, err.line, 0}, Severity::error, msg};
}

namespace {

// The i-th empire code of a test game, in the pack's format: AAA, AAB, ... or 1, 2, ...
std::string empire_code(const EmpireCodeFormat& f, int i) {
    return f.nth(static_cast<std::size_t>(i));
}

// Checks constants.phases, if the pack keeps lists of phase modules there: each name must be a
// module phases/<name>.lua with a run function.
void check_phase_lists(const Pack& pack, Runtime& rt, Diagnostics& diags) {
    const toml::node* phases = pack.constant("phases");
    if (!phases) return;
    if (!phases->is_table()) {
        diags.error(pack.constant_pos("phases"), "constants.phases: expected a table of lists");
        return;
    }
    for (auto&& [list, names] : *phases->as_table()) {
        const toml::array* arr = names.as_array();
        if (!arr) {
            diags.error(node_pos(names), fmt::format("constants.phases.{}: expected an array of "
                                                     "phase names",
                                                     list.str()));
            continue;
        }
        for (const auto& n : *arr) {
            auto name = n.value_exact<std::string>();
            if (!name) {
                diags.error(node_pos(n), "expected a phase name");
                continue;
            }
            std::string module = "phases/" + *name;
            if (!pack.script(module)) {
                diags.error(node_pos(n), fmt::format("constants.phases.{}: no file {}.lua for "
                                                     "phase '{}'",
                                                     list.str(), module, *name));
                continue;
            }
            try {
                if (!rt.has_function(module, "run"))
                    diags.error({pack.script(module)->chunk, 0, 0},
                                "a phase module must have a run(empire, info) function");
            } catch (const ScriptError& e) {
                diags.add(script_diagnostic(e.error()));
            }
        }
    }
}

}  // namespace

void check_pack(const Pack& pack, const PackCheckOptions& opts, Diagnostics& diags) {
    GameState dummy = GameState::with_schema(pack.schema());
    Runtime rt(pack, dummy);
    bool scripts_ok = true;
    std::set<std::string> reported;  // a module that fails fails every module importing it
    for (const std::string& name : pack.script_names()) {
        StackGuard guard(rt.host().L());
        if (auto err = rt.host().import(name)) {
            std::string key = fmt::format("{}:{}: {}", err->chunk, err->line, err->message);
            if (reported.insert(key).second) diags.add(script_diagnostic(*err));
            scripts_ok = false;
        }
    }
    if (!scripts_ok) return;
    if (!pack.script("galaxy")) {
        diags.error({pack.top().dir.generic_string(), 0, 0},
                    "the pack has no galaxy.lua (the map generator)");
    } else {
        try {
            if (!rt.has_function("galaxy", "generate"))
                diags.error({pack.script("galaxy")->chunk, 0, 0},
                            "galaxy.lua must return a table with a generate(params, empires) "
                            "function");
        } catch (const ScriptError& e) {
            diags.add(script_diagnostic(e.error()));
        }
    }
    // The hooks every pack has: turn.setup(info) for a new game and turn.run(input, turn).
    if (!pack.script("turn")) {
        diags.error({pack.top().dir.generic_string(), 0, 0},
                    "the pack has no turn.lua (setup(info) for a new game, run(input, turn) for "
                    "each turn)");
    } else {
        for (const char* fn : {"setup", "run"}) {
            try {
                if (!rt.has_function("turn", fn))
                    diags.error({pack.script("turn")->chunk, 0, 0},
                                fmt::format("turn.lua must return a table with a {} function", fn));
            } catch (const ScriptError& e) {
                diags.add(script_diagnostic(e.error()));
            }
        }
    }
    check_phase_lists(pack, rt, diags);
    for (const OrderPackProblem& p : order_pack_problems(rt))
        diags.error({p.chunk, p.line, 0}, p.message);
    if (diags.has_errors()) return;

    bool checks_tried = false;  // the action checks are tried in the first test game only
    // A pack for fewer empires gets test games as large as it allows.
    const auto max_empires = static_cast<int>(pack.const_int("game.max_empires", 26));
    for (int asked : opts.empire_counts) {
        int n = std::min(asked, max_empires);
        std::string text =
            fmt::format("[scenario]\nname = \"rules check\"\nrules = \"{}\"\n", pack.top().id);
        for (int i = 0; i < n; ++i)
            text += fmt::format("[[empire]]\ncode = \"{}\"\nname = \"Empire {}\"\n",
                                empire_code(pack.schema()->empire_codes, i), i + 1);
        std::string shown = fmt::format("<rules check: {} empires>", n);
        Diagnostics local;
        Scenario sc = parse_scenario(text, shown, pack, local);
        if (local.has_errors()) {
            diags.merge(local);
            return;
        }
        try {
            GameState st = create_game(sc, pack, opts.seed);
            if (!checks_tried) {
                std::vector<std::string> sheets = smoke_test_checks(pack, st, diags);
                if (!diags.has_errors())
                    smoke_test_turns(pack, st, sheets, fmt::format("the {}-empire test game", n),
                                     diags);
            }
            checks_tried = true;
        } catch (const ScriptError& e) {
            Diagnostic d = script_diagnostic(e.error());
            d.message = fmt::format("while creating a {}-empire test game: {}", n, d.message);
            diags.add(d);
            return;
        } catch (const InputError& e) {
            for (Diagnostic d : e.diagnostics().all()) {
                d.message = fmt::format("while creating a {}-empire test game: {}", n, d.message);
                diags.add(d);
            }
            return;
        }
    }
}

}  // namespace hl
