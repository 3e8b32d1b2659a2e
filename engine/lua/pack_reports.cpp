#include "lua/pack_reports.hpp"

#include <optional>

#include <fmt/format.h>

#include "lua/convert.hpp"
#include "lua/lua_json.hpp"

namespace hl {

namespace {

// Makes a runtime's calls read-only for a scope.
class ReadOnly {
  public:
    explicit ReadOnly(Runtime& rt) : rt_(rt) { rt_.set_read_only(true); }
    ~ReadOnly() { rt_.set_read_only(false); }
    ReadOnly(const ReadOnly&) = delete;
    ReadOnly& operator=(const ReadOnly&) = delete;

  private:
    Runtime& rt_;
};

// The context table every report hook gets, kept in the registry while the reports are built.
class ContextTable {
  public:
    ContextTable(Runtime& rt, const ReportFacts& f) : L_(rt.host().L()) {
        const GameState& st = rt.state();
        lua_createtable(L_, 0, 6);
        const int t = lua_gettop(L_);
        lua_createtable(L_, 0, 3);
        set_field(L_, t + 1, "name", f.game_name);
        set_field(L_, t + 1, "gm", f.gm);
        set_field(L_, t + 1, "gm_address", f.gm_address);
        lua_setfield(L_, t, "game");
        lua_createtable(L_, 0, 3);
        set_field(L_, t + 1, "id", st.pack);
        set_field(L_, t + 1, "name", rt.pack().top().name);
        set_field(L_, t + 1, "version", st.pack_version);
        lua_setfield(L_, t, "pack");
        push_strings(L_, f.gm_messages);
        lua_setfield(L_, t, "gm_messages");
        set_field(L_, t, "turn", st.turn);
        if (f.record) {
            push_json(L_, *f.record);
            lua_setfield(L_, t, "record");
        }
        ref_ = luaL_ref(L_, LUA_REGISTRYINDEX);
    }
    ~ContextTable() { luaL_unref(L_, LUA_REGISTRYINDEX, ref_); }
    ContextTable(const ContextTable&) = delete;
    ContextTable& operator=(const ContextTable&) = delete;
    // Pushes the table.
    void push() const { lua_rawgeti(L_, LUA_REGISTRYINDEX, ref_); }

  private:
    lua_State* L_;
    int ref_ = LUA_NOREF;
};

nlohmann::ordered_json document_from_call(Runtime& rt, const char* fn, const ContextTable& ctx,
                                          const std::string* empire) {
    nlohmann::ordered_json out;
    rt.call(
        "report", fn, rt.key("report", empire ? *empire : std::string()),
        [&](lua_State* L) {
            ctx.push();
            if (!empire) return 1;
            push(L, *empire);
            const Empire* e = rt.state().find_empire(*empire);
            push(L, e ? e->secret : std::string());
            return 3;
        },
        1,
        [&](lua_State* L) {
            if (!lua_istable(L, -1))
                throw std::runtime_error(fmt::format(
                    "report.{}{} returned {}, not a document table", fn,
                    empire ? "(ctx, \"" + *empire + "\")" : "(ctx)", luaL_typename(L, -1)));
            out = lua_to_json(L, -1);
        });
    return out;
}

}  // namespace

PackDocuments build_pack_documents(Runtime& rt, const ReportFacts& facts,
                                   const std::vector<std::string>& empires, bool game) {
    PackDocuments out;
    build_pack_documents(rt, facts, empires, game,
                         [&](const std::string& e, nlohmann::ordered_json&& doc) {
                             if (e.empty())
                                 out.game = std::move(doc);
                             else
                                 out.empires.emplace_back(e, std::move(doc));
                         });
    return out;
}

void build_pack_documents(Runtime& rt, const ReportFacts& facts,
                          const std::vector<std::string>& empires, bool game,
                          const PackDocumentSink& sink) {
    ReadOnly read_only(rt);
    ContextTable ctx(rt, facts);
    for (const std::string& e : empires)
        sink(e, document_from_call(rt, "empire", ctx, &e));
    if (game) sink(std::string(), document_from_call(rt, "game", ctx, nullptr));
}

std::vector<std::string> pack_report_lines(Runtime& rt, const std::string& hook,
                                           const ReportFacts* facts) {
    std::vector<std::string> lines;
    if (!rt.pack().script("report") || !rt.has_function("report", hook)) return lines;
    ReadOnly read_only(rt);
    std::optional<ContextTable> ctx;
    if (facts) ctx.emplace(rt, *facts);
    rt.call(
        "report", hook, rt.key("report:" + hook),
        [&](lua_State*) {
            if (!ctx) return 0;
            ctx->push();
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
