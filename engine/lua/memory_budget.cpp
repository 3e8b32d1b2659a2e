#include "lua/memory_budget.hpp"

#include "lua/lua_profile.hpp"
#include "lua/script_limits.hpp"

#include <atomic>

namespace hl {

namespace {

std::atomic<bool> g_accounting{true};

}  // namespace

void set_memory_accounting(bool on) {
    g_accounting = on;
}

void MemoryBudget::install(lua_State* L, std::size_t limit) {
    limit_ = g_accounting ? limit : 0;
    if (limit_ == 0) return;
    L_ = L;
    inner_ = lua_getallocf(L, &inner_ud_);
    used_ = static_cast<std::size_t>(lua_gc(L, LUA_GCCOUNT, 0)) * 1024 +
            static_cast<std::size_t>(lua_gc(L, LUA_GCCOUNTB, 0));
    profile_ = lua_alloc_profile_on();
    lua_setallocf(L, &MemoryBudget::alloc, this);
}

void MemoryBudget::uninstall(lua_State* L) {
    // lua_close frees LuaJIT's own arena only if its allocator is the state's again.
    if (inner_) lua_setallocf(L, inner_, inner_ud_);
    inner_ = nullptr;
}

void* MemoryBudget::alloc(void* ud, void* ptr, std::size_t osize, std::size_t nsize) {
    auto* self = static_cast<MemoryBudget*>(ud);
    // A block LuaJIT frees or shrinks never fails; only growth counts against the limit.
    if (nsize > osize && self->enforce_ && self->used_ + (nsize - osize) > self->limit_) {
        self->note_refusal();
        return nullptr;
    }
    // A block that grows (not a new one) this far may be the Lua stack: note the place while
    // the frames are still readable (the old block is freed by the call below).
    if (osize > 0 && nsize > osize && nsize >= kDeepStackBytes)
        self->script_place(self->deep_chunk_, self->deep_line_);
    if (self->profile_ && nsize > osize) lua_alloc_profile_note(self->L_, nsize - osize);
    void* out = self->inner_(self->inner_ud_, ptr, osize, nsize);
    if (out || nsize == 0) self->used_ = self->used_ - osize + nsize;
    return out;
}

void MemoryBudget::note_refusal() {
    if (refused_) return;
    refused_ = true;
    // LuaJIT raises "not enough memory" without calling the error handler, so the script's
    // place is taken here.
    if (!script_place(refused_chunk_, refused_line_)) {
        refused_chunk_.clear();
        refused_line_ = 0;
    }
}

bool MemoryBudget::script_place(std::string& chunk, int& line) const {
    return innermost_script_frame(L_, chunk, line);
}

}  // namespace hl
