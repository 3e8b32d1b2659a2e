#include "host/game_status.hpp"

#include <sys/stat.h>

#include <filesystem>

#include <fmt/format.h>

#include "game/gm_messages.hpp"
#include "game/order_store.hpp"
#include "game/read_lock.hpp"
#include "host/announcement.hpp"
#include "host/deadlines.hpp"
#include "host/intake.hpp"
#include "host/roster.hpp"
#include "io/state_io.hpp"
#include "io/test_hooks.hpp"
#include "pack/pack.hpp"

namespace fs = std::filesystem;

namespace hl {

namespace {

// When a stored sheet came: its file's modification time, which receive_sheet sets to the
// moment it stored it.
std::optional<UnixTime> stored_time(const fs::path& p) {
    struct stat sb {};
    if (::stat(p.c_str(), &sb) != 0) return std::nullopt;
    return static_cast<UnixTime>(sb.st_mtime);
}

}  // namespace

GameStatus game_status(const GameDir& dir) {
    // One consistent turn: none renamed into place or rolled back while this reads.
    GameReadLock reading(dir);
    GameInfo info = read_game_info(dir);
    auto latest = dir.latest_turn();
    pause_point("reader-chose-turn");
    if (!latest)
        throw InputError({dir.dir().generic_string(), 0, 0},
                         "no complete turn in this game folder (turns/NNNN/state.toml)");
    // The pack's schema reads the state; its state rules are not run (status only reads).
    Diagnostics diags;
    Pack pack = Pack::load(dir.rules_dir() / info.pack, diags);
    if (diags.has_errors()) throw InputError(diags);
    GameState st = load_turn_state(dir, *latest, pack.schema());
    Roster roster = read_roster(dir);
    Deadlines deadlines = read_deadlines(dir);
    GameStatus s;
    s.game = info.name;
    s.turn = st.turn;
    s.next_turn = st.turn + 1;
    // The fields the pack names for its end and winner (docs/packs.md "Fields the engine
    // reads"); a pack without them never ends this way.
    s.ended = st.ended_turn() != 0;
    s.winner = st.winner();
    s.deadline = deadlines.for_turn(s.next_turn);
    s.gm_messages = read_gm_messages(dir, s.next_turn);
    if (std::optional<Announcement> a = read_announcement(dir)) s.announcement = a->lines;
    for (const Empire& e : st.empires) {
        EmpireStatus es;
        es.code = e.code;
        es.name = e.name;
        es.player = e.player;
        if (const RosterEntry* r = roster.current(e.code)) es.email = r->email;
        es.missed_turns = static_cast<int>(st.missed_turns(e.code));
        bool refused = fs::exists(refused_sheet_path(dir, s.next_turn, e.code));
        if (st.empire_out(e.code))
            es.state = SheetState::eliminated;
        else if (e.computer)
            es.state = SheetState::computer;
        else if ((es.stored_at = stored_time(sheet_path(dir, s.next_turn, e.code, false))))
            es.state = SheetState::submitted;
        else if ((es.stored_at = stored_time(sheet_path(dir, s.next_turn, e.code, true))))
            es.state = SheetState::late;
        if (es.stored_at && s.deadline && *es.stored_at > *s.deadline &&
            (es.state == SheetState::submitted || es.state == SheetState::late)) {
            es.after_deadline = true;
            es.state = SheetState::late;
        } else if (refused)
            es.state = SheetState::refused;
        es.refused_too =
            refused && (es.state == SheetState::submitted || es.state == SheetState::late);
        s.empires.push_back(std::move(es));
    }
    return s;
}

std::string sheet_state_text(SheetState s) {
    switch (s) {
        case SheetState::none:
            return "no orders";
        case SheetState::refused:
            return "errors";
        case SheetState::submitted:
            return "submitted";
        case SheetState::late:
            return "late";
        case SheetState::computer:
            return "computer";
        case SheetState::eliminated:
            return "eliminated";
    }
    return "?";
}

std::string status_to_text(const GameStatus& s, UnixTime now) {
    std::string o = fmt::format("{}: turn {} played", s.game, s.turn);
    if (s.ended) {
        o += fmt::format("; the game has ended{}.\n",
                         s.winner.empty() ? "" : fmt::format(" (won by {})", s.winner));
    } else {
        o += fmt::format("; orders for turn {} due ", s.next_turn);
        o += s.deadline ? fmt::format("{} ({})", format_time(*s.deadline),
                                      format_relative(*s.deadline, now))
                        : std::string("(no deadline set)");
        o += ".\n";
    }
    o += "\n";
    std::size_t name_w = 6, player_w = 6;
    for (const EmpireStatus& e : s.empires) {
        name_w = std::max(name_w, e.name.size());
        player_w = std::max(player_w, e.player.size());
    }
    o += fmt::format("{:<4}{:<{}}  {:<{}}  {:<11}{}\n", "EMP", "Empire", name_w, "Player", player_w,
                     "Orders", "Mail");
    int waiting = 0;
    for (const EmpireStatus& e : s.empires) {
        std::string state = sheet_state_text(e.state);
        if (e.refused_too) state += "*";
        if (e.state == SheetState::none || e.state == SheetState::refused) ++waiting;
        std::string note;
        if (e.missed_turns > 0 && e.state != SheetState::computer &&
            e.state != SheetState::eliminated)
            note = fmt::format("  ({} missed turn{} in a row)", e.missed_turns,
                               e.missed_turns > 1 ? "s" : "");
        o += fmt::format("{:<4}{:<{}}  {:<{}}  {:<11}{}{}\n", e.code, e.name, name_w, e.player,
                         player_w, state, e.email.empty() ? "-" : e.email, note);
    }
    if (std::any_of(s.empires.begin(), s.empires.end(),
                    [](const EmpireStatus& e) { return e.refused_too; }))
        o += "* a later sheet with errors was refused; the stored one stands\n";
    if (!s.ended)
        o += fmt::format("\n{} empire{} without orders for turn {}.\n", waiting,
                         waiting == 1 ? "" : "s", s.next_turn);
    if (!s.gm_messages.empty()) {
        o += fmt::format("\nGM's messages for turn {}:\n", s.next_turn);
        for (const std::string& m : s.gm_messages)
            o += "  " + m + "\n";
    }
    return o;
}

nlohmann::ordered_json status_to_json(const GameStatus& s) {
    nlohmann::ordered_json j;
    j["game"] = s.game;
    j["turn"] = s.turn;
    j["next_turn"] = s.next_turn;
    j["ended"] = s.ended;
    j["winner"] = s.winner.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(s.winner);
    j["deadline"] =
        s.deadline ? nlohmann::ordered_json(format_time(*s.deadline)) : nlohmann::ordered_json();
    j["empires"] = nlohmann::ordered_json::array();
    for (const EmpireStatus& e : s.empires) {
        nlohmann::ordered_json je;
        je["code"] = e.code;
        je["name"] = e.name;
        je["player"] = e.player;
        je["email"] = e.email;
        je["orders"] = sheet_state_text(e.state);
        je["refused_too"] = e.refused_too;
        je["missed_turns"] = e.missed_turns;
        je["stored_at"] = e.stored_at ? nlohmann::ordered_json(format_time(*e.stored_at))
                                      : nlohmann::ordered_json();
        je["after_deadline"] = e.after_deadline;
        j["empires"].push_back(je);
    }
    j["gm_messages"] = s.gm_messages;
    return j;
}

}  // namespace hl
