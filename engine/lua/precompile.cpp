#include "lua/precompile.hpp"

#include "lua/bytecode_store.hpp"
#include "lua/engine_libs.hpp"

namespace hl {

BackgroundCompile::BackgroundCompile(const Pack& pack) {
    std::vector<ScriptSource> sources;
    // The engine's libraries first, which every Lua state loads as it is made; their chunk names
    // are those Runtime gives them (lua/runtime.cpp).
    for (const auto& [name, text] : engine_lua_libs())
        sources.push_back(
            ScriptSource{std::string(text), "engine/lua/lib/" + name.substr(7) + ".lua", false});
    for (const std::string& name : pack.script_names())
        if (std::optional<ScriptSource> src = pack.script(name)) sources.push_back(std::move(*src));
    thread_ = std::thread([s = std::move(sources)] {
        // Only time is at stake here: whatever fails, the importing states compile themselves.
        try {
            const std::optional<std::filesystem::path> dir = bytecode_store_dir();
            const std::uint64_t key = dir ? bytecode_store_key(s) : 0;
            if (dir && read_bytecode_store(*dir, key, s)) return;
            compile_into_cache(s);
            if (dir) write_bytecode_store(*dir, key, s);
        } catch (...) {
        }
    });
}

BackgroundCompile::~BackgroundCompile() {
    wait();
}

void BackgroundCompile::wait() {
    if (thread_.joinable()) thread_.join();
}

}  // namespace hl
