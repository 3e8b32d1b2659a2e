#include "lua/lua_profile.hpp"

#ifdef HYPERLANE_LUA_PROFILER

#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>

#include <luajit.h>

namespace hl {

namespace {

// Samples by stack, written to the file at exit.
struct Profile {
    std::mutex mutex;
    std::map<std::string, long> counts;
    std::string path;
    lua_State* current = nullptr;
    ~Profile() {
        if (path.empty()) return;
        std::FILE* f = std::fopen(path.c_str(), "w");
        if (!f) return;
        for (const auto& [stack, n] : counts)
            std::fprintf(f, "%ld %s\n", n, stack.c_str());
        std::fclose(f);
    }
};

Profile& profile() {
    static Profile p;
    return p;
}

void on_sample(void*, lua_State* L, int samples, int vmstate) {
    std::size_t len = 0;
    const char* lines = luaJIT_profile_dumpstack(L, "pl;", -40, &len);
    std::string key(1, static_cast<char>(vmstate));
    key += ' ';
    key.append(lines, len);
    key += '|';
    const char* fns = luaJIT_profile_dumpstack(L, "pF;", -40, &len);
    key.append(fns, len);
    Profile& p = profile();
    std::lock_guard<std::mutex> lock(p.mutex);
    p.counts[key] += samples;
}

// New blocks by the script line that asked for them, written to the file at exit.
struct AllocProfile {
    std::mutex mutex;
    std::map<std::string, std::pair<long, long>> counts;  // chunk:line -> blocks, bytes
    std::string path;
    AllocProfile() {
        const char* p = std::getenv("HYPERLANE_ALLOC_PROFILE");
        if (p) path = p;
    }
    ~AllocProfile() {
        if (path.empty()) return;
        std::FILE* f = std::fopen(path.c_str(), "w");
        if (!f) return;
        for (const auto& [where, n] : counts)
            std::fprintf(f, "%ld %ld %s\n", n.first, n.second, where.c_str());
        std::fclose(f);
    }
};

AllocProfile& alloc_profile() {
    static AllocProfile p;
    return p;
}

}  // namespace

bool lua_alloc_profile_on() {
    return !alloc_profile().path.empty();
}

void lua_alloc_profile_note(lua_State* L, std::size_t bytes) {
    // Reading frames allocates nothing, so this is safe inside the allocator.
    std::string where = "?";
    lua_Debug ar;
    for (int level = 0; level < 60 && lua_getstack(L, level, &ar); ++level) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0 || ar.source[0] != '@') continue;
        where = std::string(ar.source + 1) + ":" + std::to_string(ar.currentline);
        break;
    }
    AllocProfile& p = alloc_profile();
    std::lock_guard<std::mutex> lock(p.mutex);
    auto& n = p.counts[where];
    n.first += 1;
    n.second += static_cast<long>(bytes);
}

void lua_profile_start(lua_State* L) {
    const char* path = std::getenv("HYPERLANE_LUA_PROFILE");
    if (!path || !*path) return;
    Profile& p = profile();
    {
        std::lock_guard<std::mutex> lock(p.mutex);
        p.path = path;
        p.current = L;
    }
    luaJIT_profile_start(L, "i1", on_sample, nullptr);
}

void lua_profile_stop(lua_State* L) {
    Profile& p = profile();
    std::lock_guard<std::mutex> lock(p.mutex);
    if (p.current != L) return;
    luaJIT_profile_stop(L);
    p.current = nullptr;
}

}  // namespace hl

#else

namespace hl {

void lua_profile_start(lua_State*) {}
void lua_profile_stop(lua_State*) {}
bool lua_alloc_profile_on() {
    return false;
}
void lua_alloc_profile_note(lua_State*, std::size_t) {}

}  // namespace hl

#endif
