#include "game/state_rules.hpp"

#include "lua/pack_state_rules.hpp"

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

Diagnostics check_state_rules(Runtime& rt, const std::string& shown_name) {
    Diagnostics d;
    if (!rt.pack().script("state_rules")) return d;
    // Read only while checking (a check never changes the state), as before afterwards even if
    // the script fails.
    struct ReadOnly {
        Runtime& rt;
        bool was;
        explicit ReadOnly(Runtime& r) : rt(r), was(r.read_only()) { rt.set_read_only(true); }
        ~ReadOnly() { rt.set_read_only(was); }
        ReadOnly(const ReadOnly&) = delete;
        ReadOnly& operator=(const ReadOnly&) = delete;
    } read_only(rt);
    for (const std::string& problem : pack_state_problems(rt))
        d.error({shown_name, 0, 0}, problem);
    return d;
}

}  // namespace hl
