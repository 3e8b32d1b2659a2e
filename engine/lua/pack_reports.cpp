#include "lua/pack_reports.hpp"

#include <optional>

#include <fmt/format.h>

#include "lua/convert.hpp"
#include "lua/lua_json.hpp"

namespace hl {

namespace {

// Pushes the context table every report hook gets.
void push_context(lua_State* L, Runtime& rt, const ReportFacts& f) {
    const GameState& st = rt.state();
    lua_createtable(L, 0, 6);
    const int t = lua_gettop(L);
    lua_createtable(L, 0, 3);
    set_field(L, t + 1, "name", f.game_name);
    set_field(L, t + 1, "gm", f.gm);
    set_field(L, t + 1, "gm_address", f.gm_address);
    lua_setfield(L, t, "game");
    lua_createtable(L, 0, 3);
    set_field(L, t + 1, "id", st.pack);
    set_field(L, t + 1, "name", rt.pack().top().name);
    set_field(L, t + 1, "version", st.pack_version);
    lua_setfield(L, t, "pack");
    push_strings(L, f.gm_messages);
    lua_setfield(L, t, "gm_messages");
    set_field(L, t, "turn", st.turn);
    if (f.record) {
        push_turn_record(L, *f.record);
        lua_setfield(L, t, "record");
    }
}

}  // namespace

PackReportCalls::PackReportCalls(Runtime& rt, const ReportFacts& facts)
    : rt_(rt), was_read_only_(rt.read_only()) {
    rt_.set_read_only(true);
    lua_State* L = rt_.host().L();
    push_context(L, rt_, facts);
    ctx_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

PackReportCalls::~PackReportCalls() {
    luaL_unref(rt_.host().L(), LUA_REGISTRYINDEX, ctx_ref_);
    rt_.set_read_only(was_read_only_);
}

ValueTree PackReportCalls::empire(const std::string& code) {
    return document("empire", &code);
}

ValueTree PackReportCalls::game() {
    return document("game", nullptr);
}

ValueTree PackReportCalls::document(const char* fn, const std::string* empire) {
    ValueTree out;
    rt_.call(
        "report", fn, rt_.key("report", empire ? *empire : std::string()),
        [&](lua_State* L) {
            lua_rawgeti(L, LUA_REGISTRYINDEX, ctx_ref_);
            if (!empire) return 1;
            push(L, *empire);
            return 2;
        },
        1,
        [&](lua_State* L) {
            if (!lua_istable(L, -1))
                throw std::runtime_error(fmt::format(
                    "report.{}{} returned {}, not a document table", fn,
                    empire ? "(ctx, \"" + *empire + "\")" : "(ctx)", luaL_typename(L, -1)));
            out = lua_to_tree(L, -1);
        });
    return out;
}

PackDocuments build_pack_documents(Runtime& rt, const ReportFacts& facts,
                                   const std::vector<std::string>& empires, bool game) {
    PackDocuments out;
    PackReportCalls calls(rt, facts);
    for (const std::string& e : empires)
        out.empires.emplace_back(e, calls.empire(e));
    if (game) out.game = calls.game();
    return out;
}

std::vector<std::string> pack_report_lines(Runtime& rt, const std::string& hook,
                                           const ReportFacts* facts) {
    std::vector<std::string> lines;
    if (!rt.pack().script("report") || !rt.has_function("report", hook)) return lines;
    const bool was_read_only = rt.read_only();
    rt.set_read_only(true);
    struct Restore {
        Runtime& rt;
        bool was;
        ~Restore() { rt.set_read_only(was); }
    } restore{rt, was_read_only};
    rt.call(
        "report", hook, rt.key("report:" + hook),
        [&](lua_State* L) {
            if (!facts) return 0;
            push_context(L, rt, *facts);
            return 1;
        },
        1,
        [&](lua_State* L) {
            if (!lua_istable(L, -1)) return;
            int n = static_cast<int>(lua_objlen(L, -1));
            for (int i = 1; i <= n; ++i) {
                lua_rawgeti(L, -1, i);
                if (lua_type(L, -1) == LUA_TSTRING) lines.emplace_back(lua_tostring(L, -1));
                lua_pop(L, 1);
            }
        });
    return lines;
}

}  // namespace hl
