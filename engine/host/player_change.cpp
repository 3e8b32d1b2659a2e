#include "host/player_change.hpp"

#include <fmt/format.h>

#include "game/read_lock.hpp"
#include "game/turn_store.hpp"
#include "host/rerender.hpp"
#include "host/roster.hpp"
#include "io/atomic_file.hpp"
#include "io/os_random.hpp"
#include "io/state_io.hpp"

namespace hl {

namespace {

// At least 8 characters: the engine hides secrets of 8 or more from the pack's scripts
// (core/secret_mask.hpp), and a shorter one is easy to guess.
bool valid_secret(const std::string& s) {
    if (s.size() < 8 || s.size() > 32) return false;
    for (char c : s)
        if (c <= ' ' || c >= 0x7F || c == '#') return false;
    return true;
}

// The latest state's empire, refusing an unknown or eliminated one.
Empire& find_changeable(const GameDir& dir, LoadedGame& g, const std::string& empire) {
    Empire* e = g.state.find_empire(empire);
    if (!e)
        throw InputError({dir.dir().generic_string(), 0, 0},
                         fmt::format("no empire '{}' in this game", empire));
    if (g.state.empire_out(empire))
        throw InputError({dir.dir().generic_string(), 0, 0},
                         fmt::format("{} has been eliminated: nobody can play it", empire));
    return *e;
}

}  // namespace

PlayerChange replace_player(const GameDir& dir, const std::string& empire, const std::string& name,
                            const std::string& email, const std::string& secret,
                            std::chrono::milliseconds wait) {
    const std::string where = dir.dir().generic_string();
    if (std::string why = check_player_name(name); !why.empty())
        throw InputError({where, 0, 0}, "--name: " + why);
    if (!email.empty() && !valid_email(email))
        throw InputError(
            {where, 0, 0},
            fmt::format("--email '{}': not a plain mail address (local@domain)", email));
    if (!secret.empty() && !valid_secret(secret))
        throw InputError({where, 0, 0},
                         "--secret: 8 to 32 letters, digits or punctuation, "
                         "without spaces or '#'");
    GameLock lock(dir, wait);
    LoadedGame g = load_game(dir);
    Empire& e = find_changeable(dir, g, empire);
    Roster roster = read_roster(dir);  // read everything before writing anything
    PlayerChange c{empire, name, secret.empty() ? new_secret() : secret, g.state.turn + 1,
                   g.state.turn};
    e.player = name;
    e.computer = false;
    g.state.set_missed_turns(empire, 0);  // a pack without the count has none
    g.info.secrets[empire] = c.secret;
    roster.entries.push_back(RosterEntry{empire, name, email, c.from_turn, false, {}});
    GameChangeLock readers_out(dir);  // readers see the three files before or after the change
    save_state_below(dir.dir(), dir.state_file(g.state.turn), g.state);
    write_file_atomic_below(dir.dir(), dir.game_file(), game_info_to_toml(g.info));
    write_roster(dir, roster);
    write_turn_reports(dir, c.report_turn);  // the latest reports with the new player's name
    return c;
}

PlayerChange set_computer(const GameDir& dir, const std::string& empire, bool on,
                          std::chrono::milliseconds wait) {
    GameLock lock(dir, wait);
    LoadedGame g = load_game(dir);
    Empire& e = find_changeable(dir, g, empire);
    Roster roster = read_roster(dir);
    if (e.computer == on)
        throw InputError(
            {dir.dir().generic_string(), 0, 0},
            fmt::format("{} is already run by {}", empire, on ? "the computer" : "its player"));
    RosterEntry entry;
    entry.empire = empire;
    entry.name = e.player;
    entry.from_turn = g.state.turn + 1;
    entry.computer = on;
    // Handing back: the player and address of the empire's last player entry.
    for (const RosterEntry& r : roster.entries)
        if (r.empire == empire && !r.computer) {
            entry.name = r.name;
            entry.email = r.email;
        }
    if (const RosterEntry* cur = roster.current(empire); on && cur) entry.email = cur->email;
    e.computer = on;
    if (!on) {
        g.state.set_missed_turns(empire, 0);
        if (!entry.name.empty()) e.player = entry.name;
    }
    roster.entries.push_back(entry);
    GameChangeLock readers_out(dir);
    save_state_below(dir.dir(), dir.state_file(g.state.turn), g.state);
    write_roster(dir, roster);
    return PlayerChange{empire, e.player, g.info.secrets[empire], entry.from_turn};
}

}  // namespace hl
