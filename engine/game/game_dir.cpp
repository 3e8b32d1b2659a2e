#include "game/game_dir.hpp"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <future>

#include <fmt/format.h>

#include "core/phase_clock.hpp"
#include "game/read_lock.hpp"
#include "game/state_rules.hpp"
#include "io/atomic_file.hpp"
#include "io/batch_write.hpp"
#include "io/bounded_read.hpp"
#include "io/file_error.hpp"
#include "io/folder_below.hpp"
#include "io/os_random.hpp"
#include "io/state_io.hpp"
#include "io/test_hooks.hpp"
#include "io/toml_doc.hpp"

namespace fs = std::filesystem;

namespace hl {

fs::path GameDir::turn_dir(int turn) const {
    return dir_ / "turns" / fmt::format("{:04d}", turn);
}

fs::path GameDir::orders_dir(int turn) const {
    return dir_ / "orders" / fmt::format("{:04d}", turn);
}

std::optional<int> GameDir::latest_turn() const {
    std::optional<int> best;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir_ / "turns", ec)) {
        std::string name = entry.path().filename().string();
        if (name.size() != 4 || name.find_first_not_of("0123456789") != std::string::npos) continue;
        if (!fs::exists(entry.path() / "state.toml")) continue;
        int t = std::stoi(name);
        if (!best || t > *best) best = t;
    }
    return best;
}

std::string game_info_to_toml(const GameInfo& info) {
    std::string o;
    o += "# Hyperlane game. The GM's file: it holds the players' secrets.\n";
    o += "[game]\n";
    o += fmt::format("name = {}\n", toml_quote(info.name));
    o += fmt::format("gm = {}\n", toml_quote(info.gm));
    if (!info.gm_address.empty())
        o += fmt::format("gm_address = {}\n", toml_quote(info.gm_address));
    o += fmt::format("pack = {}\n", toml_quote(info.pack));
    o += fmt::format("pack_version = {}\n", toml_quote(info.pack_version));
    o += fmt::format("seed = {}\n", info.seed);
    o += "\n# Each empire's secret, checked on every turnsheet; GM: the GM's secret for the web "
         "pages.\n[secrets]\n";
    for (const auto& [code, secret] : info.secrets)
        o += fmt::format("{} = {}\n", code, toml_quote(secret));
    return o;
}

