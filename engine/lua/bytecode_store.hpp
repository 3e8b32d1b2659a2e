#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

#include "pack/script_source.hpp"

namespace hl {

// The folder compiled scripts are kept in between processes: HYPERLANE_CACHE_DIR if set (empty:
// none), else $XDG_CACHE_HOME/hyperlane, else $HOME/.cache/hyperlane; nullopt if there is none.
std::optional<std::filesystem::path> bytecode_store_dir();

// What the compiled form of these sources depends on: their chunk names and texts, this program
// and the LuaJIT library it runs (size and modification time of each file), so that a rebuilt
// program, an updated LuaJIT or a changed script never reads bytecode made for another.
std::uint64_t bytecode_store_key(const std::vector<ScriptSource>& sources);

// Fills the process's cache of compiled scripts (lua/precompile.hpp) from the store file of
// `key` in `dir`, for the sources it holds: true if the file was there and whole (a checksum
// covers it), false otherwise (then nothing is read).
bool read_bytecode_store(const std::filesystem::path& dir, std::uint64_t key,
                         const std::vector<ScriptSource>& sources);

// Writes the compiled forms the process's cache holds for `sources` to the store file of `key`
// (through a temporary file and a rename, readable by the user only), and removes all but the
// newest few store files. Failures are ignored: the store only saves time.
void write_bytecode_store(const std::filesystem::path& dir, std::uint64_t key,
                          const std::vector<ScriptSource>& sources);

}  // namespace hl
