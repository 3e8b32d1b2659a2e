#include "lua/precompile.hpp"

#include "lua/engine_libs.hpp"

namespace hl {

BackgroundCompile::BackgroundCompile(const Pack& pack) {
    std::vector<ScriptSource> sources;
    for (const std::string& name : pack.script_names())
        if (std::optional<ScriptSource> src = pack.script(name)) sources.push_back(std::move(*src));
    // The chunk names Runtime gives the engine's libraries (lua/runtime.cpp).
    for (const auto& [name, text] : engine_lua_libs())
        sources.push_back(
            ScriptSource{std::string(text), "engine/lua/lib/" + name.substr(7) + ".lua", false});
    thread_ = std::thread([s = std::move(sources)] { compile_into_cache(s); });
}

BackgroundCompile::~BackgroundCompile() {
    wait();
}

void BackgroundCompile::wait() {
    if (thread_.joinable()) thread_.join();
}

}  // namespace hl
