#include "pack/rules_roots.hpp"

#include <cstdlib>

#include "pack/pack.hpp"

namespace hl {

namespace fs = std::filesystem;

fs::path installed_rules_root() {
    std::error_code ec;
    const fs::path self = fs::canonical("/proc/self/exe", ec);
    if (ec) return {};
    fs::path rules = self.parent_path().parent_path() / "share" / "hyperlane" / "rules";
    return fs::is_directory(rules, ec) ? rules : fs::path();
}

std::vector<fs::path> rules_roots() {
    std::vector<fs::path> roots;
    if (const char* env = std::getenv("HYPERLANE_RULES"); env && *env) roots.emplace_back(env);
    // An installed program never falls back to the source tree it was built from: that tree
    // may be gone, or hold other versions of the packs.
    fs::path built_in = installed_rules_root();
#ifdef HYPERLANE_RULES_DIR
    if (built_in.empty()) built_in = HYPERLANE_RULES_DIR;
#else
    if (built_in.empty()) built_in = "rules";
#endif
    std::error_code ec;
    if (roots.empty() || !fs::equivalent(roots.front(), built_in, ec)) roots.push_back(built_in);
    return roots;
}

std::string shown_roots(const std::vector<fs::path>& roots) {
    std::string out;
    for (const fs::path& r : roots)
        out += (out.empty() ? "" : ", then ") + shown_path(r);
    return out;
}

std::optional<fs::path> find_pack(const std::string& spec, const std::vector<fs::path>& roots) {
    fs::path direct(spec);
    if (fs::exists(direct / "pack.toml")) return direct;
    for (const fs::path& root : roots)
        if (fs::exists(root / spec / "pack.toml")) return root / spec;
    return std::nullopt;
}

std::string scenario_pack_spec(const std::string& spec, const fs::path& scenario_file,
                               const std::vector<fs::path>& roots) {
    const fs::path p(spec);
    if (spec.empty() || p.is_absolute()) return spec;
    const fs::path near = (scenario_file.parent_path() / p).lexically_normal();
    if (fs::exists(near / "pack.toml")) return near.generic_string();
    for (const fs::path& root : roots)
        if (fs::exists(root / spec / "pack.toml")) return spec;
    return near.generic_string();
}

}  // namespace hl
