#pragma once

#include <chrono>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/state.hpp"
#include "core/turn_record.hpp"
#include "game/game_dir.hpp"
#include "io/test_hooks.hpp"

namespace hl {

// Holds a game's lock file (GAME/.lock, an flock) for as long as it lives, so two runs never
// write the same game at once. The lock dies with the process.
class GameLock {
  public:
    // Takes the lock, trying again for up to `wait` while another process holds it; throws
    // InputError naming the folder if it is still held then, or if the folder has no game.toml
    // (no lock file is created there).
    explicit GameLock(const GameDir& dir,
                      std::chrono::milliseconds wait = std::chrono::milliseconds(0));
    ~GameLock();
    GameLock(const GameLock&) = delete;
    GameLock& operator=(const GameLock&) = delete;

  private:
    int fd_ = -1;
};

// Turn N's folder while it is written: every file goes to turns/NNNN.partial, and only commit()
// flushes them, creates orders/(N+1) and renames the folder to turns/NNNN, so a crash at any
// point leaves the game at its last complete turn. A folder never committed is removed.
class PartialTurn {
  public:
    // Starts turn `turn`'s folder (an old .partial of it is cleared); throws InputError if the
    // turn is already written.
    PartialTurn(const GameDir& dir, int turn);
    ~PartialTurn();
    PartialTurn(const PartialTurn&) = delete;
    PartialTurn& operator=(const PartialTurn&) = delete;
    // Writes a file by its path in the turn folder (e.g. "reports/ARC.txt"), making its folder.
    // Safe to call from several threads at once for different files.
    void write(const std::string& rel, std::string_view text) const;
    // Writes results.json and state.toml (state.turn must be the turn); throws InputError,
    // writing neither, if the state breaks its declarations. record_json, if given, is
    // turn_record_to_json(record), made once by a caller that needs it too. Safe to call while
    // other files are written.
    void write_state(const GameState& state, const TurnRecord& record,
                     const nlohmann::ordered_json* record_json = nullptr);
    // Writes results.json and state.toml unless write_state did, flushes everything and renames
    // the folder into place.
    void commit(const GameState& state, const TurnRecord& record,
                const nlohmann::ordered_json* record_json = nullptr);

  private:
    std::filesystem::path final_dir_;
    std::filesystem::path tmp_;
    const GameDir& dir_;
    bool state_written_ = false;
    bool committed_ = false;
};

// Writes turn N (state.turn) as one unit through a PartialTurn: extra_files maps paths relative
// to the turn folder (e.g. "reports/ARC.txt") to their text.
void commit_turn(const GameDir& dir, const GameState& state, const TurnRecord& record,
                 const std::map<std::string, std::string>& extra_files = {},
                 const nlohmann::ordered_json* record_json = nullptr);

// Removes leftovers of interrupted commits (turns/*.partial).
void clean_partial_turns(const GameDir& dir);

// Returns the game to the end of turn `to`: later turn folders are removed, orders are kept
// so the turns can be re-run. Readers see the game before or after the whole rollback (the
// folders are renamed away newest first under a GameChangeLock, then removed). Returns the
// turns removed.
std::vector<int> rollback_to(const GameDir& dir, int to);

// Reads turns/NNNN/results.json; throws InputError if missing or unreadable.
TurnRecord load_turn_record(const GameDir& dir, int turn);

}  // namespace hl
