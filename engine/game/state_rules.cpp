#include "game/state_rules.hpp"

#include "lua/pack_state_rules.hpp"
#include "lua/runtime.hpp"

namespace hl {

Diagnostics check_state_rules(const Pack& pack, const GameState& state,
                              const std::string& shown_name) {
    Diagnostics d;
    if (!pack.script("state_rules")) return d;
    Runtime rt(pack, state);  // read only: a check never changes the state
    for (const std::string& problem : pack_state_problems(rt))
        d.error({shown_name, 0, 0}, problem);
    return d;
}

}  // namespace hl
