#include "cli_support.hpp"

#include <unistd.h>

#include <cstdio>

#include <fmt/format.h>

#include "io/bounded_read.hpp"

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
    auto dir = resolve_pack(spec, default_rules_root());
    if (!dir)
        throw InputError({spec, 0, 0},
                         fmt::format("no rules pack '{}' (looked for {}/pack.toml "
                                     "and {}/{}/pack.toml)",
                                     spec, spec, default_rules_root().generic_string(), spec));
    Diagnostics diags;
    Pack pack = Pack::load(*dir, diags);
    if (diags.has_errors()) throw InputError(diags);
    return pack;
}

fs::path resolve_scenario(const std::string& spec) {
    fs::path direct(spec);
    if (fs::exists(direct)) return direct;
#ifdef HYPERLANE_SCENARIOS_DIR
    fs::path named = fs::path(HYPERLANE_SCENARIOS_DIR) / (spec + ".toml");
    if (fs::exists(named)) return named;
    fs::path plain = fs::path(HYPERLANE_SCENARIOS_DIR) / spec;
    if (fs::exists(plain)) return plain;
#endif
    throw InputError({spec, 0, 0}, "no such scenario file");
}

void print_diagnostics(const Diagnostics& diags) {
    for (const auto& d : diags.all())
        std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
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

}  // namespace hl::cli
