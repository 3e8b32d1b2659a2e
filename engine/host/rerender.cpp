#include "host/rerender.hpp"

#include <optional>

#include "game/read_lock.hpp"
#include "game/report_context.hpp"
#include "game/turn_store.hpp"
#include "io/atomic_file.hpp"
#include "report/report_files.hpp"

namespace hl {

std::vector<std::string> write_turn_reports(const GameDir& dir, int turn) {
    LoadedGame g = load_game(dir, turn);
    std::optional<TurnRecord> rec;
    if (turn > 0) rec = load_turn_record(dir, turn);
    auto files =
        report_files(g.state, rec ? &*rec : nullptr, g.pack, report_context(dir, g.info, turn));
    std::vector<std::string> written;
    GameChangeLock readers_out(dir);  // readers see the old reports or the new ones
    for (const auto& [rel, text] : files) {
        auto path = dir.turn_dir(turn) / rel;
        write_file_atomic_below(dir.dir(), path, text);
        written.push_back(rel);
    }
    sync_dir(dir.turn_dir(turn) / "reports");
    return written;
}

std::vector<std::string> rerender_reports(const GameDir& dir, int turn,
                                          std::chrono::milliseconds wait) {
    GameLock lock(dir, wait);
    return write_turn_reports(dir, turn);
}

}  // namespace hl
