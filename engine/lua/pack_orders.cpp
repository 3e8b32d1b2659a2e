#include "lua/pack_orders.hpp"

#include <fmt/format.h>

#include "core/secret_mask.hpp"
#include "lua/convert.hpp"
#include "lua/lua_json.hpp"
#include "lua/sheet_reader.hpp"

namespace hl {

namespace {

constexpr const char* kModule = "turnsheet";

// Where scripts report the findings of turnsheet.check: null once check returned.
struct ReportSink {
    Diagnostics* out;
    std::string file;
    std::vector<Diagnostic> failures;
};

struct SinkBox {
    ReportSink* sink;
};

// report.error / warning / note / failure(line, col, message): upvalue 1 is the sink box,
// upvalue 2 the severity ("failure" is an error that marks a failing script).
int l_report(lua_State* L) {
    auto* box = static_cast<SinkBox*>(lua_touserdata(L, lua_upvalueindex(1)));
    if (!box || !box->sink) return luaL_error(L, "the report is used after check returned");
    int line = check_int(L, 1);
    int col = lua_isnoneornil(L, 2) ? 0 : check_int(L, 2);
    std::string message = check_string(L, 3);
    std::string kind = lua_tostring(L, lua_upvalueindex(2));
    Severity s = kind == "warning" ? Severity::warning
                 : kind == "note"  ? Severity::note
                                   : Severity::error;
    Diagnostic d{{box->sink->file, line, col}, s, message};
    if (kind == "failure") box->sink->failures.push_back(d);
    box->sink->out->add(std::move(d));
    return 0;
}

// A located message for a failing script: "chunk:line: message".
std::string located(const LuaError& e) {
    if (e.chunk.empty()) return e.message;
    if (e.line <= 0) return fmt::format("{}: {}", e.chunk, e.message);
    return fmt::format("{}:{}: {}", e.chunk, e.line, e.message);
}

// Reads turnsheet.syntax; throws ScriptError if it is malformed.
SheetSyntax read_syntax(Runtime& rt) {
    SheetSyntax out;
    lua_State* L = rt.host().L();
    StackGuard guard(L);
    if (auto err = rt.host().import(kModule)) throw ScriptError(*err);
    lua_getfield(L, -1, "syntax");
    if (lua_isnil(L, -1)) return out;
    auto fail = [&](const std::string& m) {
        throw ScriptError(LuaError{rt.pack().script_chunk(kModule), 0, m, ""});
    };
    if (!lua_istable(L, -1)) fail("turnsheet.syntax must be a table {comment, quotes, max_tokens}");
    int t = lua_gettop(L);
    lua_getfield(L, t, "comment");
    if (lua_type(L, -1) == LUA_TSTRING) {
        std::size_t len = 0;
        const char* c = lua_tolstring(L, -1, &len);
        if (len > 1 || (len == 1 && (c[0] == '"' || c[0] == ' ' || c[0] == '\n')))
            fail("turnsheet.syntax.comment must be one character (\"\" for none)");
        out.comment = len == 1 ? c[0] : '\0';
    } else if (!lua_isnil(L, -1)) {
        fail("turnsheet.syntax.comment must be a string");
    }
    lua_getfield(L, t, "quotes");
    out.quotes = lua_toboolean(L, -1) != 0;
    lua_getfield(L, t, "max_tokens");
    if (lua_type(L, -1) == LUA_TNUMBER) {
        lua_Number n = lua_tonumber(L, -1);
        if (!(n >= 1 && n <= 4096)) fail("turnsheet.syntax.max_tokens must be 1 to 4096");
        out.max_tokens = static_cast<std::size_t>(n);
    } else if (!lua_isnil(L, -1)) {
        fail("turnsheet.syntax.max_tokens must be a number");
    }
    return out;
}

}  // namespace

LuaValue::LuaValue(lua_State* L) : L_(L), ref_(luaL_ref(L, LUA_REGISTRYINDEX)) {}

LuaValue::~LuaValue() {
    luaL_unref(L_, LUA_REGISTRYINDEX, ref_);
}

void LuaValue::push() const {
    lua_rawgeti(L_, LUA_REGISTRYINDEX, ref_);
}

ReadSheet read_sheet(Runtime& rt, std::string_view text, const std::string& file,
                     const SheetLimits& limits) {
    ReadSheet out;
    out.file = file;
    if (text.size() > limits.max_bytes) {
        out.findings.error({file, 1, 0},
                           fmt::format("the file is {} bytes long; a turnsheet is at most {} "
                                       "bytes (is this the right file?)",
                                       text.size(), limits.max_bytes));
        return out;
    }
    // The scripts read the sheet with every secret of the game hidden; the secret the header
    // gives is put back once they are done.
    const MaskedSheet masked = rt.secret_mask().apply(text);
    SheetReading reading;
    reading.file = file;
    reading.schema = rt.pack().schema().get();
    reading.out = &out.findings;
    reading.header = &out.header;
    reading.max_errors = limits.max_errors;
    lua_State* L = rt.host().L();
    StackGuard guard(L);
    push_sheet_reader(L, &reading);  // kept here so that it can be cut off after the call
    int reader = lua_gettop(L);
    try {
        reading.lines = split_sheet(masked.text, read_syntax(rt));
        rt.call(
            kModule, "parse", rt.key("sheet"),
            [&](lua_State* S) {
                lua_pushvalue(S, reader);
                return 1;
            },
            1,
            [&](lua_State* S) {
                lua_pushvalue(S, -1);
                out.value = std::make_shared<const LuaValue>(S);
            });
    } catch (const ScriptError& e) {
        out.value.reset();
        out.findings.error(
            {file, reading.reading_line, 0},
            fmt::format("the rules pack failed while reading this sheet: {}", located(e.error())));
    }
    close_sheet_reader(L, reader);
    unmask_header_item(out.header.secret, masked);
    return out;
}

CheckOutcome check_read_sheet(Runtime& rt, const ReadSheet& sheet, const std::string& empire,
                              int turn, Diagnostics& out) {
    CheckOutcome outcome;
    if (!sheet.value) return outcome;
    lua_State* L = rt.host().L();
    StackGuard guard(L);
    ReportSink sink{&out, sheet.file, {}};
    // Kept here so that it can be cut off after the call, whatever a script kept of it.
    auto* box = static_cast<SinkBox*>(lua_newuserdata(L, sizeof(SinkBox)));
    box->sink = &sink;
    int b = lua_gettop(L);
    try {
        if (!rt.has_function(kModule, "check")) {
            box->sink = nullptr;
            return outcome;
        }
        rt.call(
            kModule, "check", rt.key("check", empire),
            [&](lua_State* S) {
                sheet.value->push();
                lua_createtable(S, 0, 6);
                int t = lua_gettop(S);
                set_field(S, t, "empire", empire);
                set_field(S, t, "turn", turn);
                for (const char* kind : {"error", "warning", "note", "failure"}) {
                    lua_pushvalue(S, b);
                    lua_pushstring(S, kind);
                    lua_pushcclosure(S, lua_guard<l_report>, 2);
                    lua_setfield(S, t, kind);
                }
                return 2;
            },
            0);
    } catch (const ScriptError& e) {
        Diagnostic d{
            {sheet.file, 0, 0},
            Severity::error,
            fmt::format("the rules pack failed while checking this sheet: {}", located(e.error()))};
        sink.failures.push_back(d);
        out.add(std::move(d));
    }
    box->sink = nullptr;
    outcome.failures = std::move(sink.failures);
    return outcome;
}

nlohmann::ordered_json read_sheet_table(Runtime& rt, const ReadSheet& sheet) {
    using json = nlohmann::ordered_json;
    json rows = json::array();
    if (!sheet.value || !rt.has_function(kModule, "table")) return rows;
    rt.call(
        kModule, "table", rt.key("table"),
        [&](lua_State*) {
            sheet.value->push();
            return 1;
        },
        2,
        [&](lua_State* L) {
            int cols = lua_gettop(L) - 1, list = lua_gettop(L);
            if (!lua_istable(L, cols) || !lua_istable(L, list))
                throw std::runtime_error("turnsheet.table must return columns, rows");
            std::vector<std::string> names;
            int nc = static_cast<int>(lua_objlen(L, cols));
            for (int i = 1; i <= nc; ++i) {
                lua_rawgeti(L, cols, i);
                if (lua_type(L, -1) == LUA_TSTRING) names.emplace_back(lua_tostring(L, -1));
                lua_pop(L, 1);
            }
            int nr = static_cast<int>(lua_objlen(L, list));
            for (int i = 1; i <= nr; ++i) {
                lua_rawgeti(L, list, i);
                int row = lua_gettop(L);
                json obj = json::object();
                for (const std::string& name : names) {
                    if (lua_istable(L, row))
                        lua_getfield(L, row, name.c_str());
                    else
                        lua_pushnil(L);
                    obj[name] = lua_to_json(L, -1);
                    lua_pop(L, 1);
                }
                rows.push_back(std::move(obj));
                lua_settop(L, list);
            }
        });
    return rows;
}

std::string sheet_order_noun(Runtime& rt) {
    lua_State* L = rt.host().L();
    StackGuard guard(L);
    if (rt.host().import(kModule)) return "order";
    lua_getfield(L, -1, "noun");
    if (lua_type(L, -1) != LUA_TSTRING) return "order";
    return lua_tostring(L, -1);
}

std::vector<OrderPackProblem> order_pack_problems(Runtime& rt) {
    std::vector<OrderPackProblem> out;
    const std::string chunk = rt.pack().script_chunk(kModule);
    if (chunk.empty()) {
        out.push_back({rt.pack().top().dir.generic_string(), 0,
                       "the pack has no turnsheet.lua (its parse(r) reads a sheet; docs/packs.md "
                       "\"The turnsheet\")"});
        return out;
    }
    {
        lua_State* L = rt.host().L();
        StackGuard guard(L);
        if (auto err = rt.host().import(kModule)) {
            out.push_back({err->chunk.empty() ? chunk : err->chunk, err->line, err->message});
            return out;
        }
        int m = lua_gettop(L);
        lua_getfield(L, m, "parse");
        if (!lua_isfunction(L, -1))
            out.push_back({chunk, 0, "turnsheet.lua must return a table with a parse(r) function"});
        for (const char* fn : {"check", "table", "problems", "examples", "blank"}) {
            lua_getfield(L, m, fn);
            if (!lua_isnil(L, -1) && !lua_isfunction(L, -1))
                out.push_back({chunk, 0, fmt::format("turnsheet.{} must be a function", fn)});
        }
        lua_getfield(L, m, "noun");
        if (!lua_isnil(L, -1) && lua_type(L, -1) != LUA_TSTRING)
            out.push_back({chunk, 0, "turnsheet.noun must be a string, e.g. \"order\""});
        lua_getfield(L, m, "problems");
        if (!lua_isfunction(L, -1) || !out.empty()) return out;
    }
    try {
        rt.call(kModule, "problems", rt.key("problems"), {}, 1, [&](lua_State* L) {
            int t = lua_gettop(L);
            if (!lua_istable(L, t)) return;
            int n = static_cast<int>(lua_objlen(L, t));
            for (int i = 1; i <= n; ++i) {
                lua_rawgeti(L, t, i);
                OrderPackProblem p;
                if (lua_type(L, -1) == LUA_TSTRING) {
                    p.message = lua_tostring(L, -1);
                } else if (lua_istable(L, -1)) {
                    lua_getfield(L, -1, "module");
                    if (lua_type(L, -1) == LUA_TSTRING) {
                        p.chunk = rt.pack().script_chunk(lua_tostring(L, -1));
                        if (p.chunk.empty()) p.chunk = lua_tostring(L, -1);
                    }
                    lua_getfield(L, -2, "message");
                    if (lua_type(L, -1) == LUA_TSTRING) p.message = lua_tostring(L, -1);
                    lua_pop(L, 2);
                }
                lua_pop(L, 1);
                if (p.chunk.empty()) p.chunk = chunk;
                if (!p.message.empty()) out.push_back(std::move(p));
            }
        });
    } catch (const ScriptError& e) {
        out.push_back({e.error().chunk, e.error().line, e.error().message});
    }
    return out;
}

std::vector<std::string> example_sheets(Runtime& rt, const std::string& empire, int turn) {
    std::vector<std::string> out;
    if (!rt.has_function(kModule, "examples")) return out;
    rt.call(
        kModule, "examples", rt.key("examples", empire),
        [&](lua_State* L) {
            lua_createtable(L, 0, 3);
            int t = lua_gettop(L);
            set_field(L, t, "empire", empire);
            set_field(L, t, "secret", std::string(kExampleSecret));
            set_field(L, t, "turn", turn);
            return 1;
        },
        1,
        [&](lua_State* L) {
            int t = lua_gettop(L);
            if (!lua_istable(L, t)) return;
            int n = static_cast<int>(lua_objlen(L, t));
            for (int i = 1; i <= n; ++i) {
                lua_rawgeti(L, t, i);
                if (lua_type(L, -1) == LUA_TSTRING) out.emplace_back(lua_tostring(L, -1));
                lua_pop(L, 1);
            }
        });
    return out;
}

std::optional<std::string> blank_sheet_text(Runtime& rt, const std::string& empire, int turn) {
    if (!rt.has_function(kModule, "blank")) return std::nullopt;
    std::string text;
    rt.call(
        kModule, "blank", rt.key("blank", empire),
        [&](lua_State* L) {
            lua_createtable(L, 0, 2);
            int t = lua_gettop(L);
            set_field(L, t, "empire", empire);
            set_field(L, t, "turn", turn);
            return 1;
        },
        1,
        [&](lua_State* L) {
            if (lua_type(L, -1) != LUA_TSTRING) {
                throw ScriptError(LuaError{rt.pack().script_chunk(kModule), 0,
                                           "turnsheet.blank(info) must return the text of a "
                                           "turnsheet",
                                           ""});
            }
            std::size_t len = 0;
            const char* s = lua_tolstring(L, -1, &len);
            text.assign(s, len);
        });
    return text;
}

namespace {

// The arguments of ai.sheet and ai.sheet_read: empire, mode, {secret, turn}, the secret being
// kComputerSecret; returns their count.
int push_computer_args(lua_State* L, const std::string& empire, const std::string& mode, int turn) {
    push(L, empire);
    push(L, mode);
    lua_createtable(L, 0, 2);
    set_field(L, lua_gettop(L), "secret", std::string(kComputerSecret));
    set_field(L, lua_gettop(L), "turn", turn);
    return 3;
}

}  // namespace

std::string computer_sheet_text(Runtime& rt, const std::string& empire, const std::string& mode,
                                int turn) {
    std::string text;
    rt.call(
        "ai", "sheet", StreamKey{rt.state().seed, turn, empire, 0, "ai"},
        [&](lua_State* L) { return push_computer_args(L, empire, mode, turn); }, 1,
        [&](lua_State* L) {
            if (lua_type(L, -1) != LUA_TSTRING) {
                throw ScriptError(LuaError{rt.pack().script_chunk("ai"), 0,
                                           "ai.sheet(empire, mode, info) must return the text of "
                                           "a turnsheet",
                                           ""});
            }
            std::size_t len = 0;
            const char* s = lua_tolstring(L, -1, &len);
            text.assign(s, len);
        });
    return text;
}

std::optional<ReadSheet> computer_read_sheet(Runtime& rt, const std::string& empire,
                                             const std::string& mode, int turn,
                                             const std::string& file) {
    if (!rt.has_function("ai", "sheet_read")) return std::nullopt;
    ReadSheet out;
    out.file = file;
    std::optional<std::string> text;
    rt.call(
        "ai", "sheet_read", StreamKey{rt.state().seed, turn, empire, 0, "ai"},
        [&](lua_State* L) { return push_computer_args(L, empire, mode, turn); }, 1,
        [&](lua_State* L) {
            if (lua_type(L, -1) == LUA_TSTRING) {
                std::size_t len = 0;
                const char* s = lua_tolstring(L, -1, &len);
                text.emplace(s, len);
            } else if (lua_istable(L, -1)) {
                lua_pushvalue(L, -1);
                out.value = std::make_shared<const LuaValue>(L);
            } else {
                throw ScriptError(LuaError{rt.pack().script_chunk("ai"), 0,
                                           "ai.sheet_read(empire, mode, info) must return the "
                                           "sheet as the grammar reads it, or its text",
                                           ""});
            }
        });
    if (text) return read_sheet(rt, *text, file);
    auto given = [](HeaderItem& h, const char* label) {
        h.given = true;
        h.label = label;
    };
    given(out.header.empire, "empire");
    out.header.empire.text = empire;
    given(out.header.secret, "secret");
    out.header.secret.text = kComputerSecret;
    given(out.header.turn, "turn");
    out.header.turn.value = turn;
    return out;
}

void push_read_sheet(lua_State* L, const ReadSheet& sheet) {
    if (sheet.value)
        sheet.value->push();
    else
        lua_pushnil(L);
}

}  // namespace hl
