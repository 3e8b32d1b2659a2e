#include "game/turn_store.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>

#include <fmt/format.h>

#include "core/phase_clock.hpp"
#include "game/lock_file.hpp"
#include "game/read_lock.hpp"
#include "io/atomic_file.hpp"
#include "io/batch_write.hpp"
#include "io/file_error.hpp"
#include "io/folder_below.hpp"
#include "io/state_io.hpp"

namespace fs = std::filesystem;

namespace hl {

GameLock::GameLock(const GameDir& dir, std::chrono::milliseconds wait)
    : fd_(lock_game_file(dir, ".lock", wait)) {
    if (fd_ < 0)
        throw InputError(
            {dir.dir().generic_string(), 0, 0},
            wait.count() > 0
                ? fmt::format("another hyperlane command was running this game for all the {} s "
                              "waited (nothing was changed)",
                              (wait.count() + 999) / 1000)
                : "another hyperlane command is running this game right now; wait for it to "
                  "finish (nothing was changed)");
}

GameLock::~GameLock() {
    unlock_game_file(fd_);
}

void clean_partial_turns(const GameDir& dir) {
    std::error_code ec;
    std::vector<fs::path> partial;
    for (const auto& e : fs::directory_iterator(dir.dir() / "turns", ec))
        if (e.path().extension() == ".partial") partial.push_back(e.path());
    for (const auto& p : partial)
        fs::remove_all(p, ec);
}

PartialTurn::PartialTurn(const GameDir& dir, int turn)
    : final_dir_(dir.turn_dir(turn)), tmp_(final_dir_), dir_(dir) {
    if (fs::exists(final_dir_))
        throw InputError({final_dir_.generic_string(), 0, 0},
                         fmt::format("turn {} is already written", turn));
    tmp_ += ".partial";
    std::error_code ec;
    fs::remove_all(tmp_, ec);
    make_folders_below(dir.dir(), tmp_);
    crash_point("start");
}

PartialTurn::~PartialTurn() {
    if (committed_) return;
    std::error_code ec;
    fs::remove_all(tmp_, ec);
}

void PartialTurn::write(const std::string& rel, std::string_view text) const {
    // Files in the .partial folder need no atomic write of their own: the folder is renamed
    // into place only once everything in it is flushed, with one syncfs for all of them.
    write_file_unsynced_below(dir_.dir(), tmp_ / rel, text);
}

void PartialTurn::write_state(const GameState& state, const TurnRecord& record,
                              const nlohmann::ordered_json* record_json) {
    Diagnostics bad = check_state(state, (final_dir_ / "state.toml").generic_string());
    if (bad.has_errors()) throw InputError(std::move(bad));
    const nlohmann::ordered_json made =
        record_json ? nlohmann::ordered_json() : turn_record_to_json(record);
    write_file_unsynced_below(dir_.dir(), tmp_ / "results.json",
                              (record_json ? *record_json : made).dump(1) + "\n");
    crash_point("results");
    write_file_unsynced_below(dir_.dir(), tmp_ / "state.toml", state_to_toml(state));
    state_written_ = true;
}

void PartialTurn::commit(const GameState& state, const TurnRecord& record,
                         const nlohmann::ordered_json* record_json) {
    if (!state_written_) write_state(state, record, record_json);
    crash_point("extra");
    mark_phase("results and state written");
    sync_filesystem(tmp_);
    mark_phase("flushed");
    crash_point("state");
    // The next turn's orders folder exists before the turn does, so a complete turn always
    // has one (submit needs none, but a GM looks for it).
    make_folders_below(dir_.dir(), dir_.orders_dir(state.turn + 1));
    {
        // Readers of the game see the last turn or the new one, never a turn that vanishes.
        GameChangeLock readers_out(dir_);
        rename_below(dir_.dir(), tmp_, final_dir_);
        committed_ = true;
        sync_dir(final_dir_.parent_path());
    }
    crash_point("renamed");
}

void commit_turn(const GameDir& dir, const GameState& state, const TurnRecord& record,
                 const std::map<std::string, std::string>& extra_files,
                 const nlohmann::ordered_json* record_json) {
    PartialTurn turn(dir, state.turn);
    for (const auto& [rel, text] : extra_files)
        turn.write(rel, text);
    turn.commit(state, record, record_json);
}

std::vector<int> rollback_to(const GameDir& dir, int to) {
    std::vector<int> removed;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir.dir() / "turns", ec)) {
        std::string name = e.path().filename().string();
        if (name.size() != 4 || name.find_first_not_of("0123456789") != std::string::npos) continue;
        int t = std::stoi(name);
        if (t > to) removed.push_back(t);
    }
    std::sort(removed.begin(), removed.end());
    if (removed.empty()) return removed;
    std::vector<fs::path> doomed;
    {
        // Readers see the game before the rollback or after it, never half-way.
        GameChangeLock readers_out(dir);
        crash_point("rollback-start");
        // Newest first, so an interrupted rollback still leaves a consistent prefix of turns.
        for (auto it = removed.rbegin(); it != removed.rend(); ++it) {
            fs::path d = dir.turn_dir(*it);
            fs::path gone = d;
            gone += ".partial";
            fs::remove_all(gone, ec);
            rename_below(dir.dir(), d, gone);
            doomed.push_back(gone);
            sync_dir(dir.dir() / "turns");
            crash_point("rollback-renamed");
        }
    }
    crash_point("rollback-synced");
    // What is left is ignored by every reader and removed by the next run if this is killed.
    for (const fs::path& d : doomed)
        fs::remove_all(d, ec);
    return removed;
}

TurnRecord load_turn_record(const GameDir& dir, int turn) {
    fs::path file = dir.turn_dir(turn) / "results.json";
    std::string text;
    try {
        text = read_file(file);
    } catch (const std::exception&) {
        throw InputError({file.generic_string(), 0, 0},
                         fmt::format("turn {} has no outcome records", turn));
    }
    try {
        return turn_record_from_json(nlohmann::ordered_json::parse(text));
    } catch (const std::exception& e) {
        throw InputError({file.generic_string(), 0, 0}, e.what());
    }
}

}  // namespace hl
