#pragma once

// The reader a pack's turnsheet.parse(r) gets (docs/packs.md "The turnsheet"): the sheet's
// lines with comments removed and their words with columns, and the engine's typed readers and
// reporter. It lives only during one call of parse.

#include <string>
#include <vector>

#include <lua.hpp>

#include "core/diagnostics.hpp"
#include "core/schema.hpp"
#include "core/sheet_text.hpp"

namespace hl {

// What one reading of a sheet works on and records.
struct SheetReading {
    std::vector<SheetLine> lines;  // the lines that hold words
    std::size_t next = 0;          // the next line to hand to the grammar
    int reading_line = 0;          // the line last handed out (where a failing script was)
    std::string file;
    const Schema* schema = nullptr;  // how place and empire codes are written
    Diagnostics* out = nullptr;      // where findings go
    SheetHeader* header = nullptr;   // what the grammar says the sheet is for
    int max_errors = 100;
    int errors = 0;
    bool stopped = false;  // too many errors: nothing more is read or reported
    // Reports an error at a line and column, counting towards max_errors; false once stopped.
    bool error(int line, int col, const std::string& message);
};

// Pushes a reader over `reading` (a userdata with the methods of docs/packs.md). The reading
// must outlive every use; call close_sheet_reader on the pushed value's index once parse
// returned so that a reader a script kept cannot reach it.
void push_sheet_reader(lua_State* L, SheetReading* reading);

// Cuts a reader made by push_sheet_reader (at stack index idx) from its reading.
void close_sheet_reader(lua_State* L, int idx);

// Pushes the table of one line as scripts see it: {n, col, text, more, {text, word, col,
// quoted}, ...}.
void push_sheet_line(lua_State* L, const SheetLine& line);

}  // namespace hl
