#include "cli_support.hpp"

#include <cstdio>
#include <iostream>
#include <iterator>

#include <fmt/format.h>

#include "io/atomic_file.hpp"

namespace fs = std::filesystem;

namespace hl::cli {

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
    if (file == "-")
        return std::string(std::istreambuf_iterator<char>(std::cin),
                           std::istreambuf_iterator<char>());
    std::error_code ec;
    if (fs::is_directory(file, ec))
        throw InputError({file, 0, 0}, "this is a folder, not a turnsheet file");
    try {
        return read_file(file);
    } catch (const std::exception&) {
        throw InputError({file, 0, 0}, "cannot read the turnsheet file");
    }
}

}  // namespace hl::cli