namespace {

// Copies the files of `from` (a rules pack) into `to` below `root`, a game folder being made;
// like every file of a game folder, the copies are the owner's only.
void copy_tree(const fs::path& from, const fs::path& root, const fs::path& to) {
    make_folders_below(root, to);
    std::vector<fs::path> files;
    for (auto it = fs::recursive_directory_iterator(from); it != fs::recursive_directory_iterator();
         ++it) {
        std::string name = it->path().filename().string();
        // Hidden files, and the pack's tests (a game runs the rules, not their tests).
        if ((!name.empty() && name[0] == '.') ||
            (it.depth() == 0 && it->is_directory() && name == kPackTestsFolder)) {
            if (it->is_directory()) it.disable_recursion_pending();
            continue;
        }
        if (it->is_regular_file()) files.push_back(it->path());
    }
    for (const auto& f : files)
        write_file_unsynced_below(
            root, to / f.lexically_relative(from),
            read_input(f, f.generic_string(), kMaxPackFileBytes, "file of a rules pack"));
}

// Removes the NAME.creating-PID folders a `new` into target left when it was killed: those of
// processes that no longer run.
void remove_stale_creating(const fs::path& target) {
    std::string prefix = target.filename().string() + ".creating-";
    std::error_code ec;
    std::vector<fs::path> stale;
    for (const auto& entry : fs::directory_iterator(target.parent_path(), ec)) {
        std::string name = entry.path().filename().string();
        if (!name.starts_with(prefix)) continue;
        std::string digits = name.substr(prefix.size());
        if (digits.empty() || digits.size() > 9 ||
            digits.find_first_not_of("0123456789") != std::string::npos)
            continue;
        auto pid = static_cast<pid_t>(std::stol(digits));
        if (pid == ::getpid() || ::kill(pid, 0) == 0 || errno == EPERM) continue;  // still running
        stale.push_back(entry.path());
    }
    for (const fs::path& p : stale)
        fs::remove_all(p, ec);
}

GameInfo read_game_info_file(const fs::path& file) {
    Diagnostics diags;
    ReadOutcome read = read_limited(file, kMaxGameFileBytes, "game file");
    if (!read.text)
        throw InputError(
            {file.generic_string(), 0, 0},
            read.too_large ? read.problem : "cannot read game.toml: is this a game folder?");
    const std::string& text = *read.text;
    TomlDoc doc = TomlDoc::from_text(text, file.generic_string(), diags);
    GameInfo info;
    if (doc.ok()) {
        TomlView root = doc.root();
        if (auto g = root.table("game", true)) {
            info.name = g->string("name").value_or("");
            info.gm = g->string("gm").value_or("");
            info.gm_address = g->string("gm_address").value_or("");
            info.pack = g->string("pack", true).value_or("");
            info.pack_version = g->string("pack_version", true).value_or("");
            info.seed = static_cast<std::uint64_t>(g->integer("seed", true, 0).value_or(0));
        }
        if (auto s = root.table("secrets", true))
            for (const auto& k : s->keys())
                if (auto v = s->string(k)) info.secrets[k] = *v;
        doc.report_unknown_keys();
    }
    if (diags.has_errors()) throw InputError(diags);
    return info;
}

// Refuses a state file of turns/NNNN whose `turn` is not NNNN: a hand edit that would make `run`
// play some other turn next.
void check_state_turn(ParsedStateFile& parsed, const GameState& state, int turn) {
    if (state.turn == turn) return;
    Diagnostics bad;
    bad.error(parsed.doc->root().pos("turn"),
              fmt::format("turn: {}, but this is the state after turn {} (turns/{:04d}); the "
                          "turn of turns/NNNN/state.toml must be NNNN",
                          state.turn, turn, turn));
    throw InputError(std::move(bad));
}

}  // namespace

GameState load_turn_state(const GameDir& dir, int turn,
                          const std::shared_ptr<const Schema>& schema) {
    ParsedStateFile parsed = parse_state_file(dir.state_file(turn));
    GameState st = load_state(parsed, schema);
    check_state_turn(parsed, st, turn);
    return st;
}

GameInfo read_game_info(const GameDir& dir) {
    return read_game_info_file(dir.game_file());
}

void write_new_game(const GameDir& dir, const Scenario& scenario, const Pack& pack,
                    const GameState& state, const std::map<std::string, std::string>& turn_files,
                    const std::map<std::string, std::string>& game_files) {
    std::error_code ec;
    if (fs::exists(dir.dir()) && !fs::is_empty(dir.dir(), ec))
        throw InputError({dir.dir().generic_string(), 0, 0},
                         "folder already exists and is not empty; choose a new folder for the "
                         "game (nothing was written)");
    if (std::any_of(state.empires.begin(), state.empires.end(),
                    [](const Empire& e) { return e.code == kGmSecretKey; }))
        throw InputError({scenario.file, 0, 0},
                         fmt::format("empire code {}: kept for the GM's secret and sign-in; give "
                                     "the empire another code (nothing was written)",
                                     kGmSecretKey));
    fs::path target = fs::absolute(dir.dir()).lexically_normal();
    if (target.filename().empty()) target = target.parent_path();
    remove_stale_creating(target);
    fs::path tmp = target;
    tmp += fmt::format(".creating-{}", ::getpid());
    fs::remove_all(tmp, ec);
    fs::create_directories(target.parent_path(), ec);
    // Only the GM reads a game folder (game.toml holds every secret), whatever the umask.
    if (::mkdir(tmp.c_str(), kPrivateFolderMode) != 0 ||
        ::chmod(tmp.c_str(), kPrivateFolderMode) != 0)
        throw FileError(tmp, "create the folder", errno);
    try {
        GameDir t(tmp);
        make_folders_below(tmp, t.turn_dir(state.turn));
        make_folders_below(tmp, t.orders_dir(state.turn + 1));
        for (const PackLayer& layer : pack.layers())
            copy_tree(layer.dir, tmp, t.rules_dir() / layer.id);
        GameInfo info;
        info.name = scenario.name;
        info.gm = scenario.gm;
        info.gm_address = scenario.gm_address;
        info.pack = pack.top().id;
        info.pack_version = pack.top().version;
        info.seed = state.seed;
        for (const Empire& e : state.empires)
            info.secrets[e.code] = e.secret;
        info.secrets[kGmSecretKey] = new_secret();
        write_file_atomic_below(tmp, t.game_file(), game_info_to_toml(info));
        for (const auto& [rel, text] : game_files)
            write_file_atomic_below(tmp, tmp / rel, text);
        write_file_atomic_below(tmp, t.scenario_file(), scenario.text);
        for (const auto& [rel, text] : turn_files)
            write_file_atomic_below(tmp, t.turn_dir(state.turn) / rel, text);
        save_state_below(tmp, t.state_file(state.turn), state);
        // One flush for every file (the pack's copies too) before the folder is renamed into place.
        sync_filesystem(tmp);
        // rename(2) replaces an empty folder and refuses a folder with files: another `new`
        // into the same folder that finished first wins, and this one changes nothing.
        if (::rename(tmp.c_str(), target.c_str()) != 0) {
            int err = errno;
            if (err == ENOTEMPTY || err == EEXIST || err == ENOTDIR)
                throw InputError({dir.dir().generic_string(), 0, 0},
                                 "the folder was filled while the game was being created "
                                 "(another `hyperlane new` into it?); nothing was written");
            throw FileError(target, "rename the new game into place", err);
        }
        sync_dir(target.parent_path());
    } catch (...) {
        fs::remove_all(tmp, ec);
        throw;
    }
}

