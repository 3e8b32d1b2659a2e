#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

#include "game/game_dir.hpp"
#include "game/turnsheet_check.hpp"
#include "host/game_lock_wait.hpp"

namespace hl {

// What became of a turnsheet received from `submit`, the web pages or mail.
struct Intake {
    SheetCheck check;
    bool known = false;          // the sheet names an empire of the game and gives its secret
    bool stored = false;         // kept as the empire's orders (or late orders)
    bool replaced = false;       // ... replacing a different sheet stored earlier
    std::string kept;            // not empty: the sheet stored earlier was kept, and why
    std::filesystem::path path;  // where it was kept
};

// How a sheet is taken in.
struct IntakeOptions {
    bool store = true;                   // false: only check it
    std::string only_empire;             // not empty: refuse a sheet for any other empire
    std::chrono::milliseconds wait{0};   // how long to wait for the game lock
    LockWaitPermits* permits = nullptr;  // not null: waiting needs a permit (WaitingGameLock)
    // true: a sheet that does not give its empire's secret (or is for another empire than
    // only_empire) keeps only its EMPIRE, SECRET and TURN findings, so nobody learns what an
    // empire owns from checks against its state without knowing its secret.
    bool hide_unknown = false;
    // Not empty: asked, under the game lock, about the sheet the empire has stored for the
    // turn (its path) before a new sheet replaces it; a reason returned keeps the stored sheet,
    // and the new one is not stored (mail-in: an older mail never replaces a newer sheet).
    std::function<std::string(const std::filesystem::path& stored)> keep_stored;
};

// orders/NNNN/EMP.refused.txt: the last sheet of an empire refused with errors (for status).
std::filesystem::path refused_sheet_path(const GameDir& dir, int turn, const std::string& empire);

// Checks a sheet against the game's latest state and, if it has no errors, stores it as the
// empire's orders for the next turn, all under the game lock (so a `run` never sees half of
// it). A stored sheet removes the empire's refused sheet; a refused sheet of a known empire is
// kept as its refused sheet. Throws InputError if the game cannot be loaded or stays locked.
Intake receive_sheet(const GameDir& dir, std::string_view text, const std::string& shown,
                     const IntakeOptions& opts);

}  // namespace hl
