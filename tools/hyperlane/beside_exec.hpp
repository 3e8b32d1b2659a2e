#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace hl::cli {

// The file named `program` in the folder of the running program (/proc/self/exe, symbolic
// links resolved); throws std::runtime_error if the running program cannot be found.
std::filesystem::path path_beside_self(const std::string& program);

// Runs `path` in this process's place with `args` (args[0] is its argv[0]), or prints why not,
// naming `path` and the `command` the user ran, and returns kExitInternal.
int exec_in_place(const std::filesystem::path& path, const std::vector<std::string>& args,
                  const std::string& command);

}  // namespace hl::cli
