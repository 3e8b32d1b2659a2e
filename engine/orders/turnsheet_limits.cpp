#include "orders/turnsheet_limits.hpp"

#include <algorithm>

#include "pack/pack.hpp"

namespace hl {

std::string probe_tech_code(const Pack& pack) {
    const toml::node* n = pack.constant("game.probe_tech");
    if (!n) return {};
    return n->value_exact<std::string>().value_or("");
}

TurnsheetLimits turnsheet_limits(const Pack& pack) {
    TurnsheetLimits l;
    auto get = [&](const char* path, int fallback) {
        std::int64_t v = pack.const_int(path, fallback);
        return static_cast<int>(v < 0 ? 0 : v > 9999 ? 9999 : v);
    };
    l.actions_per_turn = get("game.actions_per_turn", l.actions_per_turn);
    l.naming_lines = get("game.naming_lines", l.naming_lines);
    l.name_max_length = get("game.name_max_length", l.name_max_length);
    l.message_max_length = get("game.message_max_length", l.message_max_length);
    std::string pt = probe_tech_code(pack);
    if (const TechDef* def = pack.tech(pt); def && def->cap)
        l.max_probe_boxes = std::clamp(*def->cap, 0, 99);
    l.codes = pack.schema()->map.codes;
    l.empire_codes = pack.schema()->empire_codes;
    return l;
}

}  // namespace hl
