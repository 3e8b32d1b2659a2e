#include "lua/pack_reports.hpp"

#include <optional>

#include <fmt/format.h>

#include "lua/convert.hpp"
#include "lua/lua_json.hpp"

namespace hl {

namespace {

// Reads the list of lines at the top into `lines`; what is wrong with it, or "" if nothing.
std::string read_lines(lua_State* L, std::vector<std::string>& lines) {
    if (!lua_istable(L, -1))
        return fmt::format("must return a list of lines (strings), not {}", luaL_typename(L, -1));
    const int n = static_cast<int>(lua_objlen(L, -1));
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        const bool index = lua_type(L, -2) == LUA_TNUMBER && lua_tonumber(L, -2) >= 1 &&
                           lua_tonumber(L, -2) <= n &&
                           lua_tonumber(L, -2) == static_cast<int>(lua_tonumber(L, -2));
        lua_pop(L, 1);
        if (!index) {
            lua_pop(L, 1);
            return "must return a list of lines, not a table with other keys";
        }
    }
    for (int i = 1; i <= n; ++i) {
        lua_rawgeti(L, -1, i);
        if (lua_type(L, -1) != LUA_TSTRING) {
            std::string fault = fmt::format("line {} is {}, not a string", i, luaL_typename(L, -1));
            lua_pop(L, 1);
            return fault;
        }
        lines.emplace_back(lua_tostring(L, -1), lua_objlen(L, -1));
        lua_pop(L, 1);
    }
    return {};
}

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
    std::string fault;
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
        1, [&](lua_State* L) { fault = read_lines(L, lines); });
    if (!fault.empty())
        throw ScriptError(
            rt.at_function("report", hook, fmt::format("report.{}: {}", hook, fault)));
    return lines;
}

}  // namespace hl
