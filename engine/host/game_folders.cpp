#include "host/game_folders.hpp"

#include <algorithm>
#include <string>

#include "core/diagnostics.hpp"
#include "game/game_dir.hpp"

namespace fs = std::filesystem;

namespace hl {

std::vector<fs::path> game_folders_in(const fs::path& dir) {
    std::error_code ec;
    std::vector<fs::path> found;
    fs::directory_iterator it(dir, ec);
    if (ec)
        throw InputError({dir.generic_string(), 0, 0},
                         "cannot read the folder of games: " + ec.message());
    for (; it != fs::directory_iterator(); it.increment(ec)) {
        if (ec) break;
        const std::string name = it->path().filename().string();
        if (name.empty() || name[0] == '.' || name.find(".creating-") != std::string::npos)
            continue;
        if (it->is_directory(ec) && fs::is_regular_file(GameDir(it->path()).game_file(), ec))
            found.push_back(it->path());
    }
    if (ec)
        throw InputError({dir.generic_string(), 0, 0},
                         "cannot read the folder of games: " + ec.message());
    std::sort(found.begin(), found.end());
    return found;
}

}  // namespace hl
