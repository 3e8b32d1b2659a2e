#include "game/lua_tests.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "game/new_game.hpp"
#include "game/scenario.hpp"
#include "io/bounded_read.hpp"
#include "lua/pack_tests.hpp"
#include "lua/runtime.hpp"

namespace fs = std::filesystem;

namespace hl {

namespace {

// The module name a test file is imported by: "tests/" and its name without ".lua".
std::string module_of(const fs::path& file) {
    return "tests/" + file.stem().string();
}

// The state a test starts from: the game of the scenario the file names (relative to the
// file's folder), or an empty state of the pack's schema.
GameState start_state(const Pack& pack, const fs::path& file, const LuaTestList& list) {
    if (list.scenario.empty()) return GameState::with_schema(pack.schema());
    const fs::path path = file.parent_path() / list.scenario;
    const std::string shown = shown_path(path);
    ReadOutcome read = read_limited(path, kMaxScenarioBytes, "scenario file");
    if (!read.text)
        throw InputError({shown, 0, 0},
                         read.too_large ? read.problem : "cannot read the test file's scenario");
    Diagnostics diags;
    Scenario sc = parse_scenario(*read.text, shown, pack, diags);
    if (diags.has_errors()) throw InputError(diags);
    const std::uint64_t seed =
        list.seed ? static_cast<std::uint64_t>(*list.seed) : sc.seed.value_or(1);
    return create_game(sc, pack, seed);
}

// The text of an exception the tests stopped at.
std::string stopped_text(const std::exception_ptr& e) {
    try {
        std::rethrow_exception(e);
    } catch (const InputError& err) {
        return err.diagnostics().to_string();
    } catch (const ScriptError& err) {
        return err.error().format() + "\n";
    } catch (const std::exception& err) {
        return fmt::format("error: {}\n", err.what());
    }
}

}  // namespace

bool LuaTestFileOutcome::passed() const {
    return stopped.empty() && std::all_of(tests.begin(), tests.end(), [](const LuaTestOutcome& t) {
               return t.failure.empty();
           });
}

LuaTestFileOutcome run_lua_test_file(const Pack& pack, const fs::path& file) {
    LuaTestFileOutcome out;
    try {
        ReadOutcome read = read_limited(file, kMaxPackFileBytes, "Lua file");
        if (!read.text)
            throw InputError({shown_path(file), 0, 0},
                             read.too_large ? read.problem : "cannot read this Lua file");
        const ScriptSource source{*read.text, shown_path(file), false};
        const std::string module = module_of(file);
        LuaTestList list;
        {
            GameState scratch = GameState::with_schema(pack.schema());
            Runtime rt(pack, scratch);
            rt.add_script(module, source);
            list = list_lua_tests(rt, module);
        }
        const GameState start = start_state(pack, file, list);
        for (const std::string& name : list.names) {
            GameState st = start;
            Runtime rt(pack, st);
            rt.add_script(module, source);
            LuaTestOutcome t{name, ""};
            try {
                run_lua_test(rt, module, name);
            } catch (const ScriptError& e) {
                t.failure = e.error().format() + "\n";
            }
            out.tests.push_back(std::move(t));
        }
    } catch (...) {
        out.stopped = stopped_text(std::current_exception());
    }
    return out;
}

std::vector<fs::path> lua_test_files(const fs::path& pack_dir) {
    std::vector<fs::path> out;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(pack_dir / "tests", ec))
        if (entry.is_regular_file() && entry.path().extension() == ".lua")
            out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace hl
