#include "cli_support.hpp"

#include <unistd.h>

#include <cstdio>
#include <vector>

#include <fmt/format.h>

#include "game/game_dir.hpp"
#include "host/roster.hpp"
#include "io/bounded_read.hpp"
#include "io/file_error.hpp"
#include "pack/rules_roots.hpp"

namespace fs = std::filesystem;

namespace hl::cli {

CLI::Validator seed_validator() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            bool digits = !text.empty() && text.size() <= 19 &&
                          text.find_first_not_of("0123456789") == std::string::npos;
            if (digits && std::stoull(text) <= kMaxSeed) return {};
            return fmt::format("'{}' is not a seed: write a whole number from 0 to {}", text,
                               kMaxSeed);
        },
        "SEED");
}

CLI::Validator turn_range(int first) {
    return CLI::Range(first, kMaxTurn);
}

Pack load_pack_or_throw(const std::string& spec) {
    const std::vector<fs::path> roots = rules_roots();
    auto dir = find_pack(spec, roots);
    if (!dir) {
        std::string looked = spec + "/pack.toml";
        for (const fs::path& root : roots)
            looked += " and " + (root / spec / "pack.toml").generic_string();
        throw InputError({spec, 0, 0},
                         fmt::format("no rules pack '{}' (looked for {})", spec, looked));
    }
    Diagnostics diags;
    Pack pack = Pack::load(*dir, diags);
    if (diags.has_errors()) throw InputError(diags);
    return pack;
}

fs::path resolve_scenario(const std::string& spec) {
    fs::path direct(spec);
    if (fs::exists(direct)) return direct;
    // By name: in the scenarios folder beside the rules packs (HYPERLANE_RULES moves both, as
    // a copied installation keeps rules/ and scenarios/ side by side; an installed program's
    // are PREFIX/share/hyperlane/rules and scenarios), then, for a program that is not
    // installed, in the source tree's it was built from.
    fs::path rules = default_rules_root();
    if (rules.filename().empty()) rules = rules.parent_path();  // "/x/rules/"
    std::vector<fs::path> folders{rules.parent_path() / "scenarios"};
#ifdef HYPERLANE_SCENARIOS_DIR
    if (installed_rules_root().empty() && fs::path(HYPERLANE_SCENARIOS_DIR) != folders.front())
        folders.emplace_back(HYPERLANE_SCENARIOS_DIR);
#endif
    std::string looked;
    for (const fs::path& folder : folders) {
        for (const fs::path& candidate : {folder / (spec + ".toml"), folder / spec})
            if (fs::is_regular_file(candidate)) return candidate;
        looked += (looked.empty() ? "" : " and ") + (folder / (spec + ".toml")).generic_string();
    }
    throw InputError({spec, 0, 0}, fmt::format("no such scenario file (looked for {})", looked));
}

void print_diagnostics(const Diagnostics& diags) {
    for (const auto& d : diags.all())
        std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
}

Diagnostics write_failure(const std::string& file, const std::string& problem,
                          const std::string& game, const std::string& after) {
    Diagnostics d;
    d.error({file, 0, 0}, problem);
    if (!after.empty()) d.error({game, 0, 0}, after);
    return d;
}

int guard_writes(const std::string& game, const std::function<int()>& body,
                 const std::function<std::string()>& after) {
    try {
        return body();
    } catch (const FileError& e) {
        throw InputError(write_failure(e.file(), e.problem(), game, after()));
    } catch (const fs::filesystem_error& e) {
        throw InputError(write_failure(e.path1().generic_string(),
                                       fmt::format("cannot change it: {}", e.code().message()),
                                       game, after()));
    }
}

std::string game_still_at(const fs::path& dir, const std::string& not_done, bool still) {
    std::optional<int> latest = GameDir(dir).latest_turn();
    std::string at = latest
                         ? fmt::format("the game is {}at turn {}", still ? "still " : "", *latest)
                         : std::string("the game folder has no complete turn");
    return fmt::format("{}; {} (free some space or fix the permissions, then try again)", not_done,
                       at);
}

void add_wait_option(CLI::App* sub, int& seconds) {
    sub->add_option("--wait", seconds,
                    "Seconds to wait while another command holds the game (default 0: refuse at "
                    "once)")
        ->check(CLI::Range(0, 86400));
}

std::string read_sheet_or_throw(const std::string& file) {
    if (file == "-") {
        ReadOutcome r = read_fd_limited(STDIN_FILENO, kMaxTurnsheetBytes, "turnsheet");
        if (!r.text) throw InputError({file, 0, 0}, r.problem);
        return std::move(*r.text);
    }
    std::error_code ec;
    if (fs::is_directory(file, ec))
        throw InputError({file, 0, 0}, "this is a folder, not a turnsheet file");
    return read_input(file, file, kMaxTurnsheetBytes, "turnsheet file");
}

std::string read_scenario_or_throw(const fs::path& path) {
    return read_input(path, path.generic_string(), kMaxScenarioBytes, "scenario file");
}

void check_gm_name(const std::string& name, const std::string& option) {
    if (std::string why = check_player_name(name); !why.empty())
        throw InputError({option, 0, 0}, why + " (nothing was written)");
}

void check_gm_address(const std::string& address, const std::string& option) {
    if (!address.empty() && !valid_email(address))
        throw InputError({option, 0, 0},
                         fmt::format("'{}' is not a plain mail address (local@domain); nothing "
                                     "was written",
                                     address));
}

}  // namespace hl::cli
