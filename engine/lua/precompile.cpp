#include "lua/precompile.hpp"

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
    thread_ = std::thread([this, s = std::move(sources)] { compile_into_cache(s, &stop_); });
}

BackgroundCompile::~BackgroundCompile() {
    wait();
}

void BackgroundCompile::wait() {
    if (thread_.joinable()) thread_.join();
}

void BackgroundCompile::stop() {
    stop_ = true;
    wait();
}

}  // namespace hl
