#include "host/secret_change.hpp"

#include <fmt/format.h>

#include "core/diagnostics.hpp"
#include "game/turn_store.hpp"
#include "io/atomic_file.hpp"
#include "io/os_random.hpp"

namespace hl {

std::map<std::string, std::string> renew_secrets(const GameDir& dir,
                                                 const std::vector<std::string>& who) {
    const std::string where = dir.dir().generic_string();
    if (who.empty())
        throw InputError({where, 0, 0}, "say whose secrets to renew: empire codes, GM, or all");
    GameLock lock(dir);
    GameInfo info = read_game_info(dir);
    std::map<std::string, std::string> renewed;
    Diagnostics unknown;
    for (const std::string& name : who) {
        if (name == "all" || name == "ALL") {
            for (const auto& [code, secret] : info.secrets)
                renewed[code];
            renewed[kGmSecretKey];
        } else if (info.secrets.count(name) || name == kGmSecretKey) {
            renewed[name];
        } else {
            unknown.error({dir.game_file().generic_string(), 0, 0},
                          fmt::format("'{}' is not an empire of this game (nor GM, nor all); "
                                      "nothing was changed",
                                      name));
        }
    }
    if (unknown.has_errors()) throw InputError(unknown);
    for (auto& [code, secret] : renewed) {
        secret = new_secret();
        info.secrets[code] = secret;
    }
    write_file_atomic_below(dir.dir(), dir.game_file(), game_info_to_toml(info));
    return renewed;
}

}  // namespace hl