LoadedGame load_game(const GameDir& dir, std::optional<int> turn, StateRulesCheck check,
                     const std::function<void(const Pack&)>& on_pack) {
    LoadedGame g;
    load_game_into(g, dir, turn, check, on_pack);
    return g;
}

void load_game_into(LoadedGame& g, const GameDir& dir, std::optional<int> turn,
                    StateRulesCheck check, const std::function<void(const Pack&)>& on_pack) {
    // The latest turn stays the latest, and in place, until the game is read.
    GameReadLock reading(dir);
    g.info = read_game_info(dir);
    // The state file is parsed on a thread of its own while the pack loads (parsing needs no
    // pack); problems are still reported in the same order, the pack's first.
    if (!turn) turn = dir.latest_turn();
    pause_point("reader-chose-turn");
    const fs::path file = turn ? dir.state_file(*turn) : fs::path();
    std::future<ParsedStateFile> parsed;
    if (turn && fs::exists(file))
        parsed = std::async(std::launch::async, [file] { return parse_state_file(file); });
    Diagnostics diags;
    fs::path pack_dir = dir.rules_dir() / g.info.pack;
    g.pack = Pack::load(pack_dir, diags);
    mark_phase("pack loaded");
    if (diags.has_errors()) throw InputError(diags);
    if (on_pack) on_pack(g.pack);
    if (!turn)
        throw InputError({dir.dir().generic_string(), 0, 0},
                         "no complete turn in this game folder (turns/NNNN/state.toml)");
    if (!parsed.valid())
        throw InputError({file.generic_string(), 0, 0},
                         fmt::format("turn {} has no state file", *turn));
    g.parsed_state = std::make_shared<ParsedStateFile>(parsed.get());
    mark_phase("state file parsed");
    g.state = load_state(*g.parsed_state, g.pack.schema());
    check_state_turn(*g.parsed_state, g.state, *turn);
    if (check == StateRulesCheck::on_load) {
        Diagnostics rules = check_state_rules(g.pack, g.state, file.generic_string());
        if (rules.has_errors()) throw InputError(std::move(rules));
    }
    for (Empire& e : g.state.empires) {
        auto it = g.info.secrets.find(e.code);
        if (it == g.info.secrets.end())
            throw InputError({dir.game_file().generic_string(), 0, 0},
                             fmt::format("secrets: no secret for empire {}", e.code));
        e.secret = it->second;
    }
}

}  // namespace hl
