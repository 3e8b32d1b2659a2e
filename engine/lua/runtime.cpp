#include "lua/runtime.hpp"

#include <fmt/format.h>

#include "lua/convert.hpp"
#include "lua/engine_libs.hpp"
#include "lua/modules.hpp"

namespace hl {

namespace {

// The source of a module scripts may import: the pack's, else one of the engine's Lua
// libraries ("engine/schedule", lua/engine_libs.hpp); nullopt if neither has it.
std::optional<ScriptSource> find_script(const Pack& pack, const std::string& name) {
    if (auto src = pack.script(name)) return src;
    const auto& libs = engine_lua_libs();
    auto it = libs.find(name);
    if (it == libs.end()) return std::nullopt;
    return ScriptSource{std::string(it->second), "engine/lua/lib/" + name.substr(7) + ".lua",
                        false};
}

}  // namespace

Runtime::Runtime(const Pack& pack, GameState& state)
    : pack_(pack),
      state_(state),
      host_(pack.const_int("engine.step_budget", 100'000'000),
            static_cast<std::size_t>(
                pack.const_int("engine.memory_mib", static_cast<std::int64_t>(kDefaultMemoryMiB)))
                << 20) {
    host_.set_resolver([this](const std::string& name) { return script_source(name); });
    host_.set_base_resolver(
        [this](const std::string& name, const std::string& caller, std::string& error) {
            return pack_.base_module(name, caller, error);
        });
    install_rules_table(host_.L(), pack_);
    install_state_kinds(host_.L(), *pack_.schema());
    host_.set_context(ScriptContext{&state_, &pack_, nullptr});
}

Runtime::Runtime(const Pack& pack, const GameState& state)
    : Runtime(pack, const_cast<GameState&>(state)) {
    read_only_ = true;
    const_state_ = true;
    ScriptContext ctx = host_.context();
    ctx.read_only = true;
    host_.set_context(ctx);
}

const SecretMask& Runtime::secret_mask() {
    // Made again whenever the state's secrets are not those it was made from (a state replaced
    // or a secret changed), so that no secret is ever left unhidden.
    bool same = secret_mask_ && masked_secrets_.size() == state_.empires.size();
    for (std::size_t i = 0; same && i < masked_secrets_.size(); ++i)
        same = masked_secrets_[i] == state_.empires[i].secret;
    if (!same) {
        masked_secrets_.clear();
        masked_secrets_.reserve(state_.empires.size());
        for (const Empire& e : state_.empires)
            masked_secrets_.push_back(e.secret);
        secret_mask_ = std::make_unique<SecretMask>(masked_secrets_);
    }
    return *secret_mask_;
}

StreamKey Runtime::key(const std::string& purpose, const std::string& empire, int slot) const {
    return StreamKey{state_.seed, state_.turn, empire, slot, purpose};
}

bool Runtime::has_function(const std::string& module, const std::string& fn) {
    lua_State* L = host_.L();
    StackGuard guard(L);
    if (!script_source(module)) return false;
    if (auto err = host_.import(module)) throw ScriptError(*err);
    raw_field(L, -1, fn.c_str());
    return lua_isfunction(L, -1);
}

void Runtime::call(const std::string& module, const std::string& fn, const StreamKey& key,
                   const std::function<int(lua_State*)>& push_args, int nresults,
                   const std::function<void(lua_State*)>& read_results) {
    lua_State* L = host_.L();
    StackGuard guard(L);
    Rng rng(key);
    ScriptContext ctx{&state_, &pack_, &rng, read_only_};
    ScriptContext old = host_.set_context(ctx);
    struct Restore {
        LuaHost& h;
        ScriptContext c;
        ~Restore() { h.set_context(c); }
    } restore{host_, old};
    if (auto err = host_.import(module)) throw ScriptError(*err);
    raw_field(L, -1, fn.c_str());
    if (!lua_isfunction(L, -1)) {
        auto src = script_source(module);
        throw ScriptError(LuaError{src ? src->chunk : module, 0,
                                   fmt::format("module '{}' has no function '{}'", module, fn),
                                   ""});
    }
    int nargs = push_args ? push_args(L) : 0;
    if (auto err = host_.pcall(nargs, nresults)) throw ScriptError(*err);
    if (read_results) read_results(L);
}

void Runtime::add_script(const std::string& name, ScriptSource source) {
    added_[name] = std::move(source);
}

std::optional<ScriptSource> Runtime::script_source(const std::string& name) const {
    if (auto it = added_.find(name); it != added_.end()) return it->second;
    return find_script(pack_, name);
}

LuaError Runtime::at_function(const std::string& module, const std::string& fn,
                              std::string message) {
    auto src = pack_.script(module);
    LuaError err{src ? src->chunk : module, 0, std::move(message), ""};
    lua_State* L = host_.L();
    StackGuard guard(L);
    if (host_.import(module)) return err;
    raw_field(L, -1, fn.c_str());
    if (!lua_isfunction(L, -1)) return err;
    lua_Debug ar;
    if (lua_getinfo(L, ">S", &ar) && ar.linedefined > 0) err.line = ar.linedefined;
    return err;
}

}  // namespace hl
