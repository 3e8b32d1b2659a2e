#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "core/state.hpp"
#include "game/scenario.hpp"
#include "io/state_io.hpp"
#include "pack/pack.hpp"

namespace hl {

// What game.toml records about a game: its pack, seed and the empires' secrets.
struct GameInfo {
    std::string name;
    std::string gm;
    std::string gm_address;  // the GM's mail address (mail-in, mail-out); empty if unset
    std::string pack;        // pack id under <game>/rules
    std::string pack_version;
    std::uint64_t seed = 0;
    std::map<std::string, std::string> secrets;  // empire code -> secret; "GM": the GM's secret
};

// The key of the GM's own secret in game.toml's [secrets] (for `hyperlane serve`).
inline constexpr const char* kGmSecretKey = "GM";

// The paths of a game folder (see docs/state.md).
class GameDir {
  public:
    // A game folder at dir (it need not exist yet).
    explicit GameDir(std::filesystem::path dir) : dir_(std::move(dir)) {}
    // The folder itself.
    const std::filesystem::path& dir() const { return dir_; }
    // game.toml: pack, seed and secrets.
    std::filesystem::path game_file() const { return dir_ / "game.toml"; }
    // scenario.toml: the scenario the game was created from, verbatim.
    std::filesystem::path scenario_file() const { return dir_ / "scenario.toml"; }
    // rules/: the copy of the pack (and the packs it extends) the game runs on.
    std::filesystem::path rules_dir() const { return dir_ / "rules"; }
    // turns/NNNN: everything written when turn N was completed.
    std::filesystem::path turn_dir(int turn) const;
    // turns/NNNN/state.toml.
    std::filesystem::path state_file(int turn) const { return turn_dir(turn) / "state.toml"; }
    // orders/NNNN: turnsheets received for turn N.
    std::filesystem::path orders_dir(int turn) const;
    // The highest complete turn, or nullopt if there is none.
    std::optional<int> latest_turn() const;

  private:
    std::filesystem::path dir_;
};

// A game loaded from its folder.
struct LoadedGame {
    GameInfo info;
    Pack pack;
    GameState state;
    // The parsed state file, freed with the game rather than while loading it (a `run` leaves
    // it to the operating system).
    std::shared_ptr<ParsedStateFile> parsed_state;
};

// Creates a game folder with turn 0; refuses an existing non-empty folder. The folder is
// built under a temporary name (NAME.creating-PID) and renamed into place, so it is either
// complete or absent; of two commands creating one folder at once, the later gets an
// InputError. Temporary folders left by killed commands are removed first. turn_files are
// paths relative to the turn folder, game_files relative to the game folder. game.toml gets a
// GM secret drawn from the seed (like the empires' secrets).
void write_new_game(const GameDir& dir, const Scenario& scenario, const Pack& pack,
                    const GameState& state,
                    const std::map<std::string, std::string>& turn_files = {},
                    const std::map<std::string, std::string>& game_files = {});

// Loads turns/NNNN/state.toml against a schema (its state rules unchecked), refusing a state
// whose `turn` is not NNNN; throws InputError with file:line:col on any problem.
GameState load_turn_state(const GameDir& dir, int turn,
                          const std::shared_ptr<const Schema>& schema);

// Reads game.toml; throws InputError with file:line:col on any problem.
GameInfo read_game_info(const GameDir& dir);

// Whether load_game checks the pack's state_rules.lua on the state it read, or leaves that to
// the caller (which checks it in the Lua state it makes anyway, game/state_rules.hpp).
enum class StateRulesCheck { on_load, by_caller };

// Loads game.toml, the game's pack copy and the state after turn (latest if unset), calling
// on_pack (if set) with the pack before the state is read: `hyperlane run` starts compiling the
// pack's scripts there. Throws InputError with file:line:col on any problem.
LoadedGame load_game(const GameDir& dir, std::optional<int> turn = std::nullopt,
                     StateRulesCheck check = StateRulesCheck::on_load,
                     const std::function<void(const Pack&)>& on_pack = {});

// The same into `g`, whose pack and state stay where they are: on_pack may bind objects to
// g.pack and to g.state (still empty then, filled in place afterwards), as `hyperlane run` makes
// its Lua states while the state file is parsed.
void load_game_into(LoadedGame& g, const GameDir& dir, std::optional<int> turn,
                    StateRulesCheck check, const std::function<void(const Pack&)>& on_pack);

// The text of game.toml for a game.
std::string game_info_to_toml(const GameInfo& info);

}  // namespace hl
