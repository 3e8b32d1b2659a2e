#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>

#include "core/diagnostics.hpp"
#include "game/game_dir.hpp"
#include "lua/pack_orders.hpp"
#include "lua/runtime.hpp"

namespace hl {

// Where an empire's sheet for a turn is kept: orders/NNNN/EMP.txt, or EMP.late.txt for a
// sheet written for an earlier turn (late orders, RULINGS.md "Missed and late orders").
std::filesystem::path sheet_path(const GameDir& dir, int turn, const std::string& empire,
                                 bool late);

// Stores a sheet's text as an empire's orders (or late orders) for a turn: written to a
// temporary file and renamed into place, replacing an earlier sheet. Returns the path.
std::filesystem::path store_sheet(const GameDir& dir, int turn, const std::string& empire,
                                  bool late, std::string_view text);

// Removes what interrupted writes left in orders/NNNN (temporary *.tmp files of sheets that
// were never renamed into place). Call it only while holding the game lock.
void remove_unfinished_sheets(const GameDir& dir, int turn);

// One empire's orders for a turn, as the turn engine reads them.
struct LoadedSheet {
    ReadSheet sheet;             // read again with the game's pack (alive with its runtime)
    bool late = false;           // true: from EMP.late.txt, written for an earlier turn
    std::filesystem::path file;  // the file it was read from
    Diagnostics problems;        // reading problems (none unless the file or the pack changed)
    // True if the sheet was read without errors and names the empire of its file name.
    bool ok() const { return !problems.has_errors(); }
};

// Every empire's orders stored for a turn: EMP.txt if there is one, else EMP.late.txt (EMP in
// the pack's empire code format), each read with the pack's grammar in rt; keyed by empire
// code. Other files are ignored. A sheet whose turn is not the turn (late orders: the turn
// before) is a problem. A missing orders folder gives an empty map.
std::map<std::string, LoadedSheet> load_orders_for_turn(const GameDir& dir, int turn, Runtime& rt);

}  // namespace hl
