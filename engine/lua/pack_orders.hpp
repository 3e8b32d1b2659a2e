#pragma once

// The engine's calls into a pack's turnsheet.lua and ai.lua for orders: reading a sheet with the
// pack's grammar, the pack's checks, its table of orders for front ends, its example sheets and
// the computer players' sheets. The only C++ that touches the Lua stack for orders; the engine
// above it sees a read sheet as its header (empire, secret, turn) and an opaque value.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diagnostics.hpp"
#include "core/sheet_text.hpp"
#include "lua/runtime.hpp"

namespace hl {

// A Lua value kept in the registry of a runtime's state while this object lives.
class LuaValue {
  public:
    // Takes the value on top of the stack.
    explicit LuaValue(lua_State* L);
    ~LuaValue();
    LuaValue(const LuaValue&) = delete;
    LuaValue& operator=(const LuaValue&) = delete;
    // Pushes the value.
    void push() const;

  private:
    lua_State* L_;
    int ref_;
};

// A sheet as the pack's grammar read it. The value is what the grammar returned (handed to the
// pack's turn.run and check); it lives in the runtime that read it and must not outlive it.
struct ReadSheet {
    std::string file;
    SheetHeader header;
    Diagnostics findings;                   // what the grammar found, by line
    std::shared_ptr<const LuaValue> value;  // null if the grammar failed
    // True if the grammar found no error.
    bool ok() const { return !findings.has_errors(); }
};

// A problem of a pack's turnsheet hooks or of the declarations they read, with its file.
struct OrderPackProblem {
    std::string chunk;  // the file, or the pack's folder when the pack names none
    int line = 0;
    std::string message;
};

// Reads a sheet with the pack's turnsheet.parse(r), splitting it as turnsheet.syntax says. Any
// bytes give findings, never an exception: a file above limits.max_bytes is refused unread,
// reading stops after limits.max_errors errors, and a failing script is reported as an error
// at the line it was reading. Throws ScriptError only if the pack has no turnsheet.parse.
ReadSheet read_sheet(Runtime& rt, std::string_view text, const std::string& file,
                     const SheetLimits& limits = {});

// What the pack's checks may report besides errors and warnings.
struct CheckOutcome {
    // The findings of scripts of the pack that failed: turnsheet.check itself, or what it
    // reported with report.failure (also among the errors).
    std::vector<Diagnostic> failures;
};

// Calls the pack's turnsheet.check(sheet, report) for a sheet of `empire` whose orders run in
// turn `turn`, if the pack has one; report = {empire, turn, error(line, col, message),
// warning(...), note(...), failure(...)}. Findings go to out under the sheet's file. Scripts may
// change the runtime's state (give it a copy).
CheckOutcome check_read_sheet(Runtime& rt, const ReadSheet& sheet, const std::string& empire,
                              int turn, Diagnostics& out);

// The pack's table of a read sheet's orders (turnsheet.table(sheet) -> columns, rows) as a JSON
// array of objects with the columns in order (a missing value null); an empty array if the pack
// has no table function or the sheet no value.
nlohmann::ordered_json read_sheet_table(Runtime& rt, const ReadSheet& sheet);

// What the pack calls one row of its table in `check`'s summary (turnsheet.noun, e.g.
// "action"); "order" if it says nothing.
std::string sheet_order_noun(Runtime& rt);

// What is wrong with a pack's turnsheet hooks (docs/packs.md "The turnsheet"): no
// turnsheet.lua, a module that does not load, no parse function, check, table, problems or
// examples set to something other than a function, and what turnsheet.problems() reports
// about the declarations it reads (the standard pack: its actions).
std::vector<OrderPackProblem> order_pack_problems(Runtime& rt);

// The secret the example sheets are written with: scripts never see an empire's real secret.
inline constexpr const char* kExampleSecret = "K7QX2M9PAB";

// The secret a computer player writes on its sheets: scripts never see an empire's real secret,
// and the engine never checks a secret on a sheet the computer wrote.
inline constexpr const char* kComputerSecret = "COMPUTER";

// The pack's example sheets for a game (turnsheet.examples({empire, secret, turn}), the secret
// being kExampleSecret), if it has that hook.
std::vector<std::string> example_sheets(Runtime& rt, const std::string& empire, int turn);

// The blank sheet the pack's grammar writes for an empire and turn (turnsheet.blank({empire,
// turn}); info.secret is nil, as scripts never see a secret), or nullopt if the pack has no such
// hook. Throws
// ScriptError if the script fails or returns something other than text.
std::optional<std::string> blank_sheet_text(Runtime& rt, const std::string& empire, int turn);

// The sheet a computer player writes for an empire (ai.sheet(empire, mode, {secret, turn}), the
// secret being kComputerSecret), drawing from the empire's "ai" stream of `turn`. Throws
// ScriptError if the script fails.
std::string computer_sheet_text(Runtime& rt, const std::string& empire, const std::string& mode,
                                int turn);

// The sheet a computer player writes for an empire, already read, where the pack offers that
// (ai.sheet_read(empire, mode, {secret, turn}), drawing from the "ai" stream of `turn` as
// ai.sheet does): a table is taken as what the pack's grammar reads from ai.sheet's text, with
// the header asked for and no findings; a text is read with read_sheet as `file`. nullopt if
// the pack has no ai.sheet_read. Throws ScriptError if the script fails.
std::optional<ReadSheet> computer_read_sheet(Runtime& rt, const std::string& empire,
                                             const std::string& mode, int turn,
                                             const std::string& file);

// Pushes a read sheet's value (nil if it has none), for the input of turn.run.
void push_read_sheet(lua_State* L, const ReadSheet& sheet);

}  // namespace hl
