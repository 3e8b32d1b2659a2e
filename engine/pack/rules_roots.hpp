#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace hl {

// The folders searched for packs by id, first to last: $HYPERLANE_RULES if set, then the
// installed PREFIX/share/hyperlane/rules beside the program's PREFIX/bin, or, for a program
// that is not installed, the rules folder compiled into it (the source tree's rules/).
std::vector<std::filesystem::path> rules_roots();

// The rules an installed program uses, PREFIX/share/hyperlane/rules beside its PREFIX/bin (the
// layout `cmake --install` writes), or an empty path when the running program is not installed.
std::filesystem::path installed_rules_root();

// The rules folders as messages show them: "a, then b".
std::string shown_roots(const std::vector<std::filesystem::path>& roots);

// Finds a pack by a path or an id under the first of `roots` that holds it; nullopt if none
// has pack.toml.
std::optional<std::filesystem::path> find_pack(const std::string& spec,
                                               const std::vector<std::filesystem::path>& roots);

// The pack a scenario file's `rules =` names, as a spec for find_pack: a relative folder is
// taken from the scenario file's folder (whatever the working folder), an absolute one as it
// is, and a spec that is no such folder but an id in `roots` stays that id.
std::string scenario_pack_spec(const std::string& spec, const std::filesystem::path& scenario_file,
                               const std::vector<std::filesystem::path>& roots);

}  // namespace hl
